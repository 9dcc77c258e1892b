import { sql, type Kysely } from 'kysely';

/**
 * A submission's id chosen by its player, and the result it was answered with: a retry whose
 * first answer was decided (its acknowledgement lost on the way) gets that result again, and is
 * not decided a second time. Unique per team: the id of another team is another submission.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table submission add column client_id text, add column result jsonb`.execute(db);
  await sql`create unique index submission_client_id_key
    on submission (team_uuid, client_id) where client_id is not null`.execute(db);
};
