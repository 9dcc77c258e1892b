import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKind,
  untilLockWaits,
  type TestDatabase,
} from '../../../test/database.js';
import { createRateLimitRepository } from './rate-limit.repository.js';
import { rateLimited } from './rate-limited.js';

const retryAfterOf = (window: Parameters<typeof rateLimited>[1][number]) =>
  Number(rateLimited('auth.too_many_attempts', [window]).headers?.['Retry-After']);

describe(`rate-limit windows (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('count every hit of a window and start a new one once it has ended', async () => {
    const limits = createRateLimitRepository(database.db);
    const hits = [];
    for (let index = 0; index < 3; index += 1) hits.push(await limits.hit('t:count', 60));
    expect(hits.map((bucket) => bucket.hits)).toEqual([1, 2, 3]);
    expect(new Set(hits.map((bucket) => bucket.resetAt.getTime())).size).toBe(1);
    expect(retryAfterOf(hits[2]!)).toBeLessThanOrEqual(60);

    await sql`update rate_limit_bucket set reset_at = now() - interval '1 second'
      where key = 't:count'`.execute(database.db);
    const renewed = await limits.hit('t:count', 60);
    expect(renewed.hits).toBe(1);
    expect(renewed.resetAt.getTime()).toBeGreaterThan(hits[0]!.resetAt.getTime());
  });

  // Concurrent hits of one key queue on its row. A hit that began before the one that opened
  // the window, and waited for it, must not tell a client to come back later than the window's
  // end: its Retry-After is counted from when it answers, not from when it began.
  it.skipIf(testDatabaseKind() !== 'postgres')(
    'never say to retry later than the window lasts, when a hit waited for the one that opened it',
    async () => {
      const limits = createRateLimitRepository(database.db);
      await limits.hit('t:queue', 60);
      await sql`update rate_limit_bucket set reset_at = now() - interval '1 second'
        where key = 't:queue'`.execute(database.db);
      const answered = await database.db.connection().execute(async (connection) => {
        // Another node's hit holds the row (its window ended) while this one begins...
        await sql`begin`.execute(connection);
        await sql`select 1 from rate_limit_bucket where key = 't:queue' for update`.execute(
          connection,
        );
        const waiting = limits.hit('t:queue', 60);
        await untilLockWaits(database.db);
        // ...and opens a new window, a second and a half after this hit began.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await sql`update rate_limit_bucket
          set hits = 1, reset_at = clock_timestamp() + interval '60 seconds'
          where key = 't:queue'`.execute(connection);
        await sql`commit`.execute(connection);
        return waiting;
      });
      expect(answered.hits).toBe(2);
      expect(retryAfterOf(answered)).toBeLessThanOrEqual(60);
      expect(retryAfterOf(answered)).toBeGreaterThanOrEqual(59);
    },
  );
});
