import { randomBytes, randomUUID } from 'node:crypto';
import { sessionStatsSchema, type SessionStats } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { testClock } from '../../../test/clock.js';
import { assignChapter, buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { HttpBrowser } from '../../../test/http-browser.js';
import { createTeamOk, sessionWithTeams } from '../../../test/session-factories.js';

/**
 * The attack a classroom found: create a session of a mission from the player's side, close it
 * and read the debrief's resolutions, then play a trainer's running session of the same mission
 * with them. Played here end to end over real HTTP. Every flag and explanation is a canary that
 * no player response may carry while a session of the mission is open anywhere.
 */
const canary = `REVEAL-${randomBytes(8).toString('hex')}`;
const clock = testClock();

describe(`when a player reads a mission's answers (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: HttpBrowser;

  const signIn = async (chapter?: BuiltChapter) => {
    const account = await buildAccount(database.db);
    if (chapter) await assignChapter(database.db, chapter.uuid, account.id);
    const browser = new HttpBrowser(app, base);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  /** A mission whose flags and explanations are canaries, its last objective locked behind the first. */
  const missionWithCanaries = (visibility: 'assigned' | 'open' = 'assigned') => {
    const first = randomUUID();
    return buildChapter(database.db, {
      visibility,
      missions: [
        {
          objectives: [
            {
              uuid: first,
              type: 'flag',
              flag: { accepted: [`${canary}-flag`] },
              explanation: { en: `${canary}-why-en`, fr: `${canary}-why-fr` },
              files: [{ name: 'capture.txt', content: 'the capture\n' }],
            },
            { type: 'single_choice', correctChoices: ['b'] },
            {
              type: 'flag',
              locked: true,
              prerequisites: [first],
              flag: { accepted: [`${canary}-locked`] },
              files: [{ name: 'locked.txt', content: 'behind the lock\n' }],
            },
          ],
        },
      ],
    });
  };

  const statsOf = async (player: HttpBrowser, session: string): Promise<SessionStats> => {
    const response = await player.get(`/api/sessions/${session}/stats`);
    expect(response.statusCode, response.body).toBe(200);
    return sessionStatsSchema.parse(response.json());
  };

  /** The debrief shows no answer, and says why. */
  const expectHidden = async (player: HttpBrowser, session: string, reason: string) => {
    const response = await player.get(`/api/sessions/${session}/stats`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(canary);
    const stats = sessionStatsSchema.parse(response.json());
    expect(stats.answersHiddenBecause).toBe(reason);
    expect(stats.objectives.every((objective) => objective.resolution === null)).toBe(true);
  };

  /** A game canceled before it began has no debrief at all, so nothing to reveal. */
  const expectNoDebrief = async (player: HttpBrowser, session: string) => {
    const response = await player.get(`/api/sessions/${session}/stats`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('debrief.not_played');
    expect(response.body).not.toContain(canary);
  };

  /** A player's own session of the mission, with their team, started and closed. */
  const ownSessionPlayed = async (player: HttpBrowser, missionUuid: string) => {
    const created = await player.post('/api/sessions', { missionUuid });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json().session.uuid as string;
    await createTeamOk(player, uuid, `Solo ${randomBytes(3).toString('hex')}`);
    const started = await player.post(`/api/sessions/${uuid}/start`);
    expect(started.statusCode, started.body).toBe(200);
    clock.advance(11_000); // past the countdown: the session ran
    const closed = await player.post(`/api/sessions/${uuid}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().session.status).toBe('stopped');
    return uuid;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, clock, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new HttpBrowser(app, base);
    await trainer.login(account.username, account.password, 'trainer');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps every answer from the attacker while a trainer’s session of the mission runs', async () => {
    const chapter = await missionWithCanaries();
    const missionUuid = chapter.missions[0]!.uuid;
    const victim = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: () => signIn(chapter),
      clock,
      teams: 1,
    });
    const attacker = await signIn(chapter);

    // The probe's path: a session of their own, a team, closed at once (it never ran).
    const created = await attacker.post('/api/sessions', { missionUuid });
    expect(created.statusCode, created.body).toBe(201);
    const canceled = created.json().session.uuid as string;
    await createTeamOk(attacker, canceled, 'Recon');
    expect((await attacker.post(`/api/sessions/${canceled}/close`)).statusCode).toBe(200);
    await expectNoDebrief(attacker, canceled);

    // Played for real this time, and closed: the trainer's game still runs.
    const played = await ownSessionPlayed(attacker, missionUuid);
    await expectHidden(attacker, played, 'mission_in_play');

    // Nor through any other way a player reads their past: history, the session's own page,
    // its event log replayed from the start, the objectives of the game they played.
    for (const path of [
      '/api/profile/history',
      `/api/sessions/${played}`,
      `/api/sessions/${played}/objectives`,
      `/api/sessions/${played}/ranking`,
      `/api/chapters/${chapter.uuid}`,
      '/api/home',
    ]) {
      const response = await attacker.get(path);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.body, path).not.toContain(canary);
    }
    const stream = await openEventStream(`${base}/api/sessions/${played}/events?lastEventId=0`, {
      cookie: attacker.cookieHeader(),
    });
    try {
      await stream.waitUntil(() => stream.messages.length > 0);
      expect(JSON.stringify(stream.messages)).not.toContain(canary);
    } finally {
      await stream.close();
    }

    // Once no session of the mission is open, the game they played in a team shows them.
    expect((await trainer.post(`/api/trainer/sessions/${victim.uuid}/stop`)).statusCode).toBe(200);
    const revealed = await statsOf(attacker, played);
    expect(revealed.answersHiddenBecause).toBeNull();
    expect(revealed.objectives[0]!.resolution).toMatchObject({
      flags: [`${canary}-flag`],
      explanation: { en: `${canary}-why-en`, fr: `${canary}-why-fr` },
    });
    // The session that never ran still shows nothing.
    await expectNoDebrief(attacker, canceled);
  });

  it('counts a lobby nobody started, a countdown and a pause as sessions in play', async () => {
    const chapter = await missionWithCanaries();
    const missionUuid = chapter.missions[0]!.uuid;
    const player = await signIn(chapter);
    const played = await ownSessionPlayed(player, missionUuid);
    await statsOf(player, played).then((stats) => expect(stats.answersHiddenBecause).toBeNull());

    // A lobby: a trainer's session not started yet.
    const lobby = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: () => signIn(chapter),
      clock,
      teams: 1,
      start: false,
    });
    await expectHidden(player, played, 'mission_in_play');
    // Its countdown.
    const started = await trainer.post(`/api/trainer/sessions/${lobby.uuid}/start`, {
      force: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    await expectHidden(player, played, 'mission_in_play');
    // Paused.
    clock.advance(11_000);
    expect((await trainer.post(`/api/trainer/sessions/${lobby.uuid}/pause`)).statusCode).toBe(200);
    await expectHidden(player, played, 'mission_in_play');
    // Stopped: nothing left in play.
    expect((await trainer.post(`/api/trainer/sessions/${lobby.uuid}/stop`)).statusCode).toBe(200);
    expect((await statsOf(player, played)).answersHiddenBecause).toBeNull();

    // A session of the mission that ran to its end is over too.
    const finished = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: () => signIn(chapter),
      clock,
      teams: 1,
      settings: { durationMinutes: 5 },
    });
    await expectHidden(player, played, 'mission_in_play');
    clock.advance(5 * 60_000);
    expect((await statsOf(player, played)).answersHiddenBecause).toBeNull();
    await statsOf(finished.members[0]![0]!, finished.uuid).then((stats) =>
      expect(stats.session.status).toBe('finished'),
    );
  });

  it('never shows them to a player who joined without a team', async () => {
    const chapter = await missionWithCanaries();
    const missionUuid = chapter.missions[0]!.uuid;
    const game = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: () => signIn(chapter),
      clock,
      teams: 1,
      start: false,
    });
    const onlooker = await signIn(chapter);
    expect((await onlooker.post(`/api/sessions/${game.uuid}/join`)).statusCode).toBe(200);
    const started = await trainer.post(`/api/trainer/sessions/${game.uuid}/start`, {
      force: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    clock.advance(11_000);
    expect((await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`)).statusCode).toBe(200);
    await expectHidden(onlooker, game.uuid, 'no_team');
    // The team that played reads them.
    expect((await statsOf(game.members[0]![0]!, game.uuid)).answersHiddenBecause).toBeNull();
  });

  it('keeps them for trainers when the mission’s authors turned the reveal off', async () => {
    const chapter = await missionWithCanaries();
    const missionUuid = chapter.missions[0]!.uuid;
    // The trainer turns it off in the chapter's document, as the authoring screen saves it.
    const read = await trainer.get(`/api/trainer/chapters/${chapter.uuid}/document`);
    expect(read.statusCode, read.body).toBe(200);
    const { document, revision } = read.json();
    expect(document.chapter.missions[0].revealAnswersAfterGame).toBe(true);
    document.chapter.missions[0].revealAnswersAfterGame = false;
    const saved = await trainer.put(`/api/trainer/chapters/${chapter.uuid}/document`, {
      document,
      revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mission = await trainer.get(`/api/trainer/missions/${missionUuid}`);
    expect(mission.json().mission.revealAnswersAfterGame).toBe(false);

    const player = await signIn(chapter);
    const played = await ownSessionPlayed(player, missionUuid);
    await expectHidden(player, played, 'reveal_off');
    const forTrainer = await trainer.get(`/api/trainer/sessions/${played}/stats`);
    expect(forTrainer.body).toContain(`${canary}-flag`);
  });

  it('lets a player create a few sessions an hour, and answers a burst with 429 and Retry-After', async () => {
    const chapter = await missionWithCanaries();
    const player = await signIn(chapter);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        player.post('/api/sessions', { missionUuid: chapter.missions[0]!.uuid }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(7);
    for (const response of refused) {
      expect(response.json().error.code).toBe('session.rate_limited');
      expect(typeof response.json().error.message).toBe('string');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    const stored = await database.db
      .selectFrom('gaming_session')
      .select('uuid')
      .where('owner_id', '=', player.account.id)
      .execute();
    expect(stored).toHaveLength(5);
  });

  describe('attached files', () => {
    const fileUrl = (chapter: BuiltChapter, objective: number) => {
      const { uuid, files } = chapter.missions[0]!.objectives[objective]!;
      return `/api/objectives/${uuid}/files/${files[0]!.uuid}`;
    };

    it('download in a trainer’s session of a chapter the player was never given', async () => {
      const chapter = await missionWithCanaries('assigned');
      const game = await sessionWithTeams({
        trainer,
        missionUuid: chapter.missions[0]!.uuid,
        signIn: () => signIn(),
        clock,
        teams: 1,
      });
      const player = game.members[0]![0]!;
      const open = await player.get(fileUrl(chapter, 0));
      expect(open.statusCode, open.body).toBe(200);
      expect(open.body).toBe('the capture\n');
      // A locked objective's files wait for it to open, then download.
      expect((await player.get(fileUrl(chapter, 2))).statusCode).toBe(404);
      const objective = chapter.missions[0]!.objectives[2]!.uuid;
      const unlocked = await trainer.post(
        `/api/trainer/sessions/${game.uuid}/objectives/${objective}/unlock`,
      );
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect((await player.get(fileUrl(chapter, 2))).statusCode).toBe(200);
      // Once the game is over, the chapter is not theirs: nothing downloads any more.
      expect((await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`)).statusCode).toBe(200);
      expect((await player.get(fileUrl(chapter, 0))).statusCode).toBe(404);
      expect((await player.get(fileUrl(chapter, 2))).statusCode).toBe(404);
    });

    it('of an objective unlocked in one game stay locked outside it and in the next game', async () => {
      const chapter = await missionWithCanaries('assigned');
      const missionUuid = chapter.missions[0]!.uuid;
      const player = await signIn(chapter);
      const first = await trainer.post('/api/trainer/sessions', {
        name: 'First game',
        missionUuid,
        maxTeams: 2,
        playersPerTeam: 2,
        durationMinutes: 30,
      });
      expect(first.statusCode, first.body).toBe(201);
      const firstUuid = first.json().session.uuid as string;
      await createTeamOk(player, firstUuid, 'Lockpickers');
      expect(
        (await trainer.post(`/api/trainer/sessions/${firstUuid}/start`, { force: true }))
          .statusCode,
      ).toBe(200);
      clock.advance(11_000);
      const objective = chapter.missions[0]!.objectives[2]!.uuid;
      expect(
        (await trainer.post(`/api/trainer/sessions/${firstUuid}/objectives/${objective}/unlock`))
          .statusCode,
      ).toBe(200);
      expect((await player.get(fileUrl(chapter, 2))).statusCode).toBe(200);
      expect((await trainer.post(`/api/trainer/sessions/${firstUuid}/stop`)).statusCode).toBe(200);

      // Outside any game: the chapter page's files only, not the locked one.
      expect((await player.get(fileUrl(chapter, 0))).statusCode).toBe(200);
      const outside = await player.get(fileUrl(chapter, 2));
      expect(outside.statusCode).toBe(404);
      expect(outside.json().error.code).toBe('content.file_not_found');

      // The next game, where it is locked again.
      const second = await sessionWithTeams({
        trainer,
        missionUuid,
        signIn: async () => player,
        clock,
        teams: 1,
      });
      const objectives = await player.get(`/api/sessions/${second.uuid}/objectives`);
      expect(objectives.json().objectives[2].locked).toBe(true);
      expect((await player.get(fileUrl(chapter, 2))).statusCode).toBe(404);
    });
  });
});
