import { randomUUID } from 'node:crypto';
import {
  getObjectives,
  getTrainerCockpit,
  getTrainerSessionStats,
  postUnlockHint,
  rankingSchema,
  sessionExportSchema,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';

const FLAG = 'RAMPART{h1nt5}';
const HINT_FILE_BYTES = 'Disallow: /b4ck\n';

describe(`play: hints with a price (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let secondNode: FastifyInstance;
  let trainer: TestBrowser;
  const clock = testClock();
  let chapter: BuiltChapter;
  let missionUuid: string;
  /** The flag objective with three hints (10, 30 and 0 points), a locked one with one hint. */
  let hinted: BuiltChapter['missions'][number]['objectives'][number];
  let locked: BuiltChapter['missions'][number]['objectives'][number];
  let other: BuiltChapter['missions'][number]['objectives'][number];

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const runningSession = (teams = 2, size = 1) =>
    sessionWithTeams({ trainer, missionUuid, signIn: signedIn, clock, teams, size });

  const unlockUrl = (session: string, objectiveUuid: string, hintUuid: string) =>
    `/api/sessions/${session}/objectives/${objectiveUuid}/hints/${hintUuid}/unlock`;
  const unlock = (player: TestBrowser, session: string, hint: number, objectiveUuid?: string) =>
    player.post(unlockUrl(session, objectiveUuid ?? hinted.uuid, hinted.hints[hint]!.uuid));
  const unlockOk = async (player: TestBrowser, session: string, hint: number) => {
    const response = await unlock(player, session, hint);
    expect(response.statusCode, response.body).toBe(200);
    return postUnlockHint.responses[200].parse(response.json());
  };
  const give = (session: string, team: string, hintUuid: string) =>
    trainer.post(`/api/trainer/sessions/${session}/teams/${team}/hints/${hintUuid}/unlock`);

  const hintsSeenBy = async (player: TestBrowser, session: string, objectiveUuid = hinted.uuid) => {
    const response = await player.get(`/api/sessions/${session}/objectives`);
    expect(response.statusCode, response.body).toBe(200);
    return getObjectives.responses[200]
      .parse(response.json())
      .objectives.find((objective) => objective.uuid === objectiveUuid)!.hints;
  };

  const ledgerOf = (team: string) =>
    database.db
      .selectFrom('score_entry')
      .select(['kind', 'points', 'objective_uuid'])
      .where('team_uuid', '=', team)
      .orderBy('id')
      .execute();

  /** Every team's ledger sums to its score, and the ranking says the same. */
  const expectLedgerEqualsRanking = async (session: string, reader: TestBrowser) => {
    const teams = await database.db
      .selectFrom('gaming_session_team as t')
      .leftJoin('score_entry as e', 'e.team_uuid', 't.uuid')
      .select([
        't.uuid',
        't.score',
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('e.points'), eb.lit(0)).as('sum'),
      ])
      .where('t.session_uuid', '=', session)
      .groupBy(['t.uuid', 't.score'])
      .execute();
    const ranking = rankingSchema.parse(
      (await reader.get(`/api/sessions/${session}/ranking`)).json(),
    );
    for (const team of teams) {
      expect(Number(team.sum), team.uuid).toBe(team.score);
      expect(ranking.teams.find((ranked) => ranked.uuid === team.uuid)?.score).toBe(team.score);
    }
  };

  const hintEvents = async (session: string) =>
    (await readEventsAfter(database.db, sessionStream(session), 0, 1000)).filter(
      (event) => event.type === 'hint.unlocked',
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    secondNode = await createTestApp(database, {}, undefined, undefined, clock);
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
    const hintedUuid = randomUUID();
    chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              uuid: hintedUuid,
              points: 100,
              maxAttempts: 2,
              flag: { accepted: [FLAG] },
              hints: [
                {
                  cost: 10,
                  text: { en: 'Look at the robots file', fr: 'Regardez le fichier robots' },
                  files: [{ name: 'robots-map.txt', content: HINT_FILE_BYTES }],
                },
                {
                  cost: 30,
                  text: { en: 'The admin path is /b4ck', fr: 'Le chemin admin est /b4ck' },
                },
                { cost: 0, text: { en: 'It is the cookie', fr: 'C’est le cookie' } },
              ],
            },
            {
              locked: true,
              prerequisites: [hintedUuid],
              hints: [{ cost: 5, text: { en: 'Behind the lock', fr: 'Derrière le verrou' } }],
            },
            { hints: [{ cost: 7, text: { en: 'Other objective', fr: 'Autre objectif' } }] },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    [hinted, locked, other] = chapter.missions[0]!.objectives as [
      typeof hinted,
      typeof hinted,
      typeof hinted,
    ];
  });

  afterAll(async () => {
    await secondNode.close();
    await app.close();
    await database.close();
  });

  it('lists each hint with its place and cost, and no text until the team unlocks it', async () => {
    const { uuid, members } = await runningSession(2);
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    const before = await alice!.get(`/api/sessions/${uuid}/objectives`);
    for (const hint of hinted.hints) {
      expect(before.body).not.toContain(hint.text.en);
      expect(before.body).not.toContain(hint.text.fr);
    }
    expect(await hintsSeenBy(alice!, uuid)).toEqual(
      hinted.hints.map((hint, index) => ({
        uuid: hint.uuid,
        position: index + 1,
        cost: hint.cost,
        unlocked: false,
        text: null,
        unlockedBy: null,
        unlockedAt: null,
        charged: null,
        free: false,
        files: [],
      })),
    );
    // A locked objective shows no hints at all.
    expect(await hintsSeenBy(alice!, uuid, locked.uuid)).toEqual([]);

    const result = await unlockOk(alice!, uuid, 0);
    expect(result).toMatchObject({
      charged: 10,
      score: -10,
      hint: { position: 1, unlocked: true, text: 'Look at the robots file', charged: 10 },
    });
    const fr = await alice!.post(
      `${unlockUrl(uuid, hinted.uuid, hinted.hints[0]!.uuid)}?locale=fr`,
    );
    expect(fr.json()).toMatchObject({ charged: 0, hint: { text: 'Regardez le fichier robots' } });
    // Alice's team reads it; Bob's team still reads none of it.
    expect((await hintsSeenBy(alice!, uuid))[0]).toMatchObject({
      unlocked: true,
      text: 'Look at the robots file',
      unlockedBy: expect.any(String),
    });
    const bobs = await bob!.get(`/api/sessions/${uuid}/objectives`);
    expect(bobs.body).not.toContain('Look at the robots file');
    expect((await hintsSeenBy(bob!, uuid))[0]).toMatchObject({ unlocked: false, text: null });
  });

  it('charges the cost as a ledger row, moves the ranking, and tells the team and the trainers', async () => {
    const { uuid, members, teamUuids } = await runningSession(2, 2);
    const [alice, anna] = members[0]!;
    await unlockOk(alice!, uuid, 0);
    const second = await unlockOk(anna!, uuid, 1);
    expect(second).toMatchObject({ charged: 30, score: -40 });
    // The free third hint: unlocked, nothing charged, no ledger row.
    expect(await unlockOk(alice!, uuid, 2)).toMatchObject({ charged: 0, score: -40 });
    expect(await ledgerOf(teamUuids[0]!)).toEqual([
      { kind: 'hint', points: -10, objective_uuid: hinted.uuid },
      { kind: 'hint', points: -30, objective_uuid: hinted.uuid },
    ]);
    await expectLedgerEqualsRanking(uuid, alice!);
    const ranking = rankingSchema.parse((await alice!.get(`/api/sessions/${uuid}/ranking`)).json());
    expect(ranking.teams.find((team) => team.uuid === teamUuids[0])).toMatchObject({
      score: -40,
      rank: 2,
    });
    // A solve after hints: its points and first blood are those of the rules, unchanged.
    const solved = await alice!.post(`/api/sessions/${uuid}/objectives/${hinted.uuid}/answers`, {
      answer: FLAG,
    });
    expect(solved.json()).toMatchObject({ points: 100, score: 60 });
    await expectLedgerEqualsRanking(uuid, alice!);

    const events = await hintEvents(uuid);
    expect(events.map((event) => [event.audience, event.payload])).toEqual(
      [1, 2, 3].flatMap((position) =>
        [`team:${teamUuids[0]}`, 'trainers'].map((audience) => [
          audience,
          expect.objectContaining({ teamUuid: teamUuids[0], position, free: false }),
        ]),
      ),
    );
    expect(JSON.stringify(events)).not.toContain('The admin path');
  });

  it('goes in order, only while the game runs and the objective is open to the team', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    const skipped = await unlock(alice!, uuid, 1);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error.code).toBe('hint.out_of_order');

    const lockedHint = await alice!.post(unlockUrl(uuid, locked.uuid, locked.hints[0]!.uuid));
    expect(lockedHint.statusCode).toBe(423);
    expect(lockedHint.json().error.code).toBe('objective.locked');
    // A hint named under another objective than its own is no hint of it.
    const elsewhere = await alice!.post(unlockUrl(uuid, hinted.uuid, other.hints[0]!.uuid));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('hint.not_found');

    await trainer.post(`/api/trainer/sessions/${uuid}/pause`);
    const paused = await unlock(alice!, uuid, 0);
    expect(paused.statusCode).toBe(423);
    expect(paused.json().error.code).toBe('session.paused');
    await trainer.post(`/api/trainer/sessions/${uuid}/resume`);

    await alice!.post(`/api/sessions/${uuid}/objectives/${hinted.uuid}/answers`, { answer: FLAG });
    const solved = await unlock(alice!, uuid, 0);
    expect(solved.statusCode).toBe(409);
    expect(solved.json().error.code).toBe('hint.objective_closed');
    // Solved, the locked objective opens, and its hint with it.
    expect(
      (await alice!.post(unlockUrl(uuid, locked.uuid, locked.hints[0]!.uuid))).statusCode,
    ).toBe(200);

    clock.advance(31 * 60_000);
    const late = await alice!.post(unlockUrl(uuid, other.uuid, other.hints[0]!.uuid));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('session.not_running');
  });

  it('refuses a player of another session, and a stranger, and never says the text', async () => {
    const { uuid } = await runningSession(1);
    const elsewhere = await runningSession(1);
    const [outsider] = elsewhere.members[0]!;
    const response = await unlock(outsider!, uuid, 0);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('session.not_joined');
    const stranger = await new TestBrowser(app).post(
      unlockUrl(uuid, hinted.uuid, hinted.hints[0]!.uuid),
    );
    expect([401, 419]).toContain(stranger.statusCode);
    // Nor may a player give a hint the trainer's way.
    const teams = await database.db
      .selectFrom('gaming_session_team')
      .select('uuid')
      .where('session_uuid', '=', uuid)
      .execute();
    const asPlayer = await outsider!.post(
      `/api/trainer/sessions/${uuid}/teams/${teams[0]!.uuid}/hints/${hinted.hints[0]!.uuid}/unlock`,
    );
    expect([401, 403]).toContain(asPlayer.statusCode);
    for (const body of [response.body, stranger.body, asPlayer.body])
      expect(body).not.toContain('robots');
    expect(
      await database.db
        .selectFrom('hint_unlock')
        .select('team_uuid')
        .where('session_uuid', '=', uuid)
        .execute(),
    ).toEqual([]);
  });

  it('lets a trainer give a hint for free: audited, told, no ledger row, the score unmoved', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    const given = await give(uuid, teamUuids[0]!, hinted.hints[1]!.uuid);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({ unlocked: true, alreadyUnlocked: false });
    expect((await give(uuid, teamUuids[0]!, hinted.hints[1]!.uuid)).json()).toEqual({
      unlocked: true,
      alreadyUnlocked: true,
    });
    expect((await hintsSeenBy(alice!, uuid))[1]).toMatchObject({
      unlocked: true,
      free: true,
      charged: 0,
      text: 'The admin path is /b4ck',
    });
    // Bought by the team after it was given: nothing more to pay.
    expect(await ledgerOf(teamUuids[0]!)).toEqual([]);
    await expectLedgerEqualsRanking(uuid, alice!);
    const audit = await database.db
      .selectFrom('trainer_audit')
      .select(['action', 'target_uuid', 'details'])
      .where('session_uuid', '=', uuid)
      .where('action', '=', 'hint.given')
      .execute();
    expect(audit).toEqual([
      {
        action: 'hint.given',
        target_uuid: teamUuids[0],
        details: expect.objectContaining({ hintUuid: hinted.hints[1]!.uuid, position: 2 }),
      },
    ]);
    expect((await hintEvents(uuid)).map((event) => event.payload)).toEqual([
      expect.objectContaining({ free: true, cost: 0, position: 2 }),
      expect.objectContaining({ free: true, cost: 0, position: 2 }),
    ]);
    // A team of another session, or a hint of another mission, is no target.
    const elsewhere = await runningSession(1);
    expect((await give(uuid, elsewhere.teamUuids[0]!, hinted.hints[0]!.uuid)).statusCode).toBe(404);
    const foreign = await buildChapter(database.db, {
      missions: [{ objectives: [{ hints: [{}] }] }],
    });
    const foreignHint = foreign.missions[0]!.objectives[0]!.hints[0]!.uuid;
    expect((await give(uuid, teamUuids[0]!, foreignHint)).json().error.code).toBe('hint.not_found');
  });

  it('shows the trainer’s cockpit who unlocked what, and the price paid', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    await unlockOk(alice!, uuid, 0);
    await unlockOk(alice!, uuid, 1);
    await give(uuid, teamUuids[1]!, hinted.hints[0]!.uuid);
    const response = await trainer.get(`/api/trainer/sessions/${uuid}/cockpit`);
    expect(response.statusCode, response.body).toBe(200);
    const cockpit = getTrainerCockpit.responses[200].parse(response.json());
    expect(
      cockpit.hintUnlocks.map((row) => [row.teamUuid, row.position, row.cost, row.free]),
    ).toEqual(
      expect.arrayContaining([
        [teamUuids[0], 1, 10, false],
        [teamUuids[0], 2, 30, false],
        [teamUuids[1], 1, 0, true],
      ]),
    );
    const cell = (team: string) =>
      cockpit.cells.find((row) => row.teamUuid === team && row.objectiveUuid === hinted.uuid);
    expect(cell(teamUuids[0]!)).toMatchObject({ hints: 2, hintCost: 40, attempts: 0 });
    expect(cell(teamUuids[1]!)).toMatchObject({ hints: 1, hintCost: 0 });
  });

  it('counts hints per team and objective in the debrief, and lists them in the exports', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    await unlockOk(alice!, uuid, 0);
    await unlockOk(alice!, uuid, 1);
    await give(uuid, teamUuids[1]!, other.hints[0]!.uuid);
    await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
    const stats = getTrainerSessionStats.responses[200].parse(
      (await trainer.get(`/api/trainer/sessions/${uuid}/stats`)).json(),
    );
    expect(stats.teams.find((team) => team.uuid === teamUuids[0])).toMatchObject({
      hints: 2,
      hintCost: 40,
      score: -40,
    });
    expect(stats.teams.find((team) => team.uuid === teamUuids[1])).toMatchObject({
      hints: 1,
      hintCost: 0,
    });
    const resultOf = (objectiveUuid: string, team: string) =>
      stats.objectives
        .find((objective) => objective.uuid === objectiveUuid)!
        .teams.find((row) => row.teamUuid === team);
    expect(resultOf(hinted.uuid, teamUuids[0]!)).toMatchObject({
      hints: 2,
      hintCost: 40,
      points: -40,
      solved: false,
    });
    expect(resultOf(other.uuid, teamUuids[1]!)).toMatchObject({ hints: 1, hintCost: 0 });
    // Players read the counts on their debrief, never a text of a hint.
    const debrief = await alice!.get(`/api/sessions/${uuid}/stats`);
    expect(debrief.statusCode, debrief.body).toBe(200);
    expect(debrief.body).not.toContain('robots');

    const csv = (await trainer.get(`/api/trainer/sessions/${uuid}/exports/ranking.csv`)).body;
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header!.split(',').slice(-2)).toEqual(['hints', 'hint_cost']);
    expect(rows.map((row) => row.split(',').slice(-2))).toEqual(
      expect.arrayContaining([
        ['2', '40'],
        ['1', '0'],
      ]),
    );
    const json = sessionExportSchema.parse(
      (await trainer.get(`/api/trainer/sessions/${uuid}/exports/session.json`)).json(),
    );
    expect(json.hintUnlocks.map((row) => [row.teamUuid, row.position, row.cost, row.free])).toEqual(
      [
        [teamUuids[0], 1, 10, false],
        [teamUuids[0], 2, 30, false],
        [teamUuids[1], 1, 0, true],
      ],
    );
  });

  describe('a hint’s files', () => {
    const hintFileUrl = (session: string) =>
      `/api/sessions/${session}/hints/${hinted.hints[0]!.uuid}/files/${hinted.hints[0]!.files[0]!.uuid}`;

    it('serves them to the team that unlocked the hint, and 404 to everyone else', async () => {
      const { uuid, members, teamUuids } = await runningSession(2);
      const [alice] = members[0]!;
      const [bob] = members[1]!;
      const elsewhere = await runningSession(1);
      const [carol] = elsewhere.members[0]!;
      const file = hinted.hints[0]!.files[0]!;

      // Locked: no name, no uuid in the view, and the download does not exist.
      const before = await alice!.get(`/api/sessions/${uuid}/objectives`);
      expect(before.body).not.toContain(file.name);
      expect(before.body).not.toContain(file.uuid);
      expect((await alice!.get(hintFileUrl(uuid))).statusCode).toBe(404);

      const unlocked = await unlockOk(alice!, uuid, 0);
      expect(unlocked.hint.files).toEqual([
        {
          uuid: file.uuid,
          name: 'robots-map.txt',
          size: HINT_FILE_BYTES.length,
          contentType: 'text/plain; charset=utf-8',
          url: hintFileUrl(uuid),
        },
      ]);
      expect((await hintsSeenBy(alice!, uuid))[0]!.files.map((f) => f.uuid)).toEqual([file.uuid]);
      const download = await alice!.get(hintFileUrl(uuid));
      expect(download.statusCode, download.body).toBe(200);
      expect(download.body).toBe(HINT_FILE_BYTES);
      expect(download.headers['content-disposition']).toContain('attachment');

      // Another team of the session, a player of another session (with the session's uuid in the
      // path or their own), and the objective-file routes: nothing.
      expect((await bob!.get(hintFileUrl(uuid))).statusCode).toBe(404);
      expect((await carol!.get(hintFileUrl(uuid))).statusCode).toBe(404);
      expect((await carol!.get(hintFileUrl(elsewhere.uuid))).statusCode).toBe(404);
      expect((await alice!.get(hintFileUrl(elsewhere.uuid))).statusCode).toBe(404);
      expect(
        (await alice!.get(`/api/objectives/${hinted.uuid}/files/${file.uuid}`)).statusCode,
      ).toBe(404);
      const asObjectiveFile = `/api/trainer/objectives/${hinted.uuid}/files/${file.uuid}`;
      expect((await trainer.get(asObjectiveFile)).statusCode).toBe(404);

      // A hint a trainer gave opens its files too.
      const given = await give(uuid, teamUuids[1]!, hinted.hints[0]!.uuid);
      expect(given.statusCode, given.body).toBe(200);
      expect((await bob!.get(hintFileUrl(uuid))).body).toBe(HINT_FILE_BYTES);
    });

    it('serves them to a trainer', async () => {
      const file = hinted.hints[0]!.files[0]!;
      const path = `/api/trainer/hints/${hinted.hints[0]!.uuid}/files/${file.uuid}`;
      const response = await trainer.get(path);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe(HINT_FILE_BYTES);
      const { members } = await runningSession(1);
      expect((await members[0]![0]!.get(path)).statusCode).not.toBe(200);
      expect((await trainer.get(`${path.slice(0, -36)}${randomUUID()}`)).statusCode).toBe(404);
    });
  });

  describe('races', () => {
    const onSecondNode = (player: TestBrowser) => {
      const moved = new TestBrowser(secondNode);
      for (const [name, value] of player.cookies) moved.cookies.set(name, value);
      return moved;
    };

    it('60 concurrent unlocks of one hint by 5 members on two nodes: charged once, told once', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 5);
      const team = members[0]!;
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, index) => {
          const player = team[index % 5]!;
          return unlock(index % 2 === 0 ? player : onSecondNode(player), uuid, 0);
        }),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(
        Array.from({ length: 60 }, () => 200),
      );
      const charged = responses.map((response) => response.json().charged as number);
      expect(charged.filter((points) => points === 10)).toHaveLength(1);
      expect(charged.filter((points) => points === 0)).toHaveLength(59);
      expect(await ledgerOf(teamUuids[0]!)).toEqual([
        { kind: 'hint', points: -10, objective_uuid: hinted.uuid },
      ]);
      const unlocks = await database.db
        .selectFrom('hint_unlock')
        .select('hint_uuid')
        .where('team_uuid', '=', teamUuids[0]!)
        .execute();
      expect(unlocks).toHaveLength(1);
      const events = await hintEvents(uuid);
      expect(events.filter((event) => event.audience === `team:${teamUuids[0]}`)).toHaveLength(1);
      expect(events.filter((event) => event.audience === 'trainers')).toHaveLength(1);
      await expectLedgerEqualsRanking(uuid, team[0]!);
    });

    it('the next hint racing the first: never before it, each charged once', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 4);
      const team = members[0]!;
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const player = team[index % 4]!;
          return unlock(index % 2 === 0 ? player : onSecondNode(player), uuid, index % 2);
        }),
      );
      for (const response of responses) expect([200, 409]).toContain(response.statusCode);
      const ledger = await ledgerOf(teamUuids[0]!);
      expect(ledger.filter((row) => row.points === -10)).toHaveLength(1);
      expect(ledger.filter((row) => row.points === -30).length).toBeLessThanOrEqual(1);
      const unlocks = await database.db
        .selectFrom('hint_unlock as u')
        .innerJoin('objective_hint as h', 'h.uuid', 'u.hint_uuid')
        .select(['h.position', 'u.unlocked_at'])
        .where('u.team_uuid', '=', teamUuids[0]!)
        .orderBy('h.position')
        .execute();
      if (unlocks.length === 2)
        expect(unlocks[0]!.unlocked_at.getTime()).toBeLessThanOrEqual(
          unlocks[1]!.unlocked_at.getTime(),
        );
      await expectLedgerEqualsRanking(uuid, team[0]!);
    });

    it('a trainer’s gift racing the team’s purchase: one unlock, charged at most once', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 3);
      const team = members[0]!;
      const responses = await Promise.all([
        ...Array.from({ length: 15 }, (_, index) =>
          unlock(index % 2 === 0 ? team[index % 3]! : onSecondNode(team[index % 3]!), uuid, 0),
        ),
        give(uuid, teamUuids[0]!, hinted.hints[0]!.uuid),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const unlocks = await database.db
        .selectFrom('hint_unlock')
        .select(['free', 'cost'])
        .where('team_uuid', '=', teamUuids[0]!)
        .execute();
      expect(unlocks).toHaveLength(1);
      const ledger = await ledgerOf(teamUuids[0]!);
      expect(ledger).toEqual(
        unlocks[0]!.free ? [] : [{ kind: 'hint', points: -10, objective_uuid: hinted.uuid }],
      );
      await expectLedgerEqualsRanking(uuid, team[0]!);
    });
  });
});
