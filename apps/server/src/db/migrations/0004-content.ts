import { sql, type Kysely } from 'kysely';

/**
 * Content: chapters → missions → objectives, with attached files stored in the
 * database so every node serves them. Texts a player reads are `jsonb` `{fr, en}`.
 *
 * Answers sit in their own columns (`objective.answer`, `objective.choices` holds no
 * correctness): player queries select explicit columns and never these, and the trainer
 * repository is the only reader of `answer`.
 *
 * Assignments link a chapter to a player. A player's best score and result per mission are kept
 * in `mission_player_result`, written when a session ends.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('chapter')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) =>
      c.notNull().check(sql`visibility in ('open', 'assigned')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mission')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('chapter_uuid', 'uuid', (c) =>
      c.notNull().references('chapter.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('brief', 'jsonb', (c) => c.notNull())
    .addColumn('scenario', 'jsonb', (c) => c.notNull())
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull().check(sql`difficulty between 1 and 5`))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn('success_rule', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('mission_chapter_position_key', ['chapter_uuid', 'position'])
    .execute();

  await db.schema
    .createTable('objective')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('mission_uuid', 'uuid', (c) =>
      c.notNull().references('mission.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull().check(sql`difficulty between 1 and 5`))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('flag', 'single_choice', 'multiple_choice')`),
    )
    // [{id, text: {fr, en}}] — the choices as players see them, without correctness.
    .addColumn('choices', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('expected_answers', 'integer', (c) => c.notNull().defaultTo(1))
    // Flag: {kind: 'flag', accepted: [...], caseInsensitive}; choices: {kind: 'choices', correct: [ids]}.
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('penalty', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`penalty >= 0`),
    )
    .addColumn('max_attempts', 'integer', (c) => c.check(sql`max_attempts > 0`))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('prerequisites', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('first_blood_bonus', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`first_blood_bonus >= 0`),
    )
    .addColumn('speedrun', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('objective_mission_position_key', ['mission_uuid', 'position'])
    .execute();

  await db.schema
    .createTable('objective_file')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('objective_uuid', 'uuid', (c) =>
      c.notNull().references('objective.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Where the file sits in its pack (kept so an export writes it back to the same place).
    .addColumn('pack_path', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addUniqueConstraint('objective_file_name_key', ['objective_uuid', 'name'])
    .execute();

  await db.schema
    .createTable('chapter_assignment')
    .addColumn('chapter_uuid', 'uuid', (c) =>
      c.notNull().references('chapter.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('assigned_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chapter_assignment_pkey', ['chapter_uuid', 'account_id'])
    .execute();
  await db.schema
    .createIndex('chapter_assignment_account_idx')
    .on('chapter_assignment')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('mission_player_result')
    .addColumn('mission_uuid', 'uuid', (c) =>
      c.notNull().references('mission.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('best_score', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result in ('success', 'failure')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mission_player_result_pkey', ['mission_uuid', 'account_id'])
    .execute();
};
