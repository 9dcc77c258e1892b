import { randomUUID } from 'node:crypto';
import type { Audience } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.js';
import { buildAccount } from '../../test/factories.js';
import type { SessionAccess } from './session-access.js';
import { sessionStream, userStream } from './streams.js';

type Account = Awaited<ReturnType<typeof buildAccount>>;

let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let alice: Account;
let bob: Account;
let trainer: Account;
const cookies = new Map<string, string>();
const open: EventStreamClient[] = [];

// A gaming session with two teams: alice in team A, bob in team B (until sessions exist).
const session = randomUUID();
const teamA = randomUUID();
const teamB = randomUUID();
const outsiderSession = randomUUID();
const fakeSessionAccess: SessionAccess = {
  canRead: async (principal, sessionUuid) => {
    if (sessionUuid === outsiderSession) return 'forbidden';
    if (sessionUuid !== session) return 'not_found';
    if (principal.role === 'trainer') return { audiences: ['session', 'trainers'] };
    const team = principal.accountId === alice.id ? teamA : teamB;
    return { audiences: ['session', `team:${team}`, `user:${principal.accountId}`] };
  },
};

const login = async (account: Account, side: 'player' | 'trainer' = 'player') => {
  const browser = new TestBrowser(app);
  await browser.login(account.username, account.password, side);
  return browser.cookieHeader();
};

const connect = async (path: string, account: Account, headers: Record<string, string> = {}) => {
  const stream = await openEventStream(`${base}${path}`, {
    cookie: cookies.get(account.id)!,
    ...headers,
  });
  open.push(stream);
  return stream;
};

const joinable = (name: string) => ({
  type: 'session.joinable' as const,
  payload: { sessionUuid: randomUUID(), sessionName: name },
});

/** Writes events for a user, one transaction each, and returns their sequences. */
const writeUserEvents = async (account: Account, names: string[]) => {
  const sequences: number[] = [];
  for (const name of names) {
    const appended = await app.realtime.events.transaction(({ append }) =>
      append({ stream: userStream(account.id), audience: `user:${account.id}`, ...joinable(name) }),
    );
    sequences.push(appended.sequence);
  }
  return sequences;
};

const writeSessionEvent = (audience: Audience, pseudo: string) =>
  app.realtime.events.transaction(({ append }) =>
    append({
      stream: sessionStream(session),
      audience,
      type: 'team.member_joined',
      payload: { teamUuid: teamA, pseudo },
    }),
  );

const names = (stream: EventStreamClient) =>
  stream.messages.map((message) => {
    const payload = (message.data as { payload: { sessionName?: string; pseudo?: string } })
      .payload;
    return payload.sessionName ?? payload.pseudo;
  });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ SSE_MAX_STREAMS_PER_USER: '3', SSE_HEARTBEAT_SECONDS: '1' }),
    database,
    logger: false,
    sessionAccess: fakeSessionAccess,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  alice = await buildAccount(database.db);
  bob = await buildAccount(database.db);
  trainer = await buildAccount(database.db, { role: 'trainer' });
  cookies.set(alice.id, await login(alice));
  cookies.set(bob.id, await login(bob));
  cookies.set(trainer.id, await login(trainer, 'trainer'));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/me/events', () => {
  it('streams the caller’s events live, with id, event type and a versioned envelope', async () => {
    const stream = await connect('/api/me/events', alice);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();

    const [sequence] = await writeUserEvents(alice, ['Friday night']);
    await stream.waitForMessages(1);
    expect(stream.messages[0]).toEqual({
      id: String(sequence),
      event: 'session.joinable',
      data: {
        v: 1,
        sequence,
        audience: `user:${alice.id}`,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        type: 'session.joinable',
        payload: { sessionUuid: expect.any(String), sessionName: 'Friday night' },
      },
    });
  });

  it('never carries another user’s events', async () => {
    const aliceStream = await connect('/api/me/events', alice);
    const bobStream = await connect('/api/me/events', bob);
    await writeUserEvents(bob, ['for bob']);
    await writeUserEvents(alice, ['for alice']);
    await aliceStream.waitForMessages(1);
    await bobStream.waitForMessages(1);
    expect(names(aliceStream)).toEqual(['for alice']);
    expect(names(bobStream)).toEqual(['for bob']);
  });

  it('replays exactly what followed Last-Event-ID, then continues live', async () => {
    const sequences = await writeUserEvents(bob, ['r1', 'r2', 'r3']);
    const stream = await connect('/api/me/events', bob, {
      'last-event-id': String(sequences[0]),
    });
    await stream.waitForMessages(2);
    await writeUserEvents(bob, ['r4']);
    await stream.waitForMessages(3);
    expect(names(stream)).toEqual(['r2', 'r3', 'r4']);
    expect(stream.ids()).toEqual([sequences[1], sequences[2], sequences[2]! + 1].map(String));
  });

  it('is where the identity read says it stands: opened late from there, it misses nothing', async () => {
    const identity = async (account: Account) => {
      const response = await fetch(`${base}/api/auth/user`, {
        headers: { cookie: cookies.get(account.id)! },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { streamPosition: number }).streamPosition;
    };
    const [before] = await writeUserEvents(bob, ['before the read']);
    const read = await identity(bob);
    expect(read).toBe(before);
    // Addressed to bob between the page's read and its stream's opening, and to someone else.
    await writeUserEvents(bob, ['meanwhile']);
    await writeUserEvents(alice, ['for alice']);
    const stream = await connect(`/api/me/events?lastEventId=${read}`, bob);
    await stream.waitForMessages(1);
    await writeUserEvents(bob, ['live']);
    await stream.waitForMessages(2);
    expect(names(stream)).toEqual(['meanwhile', 'live']);
    // Another account's events do not move it.
    expect(await identity(bob)).toBe(read + 2);
  });

  it('replays from ?lastEventId= for clients that cannot set headers; the header wins', async () => {
    const sequences = await writeUserEvents(bob, ['q1', 'q2']);
    const byQuery = await connect(`/api/me/events?lastEventId=${sequences[0]}`, bob);
    await byQuery.waitForMessages(1);
    expect(names(byQuery)).toEqual(['q2']);

    const both = await connect(`/api/me/events?lastEventId=0`, bob, {
      'last-event-id': String(sequences[0]),
    });
    await both.waitForMessages(1);
    expect(names(both)).toEqual(['q2']);
  });

  it('starts from now when no Last-Event-ID is given', async () => {
    await writeUserEvents(bob, ['before']);
    const stream = await connect('/api/me/events', bob);
    await writeUserEvents(bob, ['after']);
    await stream.waitForMessages(1);
    expect(names(stream)).toEqual(['after']);
  });

  it.each([
    ['not a number', 'abc'],
    ['negative', '-1'],
    ['fractional', '1.5'],
    ['too large to be an id', '9'.repeat(30)],
  ])('refuses a Last-Event-ID that is %s with 422 and no stream', async (_case, value) => {
    for (const headers of [{ 'last-event-id': value }, {}] as Record<string, string>[]) {
      const query = 'last-event-id' in headers ? '' : `?lastEventId=${encodeURIComponent(value)}`;
      const response = await fetch(`${base}/api/me/events${query}`, {
        headers: { cookie: cookies.get(alice.id)!, ...headers },
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { error: { code: string; issues: unknown[] } };
      expect(body.error.code).toBe('request.invalid');
    }
  });

  it('answers a Last-Event-ID beyond the end of the stream with stream.reset, then goes live', async () => {
    const [head] = await writeUserEvents(alice, ['known']);
    const stream = await connect('/api/me/events', alice, { 'last-event-id': '999999' });
    await stream.waitForMessages(1);
    expect(stream.messages[0]).toEqual({
      id: String(head),
      event: 'stream.reset',
      data: { v: 1, type: 'stream.reset', sequence: head, reason: 'last_event_id_ahead' },
    });
    await writeUserEvents(alice, ['next']);
    await stream.waitForMessages(2);
    expect(stream.messages[1]!.id).toBe(String(head! + 1));
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const stream = await connect('/api/me/events', alice);
    const initial = stream.comments;
    await stream.waitUntil(() => stream.comments > initial, 5000);
  });

  it('caps the streams one account holds open, with a clear error, and frees a slot on close', async () => {
    const streams = [];
    for (let index = 0; index < 3; index += 1) streams.push(await connect('/api/me/events', alice));
    const refused = await fetch(`${base}/api/me/events`, {
      headers: { cookie: cookies.get(alice.id)! },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'events.too_many_streams',
    );
    // Another account is not affected.
    expect((await connect('/api/me/events', bob)).response.status).toBe(200);

    await streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await connect('/api/me/events', alice);
        if (again.response.status !== 200) await again.response.body?.cancel();
        return again.response.status;
      })
      .toBe(200);
  });

  it('needs an authenticated player', async () => {
    const response = await fetch(`${base}/api/me/events`);
    expect(response.status).toBe(401);
  });
});

describe('GET /api/sessions/{uuid}/events', () => {
  it('gives each caller only the audiences it belongs to, live and on replay', async () => {
    const aliceStream = await connect(`/api/sessions/${session}/events`, alice);
    const bobStream = await connect(`/api/sessions/${session}/events`, bob);
    const trainerStream = await connect(`/api/trainer/sessions/${session}/events`, trainer);

    const first = await writeSessionEvent('session', 'everyone');
    await writeSessionEvent(`team:${teamA}`, 'team A only');
    await writeSessionEvent(`team:${teamB}`, 'team B only');
    await writeSessionEvent('trainers', 'trainers only');
    await writeSessionEvent(`user:${bob.id}`, 'bob only');
    await writeSessionEvent('session', 'everyone again');

    await aliceStream.waitForMessages(3);
    await bobStream.waitForMessages(4);
    await trainerStream.waitForMessages(3);
    expect(names(aliceStream)).toEqual(['everyone', 'team A only', 'everyone again']);
    expect(names(bobStream)).toEqual(['everyone', 'team B only', 'bob only', 'everyone again']);
    expect(names(trainerStream)).toEqual(['everyone', 'trainers only', 'everyone again']);

    const replay = await connect(`/api/sessions/${session}/events`, alice, {
      'last-event-id': String(first.sequence - 1),
    });
    await replay.waitForMessages(3);
    expect(names(replay)).toEqual(['everyone', 'team A only', 'everyone again']);
  });

  it('answers 404 for a session that does not exist and 403 for one the caller is not in', async () => {
    const cookie = cookies.get(alice.id)!;
    const missing = await fetch(`${base}/api/sessions/${randomUUID()}/events`, {
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
    const foreign = await fetch(`${base}/api/sessions/${outsiderSession}/events`, {
      headers: { cookie },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-type')).toContain('application/json');
  });

  it('keeps the player and trainer streams behind their own interface', async () => {
    const asPlayer = await fetch(`${base}/api/trainer/sessions/${session}/events`, {
      headers: { cookie: cookies.get(alice.id)! },
    });
    expect(asPlayer.status).toBe(401);
  });
});

describe('streams and the sign-in behind them', () => {
  it('end once their sign-in has ended, and a new attempt meets a 401; another sign-in’s stay', async () => {
    // Alice signed in on a second device, which opened her own stream and the session's.
    const device = new TestBrowser(app);
    await device.login(alice.username, alice.password);
    const deviceCookie = device.cookieHeader();
    const fromDevice = await Promise.all(
      ['/api/me/events', `/api/sessions/${session}/events`].map(async (path) => {
        const stream = await openEventStream(`${base}${path}`, { cookie: deviceCookie });
        open.push(stream);
        return stream;
      }),
    );
    const kept = await connect('/api/me/events', alice);
    for (const stream of [...fromDevice, kept]) expect(stream.response.status).toBe(200);

    // That device signs out (or is ended from her list of sessions): what it held open ends,
    // and nothing written afterwards reaches it.
    expect((await device.post('/api/auth/logout')).statusCode).toBe(204);
    await Promise.all(fromDevice.map((stream) => stream.finished));
    await writeUserEvents(alice, ['After the sign-out']);
    await writeSessionEvent(`team:${teamA}`, 'Late teammate');
    expect(fromDevice.map((stream) => stream.messages)).toEqual([[], []]);
    const again = await fetch(`${base}/api/me/events`, { headers: { cookie: deviceCookie } });
    expect(again.status).toBe(401);

    // Her other sign-in goes on: its stream outlives the heartbeats that ended the device's.
    await kept.waitForMessages(1);
    expect(names(kept)).toEqual(['After the sign-out']);
    const heartbeats = kept.comments;
    await kept.waitUntil(() => kept.comments > heartbeats + 1);
    expect(kept.ended).toBe(false);
  });
});

describe('with the default session access (before gaming sessions exist)', () => {
  it('answers 404: there is no session to read', async () => {
    const plain = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const browser = new TestBrowser(plain);
      await browser.login(alice.username, alice.password);
      const response = await browser.get(`/api/sessions/${session}/events`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('request.not_found');
    } finally {
      await plain.close();
    }
  });
});

describe('on shutdown', () => {
  it('answers 503 server.unavailable to a stream that reaches the hub once it has closed', async () => {
    // The request is held where a session stream checks access, and let go once the node has
    // begun to shut down (its hub closed, the preClose hooks run in order): as a request that
    // passed the shutdown check just before it.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let reached = () => {};
    const holding = new Promise<void>((resolve) => (reached = resolve));
    const node = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      sessionAccess: {
        canRead: async (principal, sessionUuid) => {
          reached();
          await held;
          return fakeSessionAccess.canRead(principal, sessionUuid);
        },
      },
      configure: (app) => {
        app.addHook('preClose', async () => letGo());
      },
    });
    const address = await node.listen({ host: '127.0.0.1', port: 0 });
    const browser = new TestBrowser(node);
    await browser.login(bob.username, bob.password);
    const response = fetch(`${address}/api/sessions/${session}/events`, {
      headers: { cookie: browser.cookieHeader() },
    });
    await holding;
    await node.close();
    const answered = await response;
    expect(answered.status).toBe(503);
    expect(await answered.json()).toEqual({
      error: { code: 'server.unavailable', message: expect.any(String) },
    });
  });

  it('ends every open stream so that close() does not wait for them', async () => {
    const node = await buildApp({ config: testConfig(), database, logger: false });
    const address = await node.listen({ host: '127.0.0.1', port: 0 });
    const browser = new TestBrowser(node);
    await browser.login(bob.username, bob.password);
    const streams = await Promise.all(
      [1, 2, 3].map(() =>
        openEventStream(`${address}/api/me/events`, { cookie: browser.cookieHeader() }),
      ),
    );
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    expect(node.realtime.hub.subscriberCount).toBe(3);

    const started = Date.now();
    await node.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await Promise.all(streams.map((stream) => stream.finished));
    expect(streams.every((stream) => stream.ended)).toBe(true);
  });
});
