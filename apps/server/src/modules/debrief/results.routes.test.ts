import { getProfileHistory, type HistoryEntry } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';

const FLAG = 'RAMPART{h1st0ry}';

describe(`a player's history and mission results (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let chapterUuid: string;
  let missionUuid: string;
  let flagUuid: string;
  const clock = testClock();

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const historyOf = async (player: TestBrowser) => {
    const response = await player.get('/api/profile/history');
    expect(response.statusCode, response.body).toBe(200);
    return getProfileHistory.responses[200].parse(response.json());
  };

  /** The player's best score and result on the mission, as the chapter page shows them. */
  const chapterResult = async (player: TestBrowser) => {
    const response = await player.get(`/api/chapters/${chapterUuid}`);
    expect(response.statusCode, response.body).toBe(200);
    const mission = response
      .json()
      .chapter.missions.find((m: { uuid: string }) => m.uuid === missionUuid);
    return { bestScore: mission.bestScore, result: mission.result };
  };

  /** A game of two one-player teams where the first team solves the flag (or not). */
  const game = async (players: TestBrowser[], solve: boolean, durationMinutes = 30) => {
    const played = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: async () => players.shift()!,
      clock,
      teams: 2,
      settings: { durationMinutes },
    });
    if (solve) {
      const solved = await played.members[0]![0]!.post(
        `/api/sessions/${played.uuid}/objectives/${flagUuid}/answers`,
        { answer: FLAG },
      );
      expect(solved.statusCode, solved.body).toBe(200);
    }
    return played;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      visibility: 'open',
      missions: [
        {
          objectives: [
            { type: 'flag', points: 100, flag: { accepted: [FLAG] } },
            { type: 'flag', points: 30, required: false, flag: { accepted: ['OPTIONAL'] } },
          ],
        },
      ],
    });
    chapterUuid = chapter.uuid;
    missionUuid = chapter.missions[0]!.uuid;
    flagUuid = chapter.missions[0]!.objectives[0]!.uuid;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists the teams and the sessions played to the end, with score, rank and result', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const played = await game([alice, bob], true);
    // While it runs: a team, but no history yet.
    expect((await historyOf(alice)).history).toEqual([]);
    expect((await historyOf(alice)).teams.map((team) => team.session.status)).toEqual(['running']);

    await trainer.post(`/api/trainer/sessions/${played.uuid}/stop`);
    const { teams, history } = await historyOf(alice);
    expect(teams.map((team) => team.uuid)).toEqual([played.teamUuids[0]]);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject<Partial<HistoryEntry>>({
      sessionUuid: played.uuid,
      status: 'stopped',
      team: { uuid: played.teamUuids[0]!, name: expect.any(String) },
      score: 100,
      rank: 1,
      teams: 2,
      result: 'success',
    });
    // Won (no first-blood bonus in this session; the optional objective left unsolved).
    expect(history[0]!.awards).toEqual([{ kind: 'winner', count: 1 }]);
    expect((await historyOf(bob)).history[0]).toMatchObject({
      score: 0,
      rank: 2,
      result: 'failure',
      awards: [],
    });
  });

  it('keeps each player’s best score and result per mission, shown on the chapter page', async () => {
    const carol = await signedIn();
    expect(await chapterResult(carol)).toEqual({ bestScore: null, result: null });

    // A first game won, ended by its clock: no read of the stats or the history in between.
    const first = await game([carol, await signedIn()], true, 5);
    clock.advance(5 * 60_000 + 1000);
    expect(await chapterResult(carol)).toEqual({ bestScore: 100, result: 'success' });

    // A second game, lost with fewer points: the best stays.
    const second = await game([carol, await signedIn()], false, 5);
    await trainer.post(`/api/trainer/sessions/${second.uuid}/stop`);
    expect(await chapterResult(carol)).toEqual({ bestScore: 100, result: 'success' });
    expect((await historyOf(carol)).history.map((entry) => entry.sessionUuid)).toEqual([
      second.uuid,
      first.uuid,
    ]);
  });

  it('counts a session once, however many pages read it at the same time', async () => {
    const dave = await signedIn();
    const played = await game([dave, await signedIn()], true);
    await trainer.post(`/api/trainer/sessions/${played.uuid}/stop`);
    const reads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0 ? dave.get('/api/profile/history') : dave.get(`/api/chapters/${chapterUuid}`),
      ),
    );
    for (const read of reads) expect(read.statusCode, read.body).toBe(200);
    const rows = await database.db
      .selectFrom('mission_player_result')
      .selectAll()
      .where('account_id', '=', dave.account.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ best_score: 100, result: 'success' });
    const settled = await database.db
      .selectFrom('gaming_session_player')
      .select('settled_at')
      .where('account_id', '=', dave.account.id)
      .execute();
    expect(settled.every((row) => row.settled_at !== null)).toBe(true);
  });
});
