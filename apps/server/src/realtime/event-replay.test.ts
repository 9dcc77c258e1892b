import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { appendBacklog } from '../../test/event-backlog.js';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.js';
import { buildAccount } from '../../test/factories.js';
import type { SessionAccess } from './session-access.js';
import { sessionStream } from './streams.js';

/**
 * Resuming a stream far behind: a laptop lid closed during a busy phase. Each event below is
 * about 900 bytes, so a backlog of a few thousand is megabytes, well past what a live client may
 * let pile up before it is cut.
 */
let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let cookie: string;
const open: EventStreamClient[] = [];

const backlogSession = randomUUID();
const herdSession = randomUUID();
const fakeSessionAccess: SessionAccess = {
  canRead: async (_principal, sessionUuid) =>
    sessionUuid === backlogSession || sessionUuid === herdSession
      ? { audiences: ['session'] }
      : 'not_found',
};

const headOf = async (sessionUuid: string) => {
  const row = await database.db
    .selectFrom('event_stream')
    .select('last_sequence')
    .where('stream', '=', sessionStream(sessionUuid))
    .executeTakeFirstOrThrow();
  return Number(row.last_sequence);
};

/** Waits for `count` messages, failing at once if the server ends the stream first. */
const receiveAll = async (stream: EventStreamClient, count: number) => {
  await stream
    .waitUntil(() => stream.messages.length >= count || stream.ended, 120_000)
    .catch(() => {});
  if (stream.messages.length < count) {
    throw new Error(
      `received ${stream.messages.length} of ${count} events; stream ended: ${stream.ended}`,
    );
  }
};

/**
 * Plain GETs, one after the other, each on a connection of its own, from a thread of their own
 * (another browser's, not this process's busy loop) until `stop`: their latencies and statuses.
 */
const plainGetsMeanwhile = (url: string) => {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    let stopped = false;
    parentPort.once('message', () => (stopped = true));
    const get = () => new Promise((resolve) => {
      http.get(workerData, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      }).on('error', () => resolve(0));
    });
    (async () => {
      const latencies = [];
      const statuses = [];
      while (!stopped) {
        const started = performance.now();
        statuses.push(await get());
        latencies.push(performance.now() - started);
      }
      parentPort.postMessage({ latencies, statuses });
    })();
    `,
    { eval: true, workerData: url },
  );
  const results = new Promise<{ latencies: number[]; statuses: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
  return { stop: () => worker.postMessage('stop'), results };
};

const expectGapFree = (ids: readonly (string | undefined)[], from: number, count: number) => {
  expect(ids.length).toBe(count);
  const wrong = ids.findIndex((id, index) => id !== String(from + index));
  expect(wrong, `first id out of order at ${wrong}: ${ids[wrong]}`).toBe(-1);
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ SSE_MAX_STREAMS_PER_USER: '100', SSE_HEARTBEAT_SECONDS: '1' }),
    database,
    logger: false,
    sessionAccess: fakeSessionAccess,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  const account = await buildAccount(database.db);
  const browser = new TestBrowser(app);
  await browser.login(account.username, account.password, 'player');
  cookie = browser.cookieHeader();
  await appendBacklog(app, backlogSession, 10_000, 1000);
  await appendBacklog(app, herdSession, 2_000, 1000);
}, 120_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('resuming a stream far behind', () => {
  it('delivers a backlog of 10,000 events whole, in order, then goes on live', async () => {
    const head = await headOf(backlogSession);
    const first = head - 10_000 + 1;
    const stream = await openEventStream(`${base}/api/sessions/${backlogSession}/events`, {
      cookie,
      'last-event-id': String(first - 1),
    });
    open.push(stream);
    await receiveAll(stream, 10_000);
    await appendBacklog(app, backlogSession, 1, 1000);
    await receiveAll(stream, 10_001);
    expectGapFree(stream.ids(), first, 10_001);
    expect(stream.ended).toBe(false);
  }, 180_000);

  it('paces the replay by the socket: a client that stops reading for a while loses nothing', async () => {
    const head = await headOf(backlogSession);
    const ids: string[] = [];
    let text = '';
    let ended = false;
    const request = http.get(`${base}/api/sessions/${backlogSession}/events`, {
      headers: { cookie, 'last-event-id': '0' },
    });
    const done = new Promise<void>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        // The reader stops before a byte is taken: the server's writes pile up meanwhile.
        response.pause();
        setTimeout(() => response.resume(), 1500);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const id = /^id: (\d+)$/m.exec(text.slice(0, end))?.[1];
            if (id) ids.push(id);
            text = text.slice(end + 2);
          }
          if (ids.length >= head) resolve();
        });
        // Cut by the server (ended, or destroyed for being too slow) before the last event.
        response.on('close', () => {
          ended = ids.length < head;
          resolve();
        });
      });
    });
    try {
      await done;
    } finally {
      request.destroy();
    }
    expect(ended).toBe(false);
    expectGapFree(ids, 1, head);
  }, 180_000);

  // Node takes in one new connection per turn of its event loop, and on PGlite a page read holds
  // the thread from start to end: a request connecting behind a herd's connections waits for
  // what each turn holds. Clients that never make a replay wait for their socket (a sink always
  // drained) are the worst case: their replays would chain read after read.
  it.runIf(testDatabaseKind() === 'pglite')(
    'holds at most one small page of a herd replay in a turn of the event loop',
    async () => {
      const head = await headOf(herdSession);
      let turn = 0;
      let replaying = true;
      const tick = () => {
        turn += 1;
        if (replaying) setImmediate(tick);
      };
      setImmediate(tick);
      const eventsInTurn = new Map<number, number>();
      const herd = Array.from({ length: 20 }, () => {
        const ids: string[] = [];
        const sink = {
          write: (bytes: Buffer) => {
            const sent = [...bytes.toString().matchAll(/^id: (\d+)$/gm)].map((match) => match[1]!);
            ids.push(...sent);
            eventsInTurn.set(turn, (eventsInTurn.get(turn) ?? 0) + sent.length);
          },
          bufferedBytes: () => 0,
          drained: async () => true,
          end: () => {},
        };
        return { ids, sink };
      });
      const subscriptions = await Promise.all(
        herd.map(({ sink }) =>
          app.realtime.hub.subscribe({
            stream: sessionStream(herdSession),
            audiences: new Set(['session']),
            owner: `herd ${randomUUID()}`,
            lastEventId: 0,
            sink,
          }),
        ),
      ).finally(() => (replaying = false));
      for (const subscription of subscriptions) if ('ok' in subscription) subscription.ok.close();
      for (const { ids } of herd) expectGapFree(ids, 1, head);
      // 20 clients × 2,000 events went out at most a page of 100 in each turn.
      expect(Math.max(...eventsInTurn.values())).toBeLessThanOrEqual(100);
    },
    120_000,
  );

  it('serves ordinary requests while a herd of 50 clients resumes a large backlog', async () => {
    const head = await headOf(herdSession);
    const gets = plainGetsMeanwhile(`${base}/api/health`);
    const replayed = Promise.all(
      Array.from({ length: 50 }, async () => {
        const stream = await openEventStream(`${base}/api/sessions/${herdSession}/events`, {
          cookie,
          'last-event-id': '0',
        });
        open.push(stream);
        await receiveAll(stream, head);
        return stream;
      }),
    );
    const herd = await replayed.finally(() => gets.stop());
    const { latencies, statuses } = await gets.results;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
    console.info(
      `resume herd: 50 clients x ${head} events; GET /api/health during it: ` +
        `${latencies.length} requests, p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, ` +
        `p99 ${p99?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const stream of herd) {
      expectGapFree(stream.ids(), 1, head);
      expect(stream.ended).toBe(false);
    }
  }, 180_000);
});
