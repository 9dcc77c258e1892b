import { sql, type Kysely } from 'kysely';

/**
 * A message of a team's support thread may say which objective the team asks about: it was
 * written from that objective's window. The trainers read the team's context on it from there
 * (attempts, wrong answers, time spent). An objective removed from its mission leaves the
 * question standing, about nothing in particular.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table chat_message
    add column objective_uuid uuid references objective(uuid) on delete set null`.execute(db);
};
