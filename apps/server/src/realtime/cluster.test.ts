import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openPostgres } from '../db/database.js';
import { testConfig } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { openEventStream } from '../../test/event-stream.js';
import { buildAccount } from '../../test/factories.js';
import { spawnServer, type ServerProcess } from '../../test/process.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { userStream } from './streams.js';

const onPostgres = process.env.RAMPART_TEST_DATABASE === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** Node A: a real server process on the test database (optionally reached through a proxy). */
const startNodeProcess = async (databaseUrl: string): Promise<ServerProcess & { url: string }> => {
  const node = spawnServer({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    SEED_DEMO_ACCOUNTS: 'false',
    // Far longer than the tests: delivery must come from notifications and reconnection, not
    // from the periodic safety check.
    SSE_HEARTBEAT_SECONDS: '120',
  });
  cleanups.push(async () => {
    node.child.kill('SIGTERM');
    await node.exited;
  });
  return Object.assign(node, { url: await node.listening });
};

/** Node B, in this process: the writer. */
const startNodeInProcess = async (database: TestDatabase): Promise<FastifyInstance> => {
  const handle = openPostgres(database.url!, 4, { warn: () => {} });
  const app = await buildApp({ config: testConfig(), database: handle, logger: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await handle.close();
  });
  return app;
};

const cookieJar = (response: Response, jar: Map<string, string>) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
};

/** Logs in over HTTP as a browser would: CSRF cookie, then login with the token. */
const loginOverHttp = async (base: string, username: string, password: string) => {
  const jar = new Map<string, string>();
  let cookie = cookieJar(await fetch(`${base}/api/csrf-cookie`), jar);
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!),
    },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  cookie = cookieJar(response, jar);
  return cookie;
};

const writeThrough = (node: FastifyInstance, accountId: string, name: string) =>
  node.realtime.events.transaction(({ append }) =>
    append({
      stream: userStream(accountId),
      audience: `user:${accountId}`,
      type: 'session.joinable',
      payload: { sessionUuid: randomUUID(), sessionName: name },
    }),
  );

describe.runIf(onPostgres)('two nodes on one PostgreSQL (cluster mode)', () => {
  it('delivers to a client of node A, in order and without gaps, what node B writes', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const account = await buildAccount(database.db);
    const nodeA = await startNodeProcess(database.url!);
    const nodeB = await startNodeInProcess(database);

    const cookie = await loginOverHttp(nodeA.url, account.username, account.password);
    const stream = await openEventStream(`${nodeA.url}/api/me/events`, { cookie });
    cleanups.push(() => stream.close());
    expect(stream.response.status).toBe(200);

    // Concurrent writers on node B: commits interleave, the stream must still be 1..n.
    const count = 60;
    await Promise.all(
      Array.from({ length: count }, (_, index) => writeThrough(nodeB, account.id, `e${index}`)),
    );
    await stream.waitForMessages(count);
    expect(stream.ids()).toEqual(Array.from({ length: count }, (_, index) => String(index + 1)));
    expect(nodeA.child.exitCode).toBeNull();
  });

  it('survives losing its LISTEN connection: reconnects, catches up, and the client sees no gap', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const target = new URL(database.url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(database.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;

    const account = await buildAccount(database.db);
    const nodeA = await startNodeProcess(viaProxy.toString());
    const nodeB = await startNodeInProcess(database);
    const cookie = await loginOverHttp(nodeA.url, account.username, account.password);
    const stream = await openEventStream(`${nodeA.url}/api/me/events`, { cookie });
    cleanups.push(() => stream.close());

    await writeThrough(nodeB, account.id, 'before the cut');
    await stream.waitForMessages(1);

    // Node A loses PostgreSQL (its pool and its LISTEN connection) as in a restart.
    await proxy.cut();
    await writeThrough(nodeB, account.id, 'during the cut 1');
    await writeThrough(nodeB, account.id, 'during the cut 2');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.messages).toHaveLength(1);
    await proxy.restore();

    // What was announced while A was deaf is read from the log once it listens again.
    await stream.waitForMessages(3, 20_000);
    await writeThrough(nodeB, account.id, 'after the cut');
    await stream.waitForMessages(4);
    expect(stream.ids()).toEqual(['1', '2', '3', '4']);
    expect(nodeA.child.exitCode).toBeNull();
    expect(nodeA.output()).toContain('event listener reconnected');
  }, 60_000);
});
