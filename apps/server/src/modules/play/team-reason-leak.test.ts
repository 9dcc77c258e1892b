import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams, signedInPlayer } from '../../../test/session-factories.js';
import { playerGetRoutes, walkGetRoutes } from '../../../test/route-walk.js';

/**
 * The reason a trainer gives for eliminating a team, or for adjusting its score, is for that
 * team and the trainers. A player of another team attacks: they open the session's stream from
 * its start and call every GET route a player may (taken from the router, so a route added later
 * is walked too), during the game and after its end; no answer holds the canary reasons. The
 * eliminated team's own player does read them, so the test looks for the right thing.
 */
const canary = `REASON-${randomBytes(8).toString('hex')}`;
const eliminationReason = `${canary}-eliminated`;
const adjustmentReason = `${canary}-adjusted`;

describe(`a team's reasons reach no other team (${testDatabaseKind()})`, () => {
  const clock = testClock();
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let chapter: BuiltChapter;
  let session: string;
  let teams: string[];
  let punished: TestBrowser;
  let rival: TestBrowser;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', files: [{ name: 'notes.txt' }], hints: [{ cost: 5 }] },
            { type: 'single_choice' },
          ],
        },
      ],
    });
    const game = await sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: () => signedInPlayer(app, database.db),
      clock,
    });
    session = game.uuid;
    teams = game.teamUuids;
    punished = game.members[0]![0]!;
    rival = game.members[1]![0]!;
    const adjusted = await trainer.post(
      `/api/trainer/sessions/${session}/teams/${teams[0]}/adjustments`,
      { points: -20, reason: adjustmentReason },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const eliminated = await trainer.post(
      `/api/trainer/sessions/${session}/teams/${teams[0]}/eliminate`,
      { reason: eliminationReason },
    );
    expect(eliminated.statusCode, eliminated.body).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The session's stream replayed from its start, up to the elimination's ranking. */
  const replay = async (player: TestBrowser) => {
    const stream = await openEventStream(`${base}/api/sessions/${session}/events?lastEventId=0`, {
      cookie: player.cookieHeader(),
    });
    try {
      await stream.waitUntil(
        () =>
          stream.messages.filter((message) => message.event === 'ranking.changed').length >= 2 &&
          stream.messages.some((message) => message.event === 'team.eliminated'),
      );
      return stream.messages;
    } finally {
      await stream.close();
    }
  };

  /** Every player GET route but the streams, with the game's uuids; each answer's body. */
  const walkPlayerRoutes = async (player: TestBrowser) => {
    const objectives = chapter.missions[0]!.objectives;
    const candidates = (parameter: string) => {
      const name = parameter.toLowerCase();
      if (name.startsWith('team')) return teams;
      if (name.startsWith('objective')) return objectives.map((objective) => objective.uuid);
      if (name.startsWith('file'))
        return objectives.flatMap((objective) => objective.files.map((file) => file.uuid));
      if (name.startsWith('hint'))
        return objectives.flatMap((objective) => objective.hints.map((hint) => hint.uuid));
      if (name.startsWith('chapter')) return [chapter.uuid];
      if (name.startsWith('mission')) return [chapter.missions[0]!.uuid];
      return [session];
    };
    const routes = playerGetRoutes(app);
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/sessions/:uuid',
        '/api/sessions/:uuid/ranking',
        '/api/sessions/:uuid/objectives',
        '/api/sessions/:uuid/stats',
        '/api/profile/history',
        '/api/me/sessions',
      ]),
    );
    return walkGetRoutes(routes, candidates, (path) => player.get(path));
  };

  const expectNoReason = (label: string, body: string) =>
    expect(body.toLowerCase(), label).not.toContain(canary.toLowerCase());

  it('replays the elimination and the adjustment to another team without their reasons', async () => {
    const messages = await replay(rival);
    const eliminated = messages.find((message) => message.event === 'team.eliminated');
    expect(eliminated?.data).toMatchObject({ payload: { teamUuid: teams[0], reason: null } });
    const adjusted = messages.find((message) => message.event === 'score.adjusted');
    expect(adjusted?.data).toMatchObject({ payload: { teamUuid: teams[0], points: -20 } });
    for (const message of messages) expectNoReason(message.event, JSON.stringify(message.data));
  });

  it('tells the eliminated team its reasons, on its stream and on its session', async () => {
    const messages = await replay(punished);
    const reasons = messages.map((message) => JSON.stringify(message.data)).join('\n');
    expect(reasons).toContain(eliminationReason);
    expect(reasons).toContain(adjustmentReason);
    const detail = (await punished.get(`/api/sessions/${session}`)).json().session;
    expect(detail.gaming_session_user.gaming_session_team.eliminationReason).toBe(
      eliminationReason,
    );
    expect(detail.scoreAdjustments).toMatchObject([{ points: -20, reason: adjustmentReason }]);
  });

  it('answers another team no reason on any player route, during the game and after', async () => {
    const during = await walkPlayerRoutes(rival);
    for (const { path, body } of during) expectNoReason(path, body);
    expect(during.find((answer) => answer.path === `/api/sessions/${session}`)?.status).toBe(200);

    expect((await trainer.post(`/api/trainer/sessions/${session}/stop`)).statusCode).toBe(200);
    const after = await walkPlayerRoutes(rival);
    for (const { path, body } of after) expectNoReason(path, body);
    // The debrief answers once the game is over: it was really read.
    expect(after.find((answer) => answer.path === `/api/sessions/${session}/stats`)?.status).toBe(
      200,
    );
    // The same walk finds the reasons for the eliminated team: the search looks for the right thing.
    const own = await walkPlayerRoutes(punished);
    expect(own.map((answer) => answer.body).join('\n')).toContain(eliminationReason);
  });
});
