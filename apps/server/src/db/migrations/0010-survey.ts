import { sql, type Kysely } from 'kysely';

/**
 * The satisfaction survey: one answer per player and session, replaced when the
 * player changes it (`updated_at` says when). The rating is one of the five levels of the
 * contracts' `surveyRatings`; the comment is optional. Answers go with their session or their
 * account. The mission index serves the trainers' distribution per mission.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('session_rating')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('rating', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`rating in ('very_satisfied', 'satisfied', 'neutral', 'unsatisfied', 'very_unsatisfied')`,
        ),
    )
    .addColumn('comment', 'text', (c) => c.check(sql`char_length(comment) <= 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('session_rating_pkey', ['session_uuid', 'account_id'])
    .execute();
};
