import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams, signedInPlayer } from '../../../test/session-factories.js';
import { pathParameters, playerGetRoutes, walkGetRoutes } from '../../../test/route-walk.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { testClock } from '../../../test/clock.js';

/**
 * The text of a wrong answer is for trainers only: not for the player's teammates, not for other
 * teams. A teammate submits a unique canary as a wrong answer; every player GET route (taken from
 * the router, so a route added later is walked too) and every player's session stream, replayed
 * from the start over real HTTP, must not carry it, while the trainers' stream and feed do.
 */
const canary = `WRONG-CANARY-${randomBytes(8).toString('hex')}`;

const clock = testClock();

describe(`no wrong answer's text reaches a player (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let session: string;
  let teams: string[];
  let objectives: string[];
  let chapter: string;
  let mission: string;
  /** Each team's players: team A's first one writes the wrong answers. */
  let members: TestBrowser[][];
  let players: TestBrowser[];
  /** Each team's support thread, where team A asked for help on the objective it got wrong. */
  let supportThreads: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const built = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', points: 100, penalty: 5, flag: { accepted: ['RIGHT'] } },
            { type: 'flag', points: 50, flag: { accepted: ['ALSO-RIGHT'] } },
          ],
        },
      ],
    });
    chapter = built.uuid;
    mission = built.missions[0]!.uuid;
    objectives = built.missions[0]!.objectives.map((objective) => objective.uuid);
    // Team A: the author and a teammate; team B: two other players.
    const game = await sessionWithTeams({
      trainer,
      missionUuid: mission,
      signIn: () => signedInPlayer(app, database.db),
      clock,
      size: 2,
    });
    session = game.uuid;
    teams = game.teamUuids;
    members = game.members;
    players = members.flat();
    const [author, other] = [members[0]![0]!, members[1]![0]!];
    for (const objective of objectives) {
      const response = await author.post(
        `/api/sessions/${session}/objectives/${objective}/answers`,
        { answer: canary },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().correct).toBe(false);
    }
    const supportOf = async (player: TestBrowser) =>
      (
        (await player.get(`/api/session/${session}/chat/threads`)).json().threads as {
          uuid: string;
          channel: string;
        }[]
      ).find((thread) => thread.channel === 'support')!.uuid;
    supportThreads = [await supportOf(author), await supportOf(other)];
    for (const [index, player] of [author, other].entries()) {
      const asked = await player.post(`/api/session/${session}/chat/messages`, {
        threadId: supportThreads[index],
        text: 'We need help here',
        objectiveUuid: objectives[0],
      });
      expect(asked.statusCode, asked.body).toBe(201);
    }
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is in no response of any player GET route, for any player of the session', async () => {
    const routes = playerGetRoutes(app).filter(
      (route) => !pathParameters(route.url).some((parameter) => parameter.startsWith('file')),
    );
    const candidates = (parameter: string) => {
      const name = parameter.toLowerCase();
      if (name.startsWith('objective')) return objectives;
      if (name.startsWith('team')) return teams;
      if (name.startsWith('chapter')) return [chapter];
      if (name.startsWith('mission')) return [mission];
      return [session, chapter, mission];
    };
    const answered = new Set<string>();
    for (const player of players)
      for (const { route, path, status, body } of await walkGetRoutes(routes, candidates, (p) =>
        player.get(p),
      )) {
        expect(body, path).not.toContain(canary);
        if (status === 200) answered.add(route);
      }
    // The routes of a game in progress did answer: what they said was really looked at.
    expect([...answered]).toEqual(
      expect.arrayContaining([
        '/api/sessions/:uuid',
        '/api/sessions/:uuid/objectives',
        '/api/sessions/:uuid/ranking',
      ]),
    );
  });

  it('is on no player’s session stream, replayed from the start', async () => {
    const readLog = () => readEventsAfter(database.db, sessionStream(session), 0, 1000);
    const logged = await readLog();
    expect(logged.map((event) => event.type)).toContain('submissions.recorded');
    for (const [index, player] of players.entries()) {
      const team = teams[Math.floor(index / members[0]!.length)]!;
      const visibleIn = (events: typeof logged) =>
        events.filter((event) => event.audience === 'session' || event.audience === `team:${team}`);
      const stream = await openEventStream(`${base}/api/sessions/${session}/events?lastEventId=0`, {
        cookie: player.cookieHeader(),
      });
      try {
        // Every event a player may see, up to the head: its own team's and the session's. The
        // game may still append (a ranking announced after its interval): the log is read again
        // and compared up to the last event received.
        await stream.waitForMessages(visibleIn(logged).length);
        const last = Number(stream.messages.at(-1)!.id);
        const visible = visibleIn(await readLog()).filter((event) => event.sequence <= last);
        expect(stream.messages.map((message) => Number(message.id))).toEqual(
          visible.map((event) => event.sequence),
        );
        expect(JSON.stringify(stream.messages)).not.toContain(canary);
        expect(stream.messages.map((message) => message.event)).not.toContain(
          'submissions.recorded',
        );
      } finally {
        await stream.close();
      }
    }
  });

  it('is in a support question’s context for the trainers, of its own team only, never for players', async () => {
    const contextPath = (thread: string) =>
      `/api/trainer/sessions/${session}/chat/threads/${thread}/context`;
    const [ofA, ofB] = supportThreads.map(contextPath) as [string, string];
    expect((await trainer.get(ofA)).body).toContain(canary);
    // Team B asked about the same objective: its context holds none of team A's answers.
    const forB = await trainer.get(ofB);
    expect(forB.statusCode).toBe(200);
    expect(forB.json().context.objective.uuid).toBe(objectives[0]);
    expect(forB.body).not.toContain(canary);
    for (const player of players)
      for (const path of [ofA, ofB]) {
        const response = await player.get(path);
        expect(response.statusCode, path).toBe(401);
        expect(response.body).not.toContain(canary);
      }
  });

  it('is in the trainers’ feed, which their stream announces (the test looks for the right thing)', async () => {
    const stream = await openEventStream(
      `${base}/api/trainer/sessions/${session}/events?lastEventId=0`,
      { cookie: trainer.cookieHeader() },
    );
    try {
      await stream.waitUntil(() =>
        stream.messages.some((message) => message.event === 'submissions.recorded'),
      );
      // The announcement names no answer, even to trainers: the text is read from the feed.
      expect(JSON.stringify(stream.messages)).not.toContain(canary);
    } finally {
      await stream.close();
    }
    const feed = await trainer.get(`/api/trainer/sessions/${session}/submissions`);
    expect(feed.body).toContain(canary);
  });
});
