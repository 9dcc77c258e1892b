import { sql, type Kysely } from 'kysely';

/**
 * Whether the account holder chose the interface language (on the profile screen). Until they
 * do, the account's language follows the one the login page was shown in, so a newcomer is not
 * signed in to a dashboard in a language they did not ask for.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table account add column locale_chosen boolean not null default false`.execute(
    db,
  );
};
