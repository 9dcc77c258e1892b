import { randomUUID } from 'node:crypto';
import {
  getProfileHistory,
  rankingCsvColumns,
  sessionExportSchema,
  sessionStatsSchema,
  submissionsCsvColumns,
  type SessionStats,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { parseCsv } from '../identity/players-csv.js';

const FLAG = 'RAMPART{d3br13f}';

describe(`a session's statistics and exports (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let missionUuid: string;
  let objective: Record<'flag' | 'single' | 'multiple', string>;
  const clock = testClock();

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const answer = async (
    player: TestBrowser,
    session: string,
    objectiveUuid: string,
    value: unknown,
  ) => {
    const response = await player.post(
      `/api/sessions/${session}/objectives/${objectiveUuid}/answers`,
      { answer: value },
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /**
   * A mission of its own for each game: players read a mission's answers only once no session
   * of it is open, and a game another test left running would hold them back.
   */
  const freshMission = async () => {
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              type: 'flag',
              points: 100,
              penalty: 10,
              firstBloodBonus: 20,
              flag: { accepted: [FLAG, 'rampart{d3br13f}'], caseInsensitive: false },
            },
            { type: 'single_choice', points: 50, required: false, correctChoices: ['b'] },
            { type: 'multiple_choice', points: 80, required: false, correctChoices: ['a', 'c'] },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    const [flag, single, multiple] = chapter.missions[0]!.objectives.map((o) => o.uuid);
    objective = { flag: flag!, single: single!, multiple: multiple! };
  };

  /** Three teams: A solves the flag first after a wrong try and the single choice; B the flag. */
  const playedGame = async () => {
    await freshMission();
    const game = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams: 3,
    });
    const [a, b, c] = game.members.map(([player]) => player!);
    const [teamA, teamB, teamC] = game.teamUuids;
    await answer(a!, game.uuid, objective.flag, 'nope');
    clock.advance(5_000);
    await answer(a!, game.uuid, objective.flag, FLAG);
    clock.advance(5_000);
    await answer(b!, game.uuid, objective.flag, 'rampart{d3br13f}');
    await answer(a!, game.uuid, objective.single, 'b');
    const adjusted = await trainer.post(
      `/api/trainer/sessions/${game.uuid}/teams/${teamB}/adjustments`,
      { points: 7, reason: 'Helped another team' },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    return { uuid: game.uuid, players: { a: a!, b: b!, c: c! }, teams: { teamA, teamB, teamC } };
  };

  const statsOf = async (reader: TestBrowser, path: string): Promise<SessionStats> => {
    const response = await reader.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return sessionStatsSchema.parse(response.json());
  };

  it('stays closed to players while the game goes on, without a word of the answers', async () => {
    const { uuid, players } = await playedGame();
    const early = await players.a.get(`/api/sessions/${uuid}/stats`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('debrief.session_not_over');
    expect(early.body).not.toContain(FLAG);

    // Trainers follow it live; the resolutions wait for the end there too.
    const live = await statsOf(trainer, `/api/trainer/sessions/${uuid}/stats`);
    expect(live.session.over).toBe(false);
    expect(live.objectives.every((o) => o.resolution === null)).toBe(true);
    expect(live.teams.every((team) => team.result === null)).toBe(true);
    // Badges won so far, but no winner before the end.
    expect(live.teams.map((team) => team.awards)).toEqual([
      [{ kind: 'first_blood', count: 1 }],
      [],
      [],
    ]);
    expect(JSON.stringify(live)).not.toContain(FLAG);
  });

  it('awards a speedrun to its first solver only, in the stats, the export and the history', async () => {
    const game = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams: 3,
    });
    const [a, b] = game.members.map(([player]) => player!);
    const [teamA, teamB, teamC] = game.teamUuids;
    const launched = await trainer.post(`/api/trainer/sessions/${game.uuid}/speedruns`, {
      objectiveUuid: objective.single,
      title: 'Race',
      description: '',
    });
    expect(launched.statusCode, launched.body).toBe(201);
    clock.advance(5_000);
    await answer(b!, game.uuid, objective.single, 'b');
    clock.advance(5_000);
    // A scores the speedrun's value too, but B won it.
    await answer(a!, game.uuid, objective.single, 'b');
    expect((await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`)).statusCode).toBe(200);

    const speedrunsOf = (
      teams: { uuid: string; awards: SessionStats['teams'][number]['awards'] }[],
    ) =>
      Object.fromEntries(
        teams.map((team) => [
          team.uuid,
          team.awards.find((award) => award.kind === 'speedrun')?.count ?? 0,
        ]),
      );
    const won = { [teamA!]: 0, [teamB!]: 1, [teamC!]: 0 };
    const stats = await statsOf(trainer, `/api/trainer/sessions/${game.uuid}/stats`);
    expect(speedrunsOf(stats.teams)).toEqual(won);
    expect(speedrunsOf((await statsOf(a!, `/api/sessions/${game.uuid}/stats`)).teams)).toEqual(won);
    const exported = await trainer.get(`/api/trainer/sessions/${game.uuid}/exports/session.json`);
    expect(speedrunsOf(sessionExportSchema.parse(exported.json()).stats.teams)).toEqual(won);
    for (const [player, team] of [
      [a!, teamA!],
      [b!, teamB!],
    ] as const) {
      const history = await player.get('/api/profile/history');
      expect(history.statusCode, history.body).toBe(200);
      const entry = getProfileHistory.responses[200]
        .parse(history.json())
        .history.find((played) => played.sessionUuid === game.uuid)!;
      expect(entry.awards.filter((award) => award.kind === 'speedrun')).toHaveLength(won[team]!);
    }
  });

  it('gives players the results, ranking, evolution and resolutions once it is over', async () => {
    const { uuid, players, teams } = await playedGame();
    expect((await trainer.post(`/api/trainer/sessions/${uuid}/stop`)).statusCode).toBe(200);
    const stats = await statsOf(players.a, `/api/sessions/${uuid}/stats`);

    expect(stats.session).toMatchObject({ uuid, status: 'stopped', over: true });
    expect(stats.myTeamUuid).toBe(teams.teamA);
    // A: 100 + 20 (first blood) − 10 + 50; B: 100 + 7; C: nothing.
    expect(stats.teams.map((t) => [t.uuid, t.score, t.rank, t.result])).toEqual([
      [teams.teamA, 160, 1, 'success'],
      [teams.teamB, 107, 2, 'success'],
      [teams.teamC, 0, 3, 'failure'],
    ]);
    expect(stats.teams.map((t) => t.awards)).toEqual([
      [
        { kind: 'winner', count: 1 },
        { kind: 'first_blood', count: 1 },
      ],
      [],
      [],
    ]);

    const flag = stats.objectives.find((o) => o.uuid === objective.flag)!;
    expect(flag.firstBlood?.teamUuid).toBe(teams.teamA);
    const byTeam = new Map(flag.teams.map((result) => [result.teamUuid, result]));
    expect(byTeam.get(teams.teamA!)).toMatchObject({
      solved: true,
      solvedBy: players.a.account.pseudo,
      attempts: 1,
      points: 110,
    });
    expect(byTeam.get(teams.teamB!)).toMatchObject({ solved: true, attempts: 0, points: 100 });
    expect(byTeam.has(teams.teamC!)).toBe(false);
    expect(flag.resolution).toEqual({
      flags: [FLAG, 'rampart{d3br13f}'],
      caseInsensitive: false,
      choices: null,
      explanation: null,
    });
    const multiple = stats.objectives.find((o) => o.uuid === objective.multiple)!;
    expect(multiple.resolution!.choices!.filter((c) => c.correct).map((c) => c.id)).toEqual([
      'a',
      'c',
    ]);
  });

  it('draws each team’s score line as the ledger’s running sum, point by point', async () => {
    const { uuid, teams } = await playedGame();
    expect((await trainer.post(`/api/trainer/sessions/${uuid}/stop`)).statusCode).toBe(200);
    const stats = await statsOf(trainer, `/api/trainer/sessions/${uuid}/stats`);
    for (const team of Object.values(teams)) {
      const ledger = await database.db
        .selectFrom('score_entry')
        .select('points')
        .where('team_uuid', '=', team!)
        .orderBy('id')
        .execute();
      let sum = 0;
      const expected = [0, ...ledger.map((row) => (sum += row.points))];
      const line = stats.evolution.teams.find((t) => t.teamUuid === team)!;
      expect(
        line.points.map((point) => point.score),
        team,
      ).toEqual(expected);
      // The last point is the team's score, on the session's axis.
      expect(line.points.at(-1)!.score).toBe(stats.teams.find((t) => t.uuid === team)!.score);
      for (const point of line.points) {
        expect(point.at).toBeGreaterThanOrEqual(0);
        expect(point.at).toBeLessThanOrEqual(stats.evolution.durationMs);
      }
    }
  });

  it('is refused to a player who did not join the session, and unknown sessions are 404', async () => {
    const { uuid } = await playedGame();
    await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
    const outsider = await signedIn();
    const refused = await outsider.get(`/api/sessions/${uuid}/stats`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(FLAG);
    expect((await outsider.get(`/api/sessions/${randomUUID()}/stats`)).statusCode).toBe(404);
    expect((await trainer.get(`/api/trainer/sessions/${randomUUID()}/stats`)).statusCode).toBe(404);
  });
  describe('exports', () => {
    const csvOf = async (path: string) => {
      const response = await trainer.get(path);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment/);
      const records = parseCsv(response.body);
      expect(records).not.toBeNull();
      return records!.map((record) => record.fields);
    };

    it('gives the ranking as CSV that reads back as the database has it', async () => {
      const { uuid, players, teams } = await playedGame();
      await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
      const [header, ...rows] = await csvOf(`/api/trainer/sessions/${uuid}/exports/ranking.csv`);
      expect(header).toEqual([...rankingCsvColumns]);
      const stored = await database.db
        .selectFrom('gaming_session_team')
        .select(['uuid', 'name', 'score'])
        .where('session_uuid', '=', uuid)
        .execute();
      const nameOf = new Map(stored.map((team) => [team.uuid, team.name]));
      expect(rows.map((row) => [row[0], row[1], row[2], row[5], row[6]])).toEqual([
        ['1', nameOf.get(teams.teamA!), '160', 'success', players.a.account.pseudo],
        ['2', nameOf.get(teams.teamB!), '107', 'success', players.b.account.pseudo],
        ['3', nameOf.get(teams.teamC!), '0', 'failure', players.c.account.pseudo],
      ]);
      for (const team of stored)
        expect(rows.find((row) => row[1] === team.name)![2]).toBe(String(team.score));
    });

    it('gives every submission as CSV, with what players typed kept as text, never a formula', async () => {
      const { uuid, players } = await playedGame();
      await players.c.post(`/api/sessions/${uuid}/objectives/${objective.flag}/answers`, {
        answer: '=HYPERLINK("http://evil.test","x")',
      });
      await players.c.post(`/api/sessions/${uuid}/objectives/${objective.flag}/answers`, {
        answer: 'comma, "quoted"\nand a line',
      });
      const [header, ...rows] = await csvOf(
        `/api/trainer/sessions/${uuid}/exports/submissions.csv`,
      );
      expect(header).toEqual([...submissionsCsvColumns]);
      const stored = await database.db
        .selectFrom('submission')
        .select(['id', 'answer', 'points', 'correct'])
        .where('session_uuid', '=', uuid)
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [Number(row[0]), row[5], Number(row[6])])).toEqual(
        stored.map((row) => [Number(row.id), String(row.correct), row.points]),
      );
      const answers = rows.map((row) => row[7]);
      expect(answers).toContain(`'=HYPERLINK("http://evil.test","x")`);
      expect(answers).toContain('comma, "quoted"\nand a line');
      expect(answers.some((answer) => answer!.startsWith('='))).toBe(false);
      // Correct answers are stored empty: the export carries no flag either.
      expect(JSON.stringify(rows)).not.toContain(FLAG);
    });

    it('gives the whole session as JSON matching the debrief, the submissions and the audit log', async () => {
      const { uuid } = await playedGame();
      await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
      const response = await trainer.get(`/api/trainer/sessions/${uuid}/exports/session.json`);
      expect(response.statusCode, response.body).toBe(200);
      const exported = sessionExportSchema.parse(response.json());
      const stats = await statsOf(trainer, `/api/trainer/sessions/${uuid}/stats`);
      expect(exported.stats.teams).toEqual(stats.teams);
      const stored = await database.db
        .selectFrom('submission')
        .select('id')
        .where('session_uuid', '=', uuid)
        .execute();
      expect(exported.submissions.map((s) => s.id)).toEqual(
        stored.map((row) => Number(row.id)).sort((a, b) => a - b),
      );
      expect(exported.members).toHaveLength(3);
      expect(exported.audit.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['session.started', 'score.adjusted', 'session.stopped']),
      );
    });

    it('answers 404 for an unknown session', async () => {
      for (const name of ['ranking.csv', 'submissions.csv', 'session.json'])
        expect(
          (await trainer.get(`/api/trainer/sessions/${randomUUID()}/exports/${name}`)).statusCode,
        ).toBe(404);
    });
  });
});
