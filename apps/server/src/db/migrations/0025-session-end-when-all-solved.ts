import { sql, type Kysely } from 'kysely';

/**
 * A session may end as soon as every team still playing has solved every objective (off unless
 * its creator turns it on); `all_solved_at` is when that happened, set once, by the answer that
 * completed the last team.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table gaming_session
    add column end_when_all_solved boolean not null default false,
    add column all_solved_at timestamptz`.execute(db);
};
