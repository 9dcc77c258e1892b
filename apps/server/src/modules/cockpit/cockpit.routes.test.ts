import { randomUUID } from 'node:crypto';
import { auditEntrySchema, cockpitSchema, submissionSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { testClock } from '../../../test/clock.js';

const FLAG = 'RAMPART{c0ckp1t}';

describe(`trainer cockpit: read model, submissions, adjustments, audit (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let trainerPseudo: string;
  const clock = testClock();
  let missionUuid: string;
  let objective: Record<'flag' | 'locked' | 'free', string>;

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  /** A session with `teams` teams of one player, started (and past its countdown) if asked. */
  const gameSession = async (teams = 2, start = true) => {
    const { uuid, members, teamUuids } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams,
      start,
    });
    return { uuid, players: members.map(([player]) => player!), teamUuids };
  };

  const answer = (player: TestBrowser, session: string, objectiveUuid: string, value: unknown) =>
    player.post(`/api/sessions/${session}/objectives/${objectiveUuid}/answers`, { answer: value });

  const adjust = (session: string, team: string, body: unknown) =>
    trainer.post(`/api/trainer/sessions/${session}/teams/${team}/adjustments`, body);

  const eventsOf = async (session: string) =>
    readEventsAfter(database.db, sessionStream(session), 0, 10_000);

  const auditOf = async (session: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${session}/audit`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().entries as unknown[]).map((entry) => auditEntrySchema.parse(entry));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainerPseudo = trainerAccount.pseudo;
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const flagUuid = randomUUID();
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              uuid: flagUuid,
              type: 'flag',
              points: 100,
              penalty: 10,
              firstBloodBonus: 20,
              flag: { accepted: [FLAG] },
            },
            {
              type: 'flag',
              points: 200,
              locked: true,
              prerequisites: [flagUuid],
              flag: { accepted: ['LOCKED'] },
            },
            { type: 'flag', points: 50, flag: { accepted: ['FREE'] }, maxAttempts: null },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    const [flag, locked, free] = chapter.missions[0]!.objectives.map((o) => o.uuid);
    objective = { flag: flag!, locked: locked!, free: free! };
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('the cockpit', () => {
    it('shows teams, objectives and the grid of objectives × teams as the game goes', async () => {
      const { uuid, players, teamUuids } = await gameSession(2);
      const [alice, bob] = players;
      expect((await answer(alice!, uuid, objective.flag, 'wrong-1')).statusCode).toBe(200);
      expect((await answer(alice!, uuid, objective.flag, 'wrong-1')).statusCode).toBe(200);
      expect((await answer(alice!, uuid, objective.flag, FLAG)).statusCode).toBe(200);
      expect((await answer(bob!, uuid, objective.free, 'nope')).statusCode).toBe(200);
      await trainer.post(`/api/trainer/sessions/${uuid}/objectives/${objective.locked}/unlock`);
      await trainer.post(`/api/trainer/sessions/${uuid}/speedruns`, {
        objectiveUuid: objective.free,
        title: 'Quick!',
        description: '',
      });
      await trainer.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[1]}/eliminate`, {
        reason: 'Scanned the scoring server',
      });

      const response = await trainer.get(`/api/trainer/sessions/${uuid}/cockpit`);
      expect(response.statusCode, response.body).toBe(200);
      const cockpit = cockpitSchema.parse(response.json());
      expect(cockpit.teams).toEqual([
        expect.objectContaining({
          uuid: teamUuids[0],
          rank: 1,
          score: 110, // 100 + 20 first blood - 10 for one distinct wrong answer
          eliminated: false,
          completed_objectives: 1,
          total_objectives: 3,
          progress_percentage: 33,
          members: [expect.objectContaining({ pseudo: alice!.account.pseudo, online: false })],
        }),
        expect.objectContaining({
          uuid: teamUuids[1],
          rank: 2,
          eliminated: true,
          eliminationReason: 'Scanned the scoring server',
          completed_objectives: 0,
        }),
      ]);
      const byUuid = new Map(cockpit.objectives.map((o) => [o.uuid, o]));
      expect(byUuid.get(objective.flag)).toMatchObject({
        firstBlood: { teamUuid: teamUuids[0] },
        speedrun: null,
        locked: false,
      });
      expect(byUuid.get(objective.locked)).toMatchObject({ locked: true, unlocked: true });
      expect(byUuid.get(objective.free)).toMatchObject({
        speedrun: { title: 'Quick!', running: true },
        firstBlood: null,
      });
      expect(byUuid.get(objective.flag)!.title).toHaveProperty('fr');
      const cell = (team: string, objectiveUuid: string) =>
        cockpit.cells.find((c) => c.teamUuid === team && c.objectiveUuid === objectiveUuid);
      expect(cell(teamUuids[0]!, objective.flag)).toMatchObject({
        solved: true,
        solvedBy: alice!.account.pseudo,
        attempts: 1,
        wrongAnswers: 2, // the repeated wrong answer is a submission too, not an attempt
      });
      expect(cell(teamUuids[1]!, objective.free)).toMatchObject({
        solved: false,
        solvedAt: null,
        attempts: 1,
        wrongAnswers: 1,
      });
      expect(cell(teamUuids[1]!, objective.flag)).toBeUndefined();
    });

    it('answers 404 for an unknown session', async () => {
      const response = await trainer.get(`/api/trainer/sessions/${randomUUID()}/cockpit`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('session.not_found');
    });
  });

  describe('the submissions feed', () => {
    it('lists every decided answer newest first, wrong answers with their text', async () => {
      const { uuid, players, teamUuids } = await gameSession(1);
      const [alice] = players;
      for (const value of ['first try', 'second try', FLAG])
        expect((await answer(alice!, uuid, objective.flag, value)).statusCode).toBe(200);

      const response = await trainer.get(`/api/trainer/sessions/${uuid}/submissions`);
      expect(response.statusCode, response.body).toBe(200);
      const { submissions, nextBefore } = response.json();
      expect(nextBefore).toBeNull();
      expect(submissions.map((s: unknown) => submissionSchema.parse(s))).toEqual([
        expect.objectContaining({ answer: '', correct: true, points: 120 }),
        expect.objectContaining({ answer: 'second try', correct: false, points: -10 }),
        expect.objectContaining({
          answer: 'first try',
          correct: false,
          points: -10,
          teamUuid: teamUuids[0],
          objectiveUuid: objective.flag,
          pseudo: alice!.account.pseudo,
        }),
      ]);
      // Paged by `before`.
      const page = await trainer.get(`/api/trainer/sessions/${uuid}/submissions?limit=2`);
      expect(page.json().submissions).toHaveLength(2);
      const rest = await trainer.get(
        `/api/trainer/sessions/${uuid}/submissions?limit=2&before=${page.json().nextBefore}`,
      );
      expect(rest.json().submissions.map((s: { answer: string }) => s.answer)).toEqual([
        'first try',
      ]);

      // One event per batch, to the trainers only; the correct flag is in no event.
      const recorded = (await eventsOf(uuid)).filter((e) => e.type === 'submissions.recorded');
      expect(recorded).toHaveLength(3);
      for (const event of recorded) expect(event.audience).toBe('trainers');
      expect(JSON.stringify(await eventsOf(uuid))).not.toContain(FLAG);
    });

    it("tells trainers how many answers a batch recorded, and serves the new ones after the feed's newest", async () => {
      const { uuid, players } = await gameSession(3);
      const first = await answer(players[0]!, uuid, objective.free, 'guess 0');
      expect(first.statusCode).toBe(200);
      const feed = await trainer.get(`/api/trainer/sessions/${uuid}/submissions`);
      const newest = feed.json().submissions[0].id as number;

      const results = await Promise.all(
        players.slice(1).map((player, i) => answer(player, uuid, objective.free, `guess ${i + 1}`)),
      );
      for (const result of results) expect(result.statusCode).toBe(200);
      const recorded = (await eventsOf(uuid)).filter((e) => e.type === 'submissions.recorded');
      const counts = recorded.map((e) => (e.payload as { count: number }).count);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
      // The event names no answer: the texts stay in the feed.
      expect(JSON.stringify(recorded)).not.toContain('guess');

      // Oldest first after the feed's newest, paged by `nextAfter`.
      const page = await trainer.get(
        `/api/trainer/sessions/${uuid}/submissions?after=${newest}&limit=1`,
      );
      expect(page.json().submissions).toHaveLength(1);
      expect(page.json().nextBefore).toBeNull();
      const rest = await trainer.get(
        `/api/trainer/sessions/${uuid}/submissions?after=${page.json().nextAfter}`,
      );
      expect(rest.json().nextAfter).toBeNull();
      const arrived = [...page.json().submissions, ...rest.json().submissions];
      expect(arrived.map((s: { answer: string }) => s.answer).sort()).toEqual([
        'guess 1',
        'guess 2',
      ]);
      expect(arrived[0].id).toBeLessThan(arrived[1].id);
    });

    it('refuses bad paging with 422 and an unknown session with 404', async () => {
      const { uuid } = await gameSession(1, false);
      for (const query of [
        'limit=0',
        'limit=1000',
        'before=-1',
        'before=abc',
        'after=-1',
        'before=5&after=2',
      ])
        expect(
          (await trainer.get(`/api/trainer/sessions/${uuid}/submissions?${query}`)).statusCode,
          query,
        ).toBe(422);
      expect(
        (await trainer.get(`/api/trainer/sessions/${randomUUID()}/submissions`)).statusCode,
      ).toBe(404);
    });
  });

  describe('score adjustments', () => {
    it('writes a ledger row with the reason, moves the score and the ranking, tells everyone', async () => {
      const { uuid, players, teamUuids } = await gameSession(2);
      const response = await adjust(uuid, teamUuids[1]!, { points: 30, reason: 'Great report' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().adjustment).toMatchObject({
        teamUuid: teamUuids[1],
        points: 30,
        reason: 'Great report',
        score: 30,
      });
      const entry = await database.db
        .selectFrom('score_entry')
        .selectAll()
        .where('team_uuid', '=', teamUuids[1]!)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ kind: 'adjustment', points: 30, reason: 'Great report' });
      const team = await database.db
        .selectFrom('gaming_session_team')
        .select(['score', 'score_reached_at'])
        .where('uuid', '=', teamUuids[1]!)
        .executeTakeFirstOrThrow();
      expect(team.score).toBe(30);
      expect(team.score_reached_at).not.toBeNull();

      const ranking = (await players[0]!.get(`/api/sessions/${uuid}/ranking`)).json();
      expect(ranking.teams[0]).toMatchObject({ uuid: teamUuids[1], score: 30, rank: 1 });
      const events = await eventsOf(uuid);
      // The session learns of the points; the reason goes to the team and the trainers only.
      const payload = { teamUuid: teamUuids[1], points: 30, score: 30 };
      expect(events.filter((e) => e.type === 'score.adjusted')).toMatchObject([
        { audience: 'session', payload: { ...payload, reason: null } },
        { audience: `team:${teamUuids[1]}`, payload: { ...payload, reason: 'Great report' } },
        { audience: 'trainers', payload: { ...payload, reason: 'Great report' } },
      ]);
      expect(events.at(-1)!.type).toBe('ranking.changed');

      const removed = await adjust(uuid, teamUuids[1]!, { points: -50, reason: 'Hint bought' });
      expect(removed.json().adjustment.score).toBe(-20);
    });

    it('counts every one of twenty adjustments made at once', async () => {
      const { uuid, teamUuids } = await gameSession(1);
      const points = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? i + 1 : -(i + 1)));
      const responses = await Promise.all(
        points.map((p, i) => adjust(uuid, teamUuids[0]!, { points: p, reason: `race ${i}` })),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(201);
      const rows = await database.db
        .selectFrom('score_entry')
        .select('points')
        .where('team_uuid', '=', teamUuids[0]!)
        .where('kind', '=', 'adjustment')
        .execute();
      expect(rows).toHaveLength(20);
      const sum = points.reduce((a, b) => a + b, 0);
      const team = await database.db
        .selectFrom('gaming_session_team')
        .select('score')
        .where('uuid', '=', teamUuids[0]!)
        .executeTakeFirstOrThrow();
      expect(team.score).toBe(sum);
      expect((await auditOf(uuid)).filter((e) => e.action === 'score.adjusted')).toHaveLength(20);
    });

    it('refuses bad input with request.invalid and writes nothing', async () => {
      const { uuid, teamUuids } = await gameSession(1);
      const bad = [
        { points: 0, reason: 'zero' },
        { points: 10_001, reason: 'absurd' },
        { points: -10_001, reason: 'absurd' },
        { points: 1.5, reason: 'fraction' },
        { points: '5', reason: 'text' },
        { points: 5, reason: '' },
        { points: 5, reason: '   ' },
        { points: 5, reason: 'x'.repeat(501) },
        { points: 5 },
        { reason: 'no points' },
        { points: 5, reason: 'extra', extra: true },
      ];
      for (const body of bad) {
        const response = await adjust(uuid, teamUuids[0]!, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().error.code).toBe('request.invalid');
      }
      const rows = await database.db
        .selectFrom('score_entry')
        .select('id')
        .where('team_uuid', '=', teamUuids[0]!)
        .execute();
      expect(rows).toEqual([]);
    });

    it('refuses another session’s team, a game not started or ended, an unknown session', async () => {
      const first = await gameSession(1);
      const other = await gameSession(1);
      const foreign = await adjust(first.uuid, other.teamUuids[0]!, { points: 5, reason: 'no' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('team.not_found');

      const lobby = await gameSession(1, false);
      const early = await adjust(lobby.uuid, lobby.teamUuids[0]!, { points: 5, reason: 'early' });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('session.not_running');

      expect((await trainer.post(`/api/trainer/sessions/${first.uuid}/stop`)).statusCode).toBe(200);
      const late = await adjust(first.uuid, first.teamUuids[0]!, { points: 5, reason: 'late' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('session.ended');

      const unknown = await adjust(randomUUID(), first.teamUuids[0]!, { points: 5, reason: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('session.not_found');
      expect((await auditOf(first.uuid)).map((e) => e.action)).not.toContain('score.adjusted');
    });

    it('is allowed while paused', async () => {
      const { uuid, teamUuids } = await gameSession(1);
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/pause`)).statusCode).toBe(200);
      expect(
        (await adjust(uuid, teamUuids[0]!, { points: 5, reason: 'while paused' })).statusCode,
      ).toBe(201);
    });
  });

  describe('the audit log', () => {
    it('records every trainer action on a session, newest first, with the trainer', async () => {
      const { uuid, teamUuids } = await gameSession(2);
      const act = async (path: string, body?: unknown) => {
        const response = await trainer.post(`/api/trainer/sessions/${uuid}${path}`, body);
        expect(response.statusCode, `${path} ${response.body}`).toBeLessThan(300);
      };
      await act('/pause');
      await act('/resume');
      await act(`/objectives/${objective.locked}/unlock`);
      await act('/speedruns', { objectiveUuid: objective.free, title: 'Go', description: '' });
      await act(`/teams/${teamUuids[0]}/adjustments`, { points: 7, reason: 'Nice' });
      await act(`/teams/${teamUuids[1]}/eliminate`, { reason: 'Cheating' });
      await act('/stop');

      const entries = await auditOf(uuid);
      expect(entries.map((e) => e.action)).toEqual([
        'session.stopped',
        'team.eliminated',
        'score.adjusted',
        'speedrun.launched',
        'objective.unlocked',
        'session.resumed',
        'session.paused',
        'session.started',
        'session.created',
      ]);
      for (const entry of entries) {
        expect(entry.trainer.pseudo).toBe(trainerPseudo);
        expect(entry.sessionUuid).toBe(uuid);
      }
      expect(entries[1]).toMatchObject({ targetUuid: teamUuids[1], reason: 'Cheating' });
      expect(entries[2]).toMatchObject({
        targetUuid: teamUuids[0],
        reason: 'Nice',
        details: { points: 7 },
      });
      expect(entries[4]).toMatchObject({ targetUuid: objective.locked });
      expect(entries[7]).toMatchObject({ details: { force: true } });
      expect(entries.at(-1)!.details).toMatchObject({ missionUuid, maxTeams: 2 });
    });

    it('answers 404 for the log of an unknown session', async () => {
      const response = await trainer.get(`/api/trainer/sessions/${randomUUID()}/audit`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('session.not_found');
    });

    it('two trainers stopping and eliminating at once: one wins, one clear refusal, one row each', async () => {
      const { uuid, teamUuids } = await gameSession(2);
      const other = await buildAccount(database.db, { role: 'trainer' });
      const second = new TestBrowser(app);
      await second.login(other.username, other.password, 'trainer');
      const eliminations = await Promise.all(
        [trainer, second].map((who) =>
          who.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/eliminate`, {
            reason: 'Both saw it',
          }),
        ),
      );
      expect(eliminations.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      expect(eliminations.find((r) => r.statusCode === 403)!.json().error.code).toBe(
        'team.eliminated',
      );
      const stops = await Promise.all(
        [trainer, second].map((who) => who.post(`/api/trainer/sessions/${uuid}/stop`)),
      );
      expect(stops.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const actions = (await auditOf(uuid)).map((e) => e.action);
      expect(actions.filter((a) => a === 'team.eliminated')).toHaveLength(1);
      expect(actions.filter((a) => a === 'session.stopped')).toHaveLength(1);
    });

    it('records nothing for a refused action', async () => {
      const { uuid } = await gameSession(1, false);
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/pause`)).statusCode).toBe(409);
      expect((await auditOf(uuid)).map((e) => e.action)).toEqual(['session.created']);
    });

    it('records actions outside sessions and pages the global log by `before`', async () => {
      const player = await buildAccount(database.db);
      const chapter = await buildChapter(database.db, { visibility: 'assigned' });
      expect(
        (
          await trainer.put(`/api/trainer/chapters/${chapter.uuid}/assignments`, {
            playerIds: [player.id],
          })
        ).statusCode,
      ).toBe(200);
      const link = await trainer.post(`/api/trainer/players/${player.id}/magic-links`);
      expect(link.statusCode, link.body).toBe(201);

      const first = await trainer.get('/api/trainer/audit?limit=2');
      expect(first.statusCode, first.body).toBe(200);
      const [issued, assigned] = first
        .json()
        .entries.map((e: unknown) => auditEntrySchema.parse(e));
      expect(issued).toMatchObject({
        action: 'magic_link.issued',
        sessionUuid: null,
        targetUuid: player.id,
      });
      expect(assigned).toMatchObject({
        action: 'chapter.assigned',
        targetUuid: chapter.uuid,
        details: { added: [player.id], removed: [] },
      });
      const next = await trainer.get(
        `/api/trainer/audit?limit=2&before=${first.json().nextBefore}`,
      );
      const ids = next.json().entries.map((e: { id: number }) => e.id);
      expect(Math.max(...ids)).toBeLessThan(assigned.id);
      expect((await trainer.get('/api/trainer/audit?limit=101')).statusCode).toBe(422);
    });
  });

  it('opens none of its routes to a player', async () => {
    const { uuid, players, teamUuids } = await gameSession(1);
    const player = players[0]!;
    const routes: [string, string][] = [
      ['GET', `/api/trainer/sessions/${uuid}/cockpit`],
      ['GET', `/api/trainer/sessions/${uuid}/submissions`],
      ['GET', `/api/trainer/sessions/${uuid}/audit`],
      ['GET', '/api/trainer/audit'],
      ['POST', `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/adjustments`],
    ];
    for (const [method, url] of routes) {
      const response = await player.request({
        method: method as never,
        url,
        payload: { points: 5, reason: 'sneaky' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
