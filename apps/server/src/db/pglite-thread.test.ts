import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTestDatabase, testDatabaseKind } from '../../test/database.js';
import { isDatabaseUnavailable } from './connection-errors.js';
import type { PGliteHandle } from './database.js';
import { PGliteThread } from './pglite-thread.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const threaded = async () => {
  const handle = (await createTestDatabase('pglite', {
    ownThread: true,
  })) as unknown as PGliteHandle;
  cleanups.push(() => handle.close());
  expect(handle.client).toBeInstanceOf(PGliteThread);
  return { handle, thread: handle.client as PGliteThread };
};

describe.skipIf(testDatabaseKind() !== 'pglite')('embedded database on a thread of its own', () => {
  it('keeps PostgreSQL codes and messages on a failed statement', async () => {
    const { handle } = await threaded();
    const failure = await sql`select 1 / ${0}::int as x`
      .execute(handle.db)
      .catch((error: Error & { code?: string }) => error);
    expect(failure).toMatchObject({ code: '22012', message: 'division by zero' });
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });

  it('stays healthy while a long statement holds the engine, the server answering meanwhile', async () => {
    const { handle } = await threaded();
    const app = await createTestApp(handle);
    cleanups.push(() => app.close());
    const long = sql`select pg_sleep(3)`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await long;
  });

  it('fails the query in flight and every later one as a lost database when its thread dies', async () => {
    const { handle, thread } = await threaded();
    const lost: Error[] = [];
    thread.onLost = (error) => lost.push(error);
    const app = await createTestApp(handle);
    cleanups.push(() => app.close());
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    const inFlight = sql`select pg_sleep(5)`.execute(handle.db).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await thread.kill();
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(lost).toHaveLength(1);

    const later = await sql`select 1`.execute(handle.db).catch((error: Error) => error);
    expect(isDatabaseUnavailable(later)).toBe(true);
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      error: { code: 'database.unavailable', message: expect.any(String) },
    });
  });
});
