import { sql, type Kysely } from 'kysely';

/**
 * The brute-force bound on answers (so many a minute per team and objective) is counted on the
 * team's state row for the objective, which every answer locks and writes anyway, instead of in
 * a `rate_limit_bucket` row of its own: one write less per answer. `answer_hits` answers were
 * counted in the window that ends at `answer_window_ends_at` (null: none yet). The answers'
 * buckets left behind are dropped; the windows they counted are a minute long.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table team_objective_state
    add column answer_hits integer not null default 0,
    add column answer_window_ends_at timestamptz`.execute(db);
  await sql`delete from rate_limit_bucket where key like 'answer:%'`.execute(db);
};
