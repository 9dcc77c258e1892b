import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, testDatabaseKind } from '../../test/database.js';
import { createPostgresEventBus, type EventBus, type StreamHeads } from './event-bus.js';

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const quietLogger = { warn: () => {}, info: () => {} };
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Two nodes' buses on one test database: `sender` notifies through a pool and counts its
 * NOTIFYs, `receiver` records every head it hears from the other node.
 */
const startNodes = async (notifyIntervalMs: number) => {
  const database = await createTestDatabase('postgres');
  cleanups.push(() => database.close());
  const pool = new pg.Pool({ connectionString: database.url!, max: 2 });
  cleanups.push(() => pool.end());
  const notified: string[] = [];
  const busOf = (): EventBus =>
    createPostgresEventBus({
      connectionString: database.url!,
      notify: async (channel, payload) => {
        notified.push(payload);
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      logger: quietLogger,
      notifyIntervalMs,
    });
  const sender = busOf();
  const receiver = busOf();
  const heard = new Map<string, number>();
  const waiters: (() => void)[] = [];
  receiver.onHeads((heads: StreamHeads) => {
    for (const [stream, head] of heads) heard.set(stream, Math.max(heard.get(stream) ?? 0, head));
    for (const wake of waiters.splice(0)) wake();
  });
  await sender.start();
  await receiver.start();
  cleanups.push(() => receiver.close());
  cleanups.push(() => sender.close());
  /** Resolves once the receiver has heard `head` (or more) for `stream`. */
  const hears = async (stream: string, head: number) => {
    while ((heard.get(stream) ?? 0) < head) await new Promise<void>((wake) => waiters.push(wake));
  };
  return { sender, receiver, notified, heard, hears };
};

describe.runIf(testDatabaseKind() === 'postgres')('the bus between nodes (LISTEN/NOTIFY)', () => {
  it('tells the other nodes of a lone commit at once, not at the end of an interval', async () => {
    const { sender, notified, hears } = await startNodes(60_000);
    sender.announce([['session:a', 1]]);
    // Held back for the interval, this would wait a minute: past the test's timeout.
    await hears('session:a', 1);
    expect(notified).toEqual([JSON.stringify([['session:a', 1]])]);
  });

  it('gathers the heads of a burst of commits into one notification, the highest per stream', async () => {
    const { sender, notified, heard, hears } = await startNodes(60_000);
    sender.announce([['session:a', 1]]);
    await hears('session:a', 1);
    // Commits in other ticks, within the interval: no notification until it ends (here, the
    // node stopping), then one with each stream's last head.
    for (let head = 2; head <= 30; head += 1) {
      sender.announce([['session:a', head]]);
      if (head % 3 === 0) sender.announce([[`team:${head}`, head]]);
      await nextTick();
    }
    expect(notified).toHaveLength(1);
    expect(heard.get('session:a')).toBe(1);
    await sender.close();
    await hears('session:a', 30);
    expect(notified).toHaveLength(2);
    const last = new Map(JSON.parse(notified[1]!) as [string, number][]);
    expect(last.get('session:a')).toBe(30);
    expect(last.get('team:30')).toBe(30);
    expect(last.size).toBe(11);
  });

  it('sends what a burst announced once its interval has passed, without another commit', async () => {
    const { sender, notified, hears } = await startNodes(100);
    sender.announce([['session:a', 1]]);
    await nextTick();
    sender.announce([['session:a', 2]]);
    sender.announce([['session:b', 7]]);
    await hears('session:a', 2);
    await hears('session:b', 7);
    expect(notified.length).toBeLessThanOrEqual(2);
  });
});
