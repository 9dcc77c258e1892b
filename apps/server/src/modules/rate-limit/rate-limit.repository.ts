import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WindowEnd } from './rate-limited.js';

export interface BucketState extends WindowEnd {
  hits: number;
}

/**
 * Fixed-window counters kept in the database, so every node of a cluster counts the same
 * attempts. Each call is one atomic statement: concurrent attempts never lose a hit.
 */
export const createRateLimitRepository = (db: Kysely<Database>) => ({
  /**
   * Counts a hit. The time returned is when the statement ends, not when it began (`now()`): a
   * hit that queued on the row behind one that opened the window later than it began would
   * otherwise count the time left from before the window opened, and say to wait longer than it
   * lasts.
   */
  async hit(key: string, windowSeconds: number): Promise<BucketState> {
    const row = await sql<{ hits: number; reset_at: Date; now: Date }>`
      insert into rate_limit_bucket as bucket (key, hits, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        hits = case when bucket.reset_at <= now() then 1 else bucket.hits + 1 end,
        reset_at = case when bucket.reset_at <= now()
          then now() + make_interval(secs => ${windowSeconds}) else bucket.reset_at end
      returning hits, reset_at, clock_timestamp() as now`
      .execute(db)
      .then((result) => result.rows[0]!);
    return { hits: row.hits, resetAt: new Date(row.reset_at), now: new Date(row.now) };
  },

  async forgive(key: string): Promise<void> {
    await db
      .updateTable('rate_limit_bucket')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .execute();
  },

  async reset(key: string): Promise<void> {
    await db.deleteFrom('rate_limit_bucket').where('key', '=', key).execute();
  },

  async purgeExpired(): Promise<void> {
    await db
      .deleteFrom('rate_limit_bucket')
      .where('reset_at', '<', sql<Date>`now()`)
      .execute();
  },
});

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
