import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { testClock } from '../../test/clock.js';
import { buildChapter } from '../../test/content-factories.js';
import type { StreamMessage } from '../../test/event-stream.js';
import {
  HANG_MS,
  expectAlive,
  followStream,
  sleep,
  timed,
  waitFor,
  type Outcome,
} from '../../test/fault-load.js';
import { buildAccount } from '../../test/factories.js';
import {
  freePort,
  postgresBinaries,
  startOwnPostgres,
  type OwnPostgres,
} from '../../test/own-postgres.js';
import { spawnServer, type ServerProcess } from '../../test/process.js';
import { sessionWithTeams } from '../../test/session-factories.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { openPostgres, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

const onPostgres = process.env.RAMPART_TEST_DATABASE === 'postgres' && postgresBinaries() !== null;

/** What "fast" means for a 503 while the database is away. */
const FAST_MS = 1000;
/** A node serves again within this of the database's return (its pools reconnect on demand). */
const RECOVERY_MS = 5000;
/**
 * How long PostgreSQL stays stopped: long enough for every backoff to reach its ceiling (the
 * event listener's reconnection waits up to 5 s) and for requests to pile up against a database
 * that does not come back at once, as in a real outage.
 */
const STOP_MS = 20_000;

/**
 * The database killed under a node's feet while players answer and chat: PostgreSQL restarted
 * with `-m immediate`, stopped for twenty seconds with `-m fast`, the connections of one node
 * reset by a proxy. Two real server processes (one straight to PostgreSQL, one through the
 * proxy), a PostgreSQL server of the test's own, both of each node's pools busy: the main pool
 * (chat, sessions) and the answer batches' pool.
 */
describe.runIf(onPostgres)('nodes while their PostgreSQL goes away under load', () => {
  let postgres: OwnPostgres;
  let handle: DatabaseHandle;
  let setupApp: FastifyInstance;
  const processes: ServerProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  const startNode = (databaseUrl: string, port?: number) => {
    const node = spawnServer({
      DATABASE_URL: databaseUrl,
      PORT: String(port ?? 0),
      SEED_DEMO_ACCOUNTS: 'false',
      ANSWERS_PER_MINUTE: '1000000',
      CHAT_MESSAGES_PER_MINUTE: '1000000',
    });
    processes.push(node);
    return node;
  };

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    handle = openPostgres(postgres.url, 4, { warn: () => {} });
    await migrateToLatest(handle.db);
  }, 60_000);

  afterAll(async () => {
    for (const node of processes) {
      node.child.kill('SIGKILL');
      await node.exited;
    }
    for (const cleanup of cleanups) await cleanup();
    await setupApp?.close();
    await handle?.close();
    await postgres?.close();
  });

  it('never exit, answer 503 fast while it is away, recover by themselves, lose no acknowledged write', async () => {
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(postgres.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const direct = startNode(postgres.url);
    const proxied = startNode(viaProxy.toString());
    const nodes = { direct: await direct.listening, proxied: await proxied.listening };

    // A running session of six one-player teams, set up in this process on the same database:
    // the players' cookies are valid on every node.
    const clock = testClock();
    setupApp = await createTestApp(handle, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(handle.db, { role: 'trainer' });
    const trainer = new TestBrowser(setupApp);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(handle.db, {
      missions: [{ objectives: [{ type: 'flag', points: 100, flag: { accepted: ['NEVER'] } }] }],
    });
    const mission = chapter.missions[0]!;
    const objectiveUuid = mission.objectives[0]!.uuid;
    const session = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      clock,
      teams: 6,
      signIn: async () => {
        const account = await buildAccount(handle.db);
        const browser = new TestBrowser(setupApp);
        await browser.login(account.username, account.password);
        await browser.get('/api/csrf-cookie');
        return browser;
      },
    });
    // Past the countdown on the nodes' clock (the database's).
    await sql`update gaming_session set starts_at = now() - interval '1 second' where uuid = ${session.uuid}`.execute(
      handle.db,
    );
    const listed = await session.members[0]![0]!.get(`/api/session/${session.uuid}/chat/threads`);
    const general = (listed.json().threads as { uuid: string; channel: string }[]).find(
      (thread) => thread.channel === 'general',
    )!.uuid;

    // A player of each node follows the session's stream through every fault.
    const followers = (['direct', 'proxied'] as const).map((node, index) =>
      followStream(
        () => `${nodes[node]}/api/sessions/${session.uuid}/events`,
        session.members[index]![0]!.cookieHeader(),
      ),
    );
    for (const follower of followers) cleanups.push(() => follower.stop());
    const outcomes: Outcome[] = [];
    const acknowledged = { answers: [] as string[], chats: [] as string[] };
    let phase = 'load';
    let running = true;
    const players = session.members.map((team, index) => ({
      browser: team[0]!,
      node: index % 2 === 0 ? 'direct' : 'proxied',
    }));
    const headersOf = (browser: TestBrowser) => ({
      cookie: browser.cookieHeader(),
      'x-xsrf-token': browser.xsrf!,
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    });

    const answering = players.map(async ({ browser, node }, index) => {
      for (let n = 0; running; n += 1) {
        const answer = `miss-${index}-${n}`;
        const base = nodes[node as keyof typeof nodes];
        const outcome = await timed(
          phase,
          node,
          'answer',
          `${base}/api/sessions/${session.uuid}/objectives/${objectiveUuid}/answers`,
          { method: 'POST', headers: headersOf(browser), body: JSON.stringify({ answer }) },
        );
        outcomes.push(outcome);
        if (outcome.status === 200) acknowledged.answers.push(answer);
        else await sleep(20);
      }
    });
    const chatting = players.map(async ({ browser, node }, index) => {
      for (let n = 0; running; n += 1) {
        const clientId = randomUUID();
        const base = nodes[node as keyof typeof nodes];
        const outcome = await timed(
          phase,
          node,
          'chat',
          `${base}/api/session/${session.uuid}/chat/messages`,
          {
            method: 'POST',
            headers: headersOf(browser),
            body: JSON.stringify({ threadId: general, text: `line ${index}.${n}`, clientId }),
          },
        );
        outcomes.push(outcome);
        if (outcome.status === 201) acknowledged.chats.push(clientId);
        else await sleep(20);
      }
    });
    const health = async (node: keyof typeof nodes) => {
      const outcome = await timed(phase, node, 'health', `${nodes[node]}/api/health`);
      outcomes.push(outcome);
      return outcome;
    };
    /** Both nodes answer their health check, and a player on each is served again. */
    const bothServe = async () => {
      await waitFor(async () => {
        expectAlive('direct', direct);
        expectAlive('proxied', proxied);
        const [a, b] = await Promise.all([health('direct'), health('proxied')]);
        return a.status === 200 && b.status === 200;
      }, RECOVERY_MS);
      const served = acknowledged.answers.length + acknowledged.chats.length;
      await waitFor(() => acknowledged.answers.length + acknowledged.chats.length > served + 12);
    };
    const recoveries: Record<string, number> = {};

    try {
      await waitFor(() => acknowledged.answers.length > 20 && acknowledged.chats.length > 20);

      // 1. PostgreSQL restarted at once: every backend killed mid-transaction.
      phase = 'restart';
      await postgres.restartImmediately();
      let back = performance.now();
      await bothServe();
      recoveries.restart = performance.now() - back;

      // 2. PostgreSQL stopped for twenty seconds (its sessions terminated by the administrator).
      phase = 'stopping';
      await postgres.stop();
      phase = 'away';
      const whileAway = await Promise.all([health('direct'), health('proxied')]);
      await sleep(STOP_MS);
      whileAway.push(...(await Promise.all([health('direct'), health('proxied')])));
      phase = 'starting';
      await postgres.start();
      back = performance.now();
      phase = 'back';
      await bothServe();
      recoveries.stop = performance.now() - back;
      for (const outcome of whileAway) {
        expect(outcome.status).toBe(503);
        expect(outcome.body).toEqual({
          error: { code: 'database.unavailable', message: expect.any(String) },
        });
      }

      // 3. The proxied node's connections reset under it, three times.
      phase = 'reset';
      for (let cut = 0; cut < 3; cut += 1) {
        await sleep(300);
        proxy.reset();
      }
      back = performance.now();
      await bothServe();
      recoveries.reset = performance.now() - back;
    } finally {
      running = false;
      await Promise.all([...answering, ...chatting]);
    }

    expectAlive('direct', direct);
    expectAlive('proxied', proxied);

    // Every request got an answer, none hung: served, or a 503 in the error shape.
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    const others = outcomes.filter(
      (outcome) => outcome.status !== 503 && outcome.status !== 200 && outcome.status !== 201,
    );
    expect(others).toEqual([]);
    for (const outcome of unavailable) expect(outcome.code).toBe('database.unavailable');
    // Sent while the database was away: a fast 503, every one. (Those in flight when it went
    // away took as long as they had already run, plus the failure.)
    const away = outcomes.filter((outcome) => outcome.phase === 'away');
    expect(away.length).toBeGreaterThan(0);
    expect(away.filter((outcome) => outcome.status !== 503)).toEqual([]);
    // A 503 answers at once rather than waiting on a connection: the typical one is fast and none
    // waits as long as a hang would, with room for a machine busy with other test files.
    const sorted = away.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const slowest = sorted.at(-1)!;
    expect(median).toBeLessThan(FAST_MS);
    expect(slowest).toBeLessThan(HANG_MS);

    // Every acknowledged answer and chat message is in the database.
    const submitted = new Set(
      (
        await handle.db
          .selectFrom('submission')
          .select('answer')
          .where('session_uuid', '=', session.uuid)
          .execute()
      ).map((row) => row.answer),
    );
    expect(acknowledged.answers.filter((answer) => !submitted.has(answer))).toEqual([]);
    const posted = new Set(
      (
        await handle.db
          .selectFrom('chat_message')
          .select('client_id')
          .where('thread_uuid', '=', general)
          .execute()
      ).map((row) => row.client_id),
    );
    expect(acknowledged.chats.filter((clientId) => !posted.has(clientId))).toEqual([]);

    // Each stream delivered every chat message stored, once and in order, without a reset.
    const stored = (
      await handle.db
        .selectFrom('chat_message')
        .select('uuid')
        .where('thread_uuid', '=', general)
        .orderBy('id')
        .execute()
    ).map((row) => row.uuid);
    const chatOf = (messages: StreamMessage[]) =>
      messages
        .filter((message) => message.event === 'chat.message_posted')
        .map(
          (message) =>
            (message.data as { payload: { message: { uuid: string } } }).payload.message.uuid,
        );
    try {
      await waitFor(() =>
        followers.every((follower) => chatOf(follower.messages()).length >= stored.length),
      );
    } finally {
      await Promise.all(followers.map((follower) => follower.stop()));
    }
    for (const follower of followers) {
      const messages = follower.messages();
      expect(messages.filter((message) => message.event === 'stream.reset')).toEqual([]);
      const ids = messages.flatMap((message) => (message.id ? [Number(message.id)] : []));
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(chatOf(messages)).toEqual(stored);
    }

    console.info(
      `database faults: ${outcomes.length} requests, ${acknowledged.answers.length} answers and ` +
        `${acknowledged.chats.length} chat messages acknowledged, ${unavailable.length} 503s, ${away.length} of them sent while it was away for ${STOP_MS / 1000} s ` +
        `(median ${Math.round(median)} ms, slowest ${Math.round(slowest)} ms); served again ${Object.entries(
          recoveries,
        )
          .map(([fault, ms]) => `${Math.round(ms)} ms after the ${fault}`)
          .join(
            ', ',
          )}; streams reopened ${followers.map((f) => f.reconnections - 1).join(' and ')} times`,
    );
  }, 240_000);

  it('start while the database is down: wait, retry and say why, answer 503, then serve', async () => {
    await postgres.stop();
    let node: ServerProcess;
    try {
      const port = await freePort();
      node = startNode(postgres.url, port);
      const base = `http://127.0.0.1:${port}`;
      // A process's start: its modules loaded on a machine the other test files keep busy.
      await waitFor(() => {
        expectAlive('starting', node);
        return node.output().includes('Waiting for the database');
      }, 40_000);
      for (const path of ['/api/health', '/api/me/events', '/']) {
        const outcome = await timed('away', 'starting', 'health', `${base}${path}`);
        expect(outcome.status).toBe(503);
        expect(outcome.body).toEqual({
          error: { code: 'database.unavailable', message: expect.any(String) },
        });
      }
      await sleep(1500);
      expectAlive('starting', node);
    } finally {
      await postgres.start();
    }
    const back = performance.now();
    await waitFor(() => node.output().includes('listening on'), RECOVERY_MS);
    const recovery = performance.now() - back;
    const served = await timed(
      'back',
      'started',
      'health',
      `http://127.0.0.1:${new URL(await node.listening).port}/api/health`,
    );
    expect(served.status).toBe(200);
    expect(node.output()).toMatch(/Waiting for the database \(.+\)/);
    console.info(
      `node started while the database was down: served ${Math.round(recovery)} ms after its return`,
    );
  }, 90_000);
});
