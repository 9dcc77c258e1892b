import { sql, type Kysely } from 'kysely';

/**
 * The trainer's cockpit: the audit log of trainer actions and the log of submissions.
 *
 * `trainer_audit` has one row per trainer action, written in the transaction of the action
 * itself (so an action that rolls back leaves no row, and no action is missing its row), with
 * the database's time. `session_uuid` is null for actions outside sessions (chapter assignment,
 * magic links); rows of a deleted session go with it.
 *
 * `submission` keeps every answer's text, wrong ones included, for trainers only (players are
 * told of a wrong answer without it; `team_wrong_answer` keeps only a digest). It is written by
 * the answer batch's single write statement, on the hottest path of the game: so one index, for
 * the feed (newest first per session; it also keeps `id` unique in practice), and no reference
 * checks, which cost a lookup per row: the batch has just read the session, team, objective and
 * account under its locks, and sessions are never deleted (their missions cannot be either).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('trainer_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('target_uuid', 'uuid')
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('trainer_audit_session_idx')
    .on('trainer_audit')
    .columns(['session_uuid', 'id'])
    .execute();

  await db.schema
    .createTable('submission')
    .addColumn('id', 'bigserial', (c) => c.notNull())
    .addColumn('session_uuid', 'uuid', (c) => c.notNull())
    .addColumn('team_uuid', 'uuid', (c) => c.notNull())
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid')
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('correct', 'boolean', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('submission_session_idx')
    .on('submission')
    .columns(['session_uuid', 'id'])
    .execute();
};
