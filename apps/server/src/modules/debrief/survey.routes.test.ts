import { randomUUID } from 'node:crypto';
import { surveyRatings } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import {
  createTeamOk,
  createTrainerSession,
  sessionWithTeams,
} from '../../../test/session-factories.js';

describe(`the session survey (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let missionUuid: string;
  const clock = testClock();

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  /** A session of `teams` one-player teams, played and stopped by the trainer. */
  const playedSession = async (teams = 2) => {
    const game = await sessionWithTeams({ trainer, missionUuid, signIn: signedIn, clock, teams });
    const stopped = await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    return { uuid: game.uuid, players: game.members.map(([player]) => player!) };
  };

  const rate = (player: TestBrowser, session: string, body: unknown) =>
    player.post(`/api/sessions/${session}/survey`, body);

  const storedRows = (session: string) =>
    database.db
      .selectFrom('session_rating')
      .selectAll()
      .where('session_uuid', '=', session)
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [{ objectives: [{ type: 'flag', flag: { accepted: ['FLAG'] } }] }],
    });
    missionUuid = chapter.missions[0]!.uuid;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('a player', () => {
    it('rates a session they played once it is over, and changes the rating afterwards', async () => {
      const { uuid, players } = await playedSession(1);
      const [alice] = players;
      expect((await alice!.get(`/api/sessions/${uuid}/survey`)).json()).toEqual({ response: null });

      const first = await rate(alice!, uuid, { rating: 'satisfied', comment: '  Great lab  ' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().response).toMatchObject({ rating: 'satisfied', comment: 'Great lab' });

      const changed = await rate(alice!, uuid, { rating: 'very_unsatisfied', comment: '   ' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await alice!.get(`/api/sessions/${uuid}/survey`)).json().response).toMatchObject({
        rating: 'very_unsatisfied',
        comment: null,
      });
      const rows = await storedRows(uuid);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.rating).toBe('very_unsatisfied');
    });

    it('rates a session that finished at its end time', async () => {
      const game = await sessionWithTeams({
        trainer,
        missionUuid,
        signIn: signedIn,
        clock,
        teams: 1,
        settings: { durationMinutes: 5 },
      });
      const player = game.members[0]![0];
      expect((await rate(player!, game.uuid, { rating: 'neutral' })).json().error.code).toBe(
        'survey.session_not_over',
      );
      clock.advance(5 * 60_000 + 1000);
      expect((await rate(player!, game.uuid, { rating: 'neutral' })).statusCode).toBe(200);
    });

    it('keeps one answer when the same player sends several at once', async () => {
      const { uuid, players } = await playedSession(1);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          rate(players[0]!, uuid, { rating: surveyRatings[i % surveyRatings.length] }),
        ),
      );
      for (const result of results) expect(result.statusCode, result.body).toBe(200);
      const rows = await storedRows(uuid);
      expect(rows).toHaveLength(1);
      expect(surveyRatings).toContain(rows[0]!.rating);
    });

    it('refuses a rating outside the five levels, or too long a comment, and stores nothing', async () => {
      const { uuid, players } = await playedSession(1);
      for (const body of [
        { rating: 'great' },
        { rating: 5 },
        { rating: '' },
        {},
        { rating: 'neutral', comment: 'x'.repeat(1001) },
        { rating: 'neutral', extra: true },
      ]) {
        const response = await rate(players[0]!, uuid, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().error.code).toBe('request.invalid');
      }
      expect(await storedRows(uuid)).toHaveLength(0);
    });

    it('cannot rate a session still going, nor one that was canceled', async () => {
      const lobby = await sessionWithTeams({
        trainer,
        missionUuid,
        signIn: signedIn,
        clock,
        teams: 1,
        start: false,
      });
      const waiting = lobby.members[0]![0];
      const early = await rate(waiting!, lobby.uuid, { rating: 'neutral' });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('survey.session_not_over');

      const running = await sessionWithTeams({
        trainer,
        missionUuid,
        signIn: signedIn,
        clock,
        teams: 1,
      });
      const playing = running.members[0]![0];
      expect((await rate(playing!, running.uuid, { rating: 'neutral' })).json().error.code).toBe(
        'survey.session_not_over',
      );

      // A start that waited for missing players too long cancels the session: nobody played it.
      const session = await createTrainerSession(trainer, { missionUuid, minPlayersPerTeam: 2 });
      const alone = await signedIn();
      await createTeamOk(alone, session.uuid, 'Alone');
      await trainer.post(`/api/trainer/sessions/${session.uuid}/start`);
      clock.advance(120_000);
      const canceled = await rate(alone, session.uuid, { rating: 'neutral' });
      expect(canceled.statusCode).toBe(403);
      expect(canceled.json().error.code).toBe('survey.not_played');
    });

    it('cannot rate, nor read the answer of, a session they did not play', async () => {
      const { uuid } = await playedSession(1);
      const outsider = await signedIn();
      for (const response of [
        await rate(outsider, uuid, { rating: 'satisfied' }),
        await outsider.get(`/api/sessions/${uuid}/survey`),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('survey.not_played');
      }
      const unknown = await rate(outsider, randomUUID(), { rating: 'satisfied' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('session.not_found');
      expect(await storedRows(uuid)).toHaveLength(0);
    });
  });

  describe('trainers', () => {
    it('read each session’s distribution and a mission’s, with comments but not their authors', async () => {
      const chapter = await buildChapter(database.db, {
        missions: [{ objectives: [{ type: 'flag', flag: { accepted: ['FLAG'] } }] }],
      });
      const mission = chapter.missions[0]!.uuid;
      const play = async (teams: number) => {
        const game = await sessionWithTeams({
          trainer,
          missionUuid: mission,
          signIn: signedIn,
          clock,
          teams,
        });
        await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`);
        return { uuid: game.uuid, players: game.members.map(([player]) => player!) };
      };
      const first = await play(3);
      const second = await play(2);
      await rate(first.players[0]!, first.uuid, { rating: 'very_satisfied', comment: 'Loved it' });
      await rate(first.players[1]!, first.uuid, { rating: 'very_satisfied' });
      await rate(first.players[2]!, first.uuid, { rating: 'unsatisfied', comment: 'Too hard' });
      await rate(second.players[0]!, second.uuid, { rating: 'neutral' });

      const session = await trainer.get(`/api/trainer/sessions/${first.uuid}/survey`);
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json().distribution).toEqual({
        counts: {
          very_satisfied: 2,
          satisfied: 0,
          neutral: 0,
          unsatisfied: 1,
          very_unsatisfied: 0,
        },
        total: 3,
        players: 3,
      });
      const comments = session.json().comments as { comment: string }[];
      expect(comments.map((c) => c.comment).sort()).toEqual(['Loved it', 'Too hard']);
      // Anonymous: nothing in the answer names a player.
      for (const player of first.players) {
        expect(session.body).not.toContain(player.account.id);
        expect(session.body).not.toContain(player.account.pseudo);
      }

      const byMission = await trainer.get(`/api/trainer/missions/${mission}/survey?limit=1`);
      expect(byMission.statusCode, byMission.body).toBe(200);
      expect(byMission.json().distribution).toMatchObject({ total: 4, players: 5 });
      expect(byMission.json().distribution.counts.neutral).toBe(1);
      expect(
        byMission
          .json()
          .sessions.map((s: { uuid: string; distribution: { total: number } }) => [
            s.uuid,
            s.distribution.total,
          ]),
      ).toEqual([
        [first.uuid, 3],
        [second.uuid, 1],
      ]);
      expect(byMission.json().comments).toHaveLength(1);
    });

    it('get 404 for an unknown session or mission, and players get 403', async () => {
      expect((await trainer.get(`/api/trainer/sessions/${randomUUID()}/survey`)).statusCode).toBe(
        404,
      );
      expect((await trainer.get(`/api/trainer/missions/${randomUUID()}/survey`)).statusCode).toBe(
        404,
      );
      const { uuid, players } = await playedSession(1);
      const refused = await players[0]!.get(`/api/trainer/sessions/${uuid}/survey`);
      expect([401, 403]).toContain(refused.statusCode);
    });
  });
});
