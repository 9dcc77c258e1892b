import { sql, type Kysely } from 'kysely';

/**
 * Play: each team's state per objective, the score ledger, speedruns, trainer
 * unlocks, eliminations and followed objectives.
 *
 * The ledger is the truth of scores: one row per change (solve, first blood, penalty, speedrun,
 * trainer adjustment) with the database's time. `gaming_session_team.score` and
 * `score_reached_at` are the ledger's sum and last time, kept in the same transaction as each
 * row, so the ranking reads one row per team; a test recomputes them from the ledger.
 *
 * What must hold when answers race is held by the database: one solve per team and objective
 * and one first blood per objective (unique indexes), attempts counted under the team state's
 * row lock, one penalty per distinct wrong answer (primary key of `team_wrong_answer`).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('gaming_session_team')
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score_reached_at', 'timestamptz')
    .addColumn('eliminated_at', 'timestamptz')
    .addColumn('elimination_reason', 'text')
    .execute();

  await db.schema
    .createTable('team_objective_state')
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull().references('objective.uuid'))
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solved_at', 'timestamptz')
    .addColumn('solved_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('first_attempt_at', 'timestamptz')
    .addPrimaryKeyConstraint('team_objective_state_pkey', ['team_uuid', 'objective_uuid'])
    .execute();
  await db.schema
    .createIndex('team_objective_state_session_idx')
    .on('team_objective_state')
    .columns(['session_uuid', 'objective_uuid'])
    .execute();

  // A digest of each distinct wrong answer: the same one again costs nothing more.
  await db.schema
    .createTable('team_wrong_answer')
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull().references('objective.uuid'))
    .addColumn('answer_digest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addPrimaryKeyConstraint('team_wrong_answer_pkey', [
      'team_uuid',
      'objective_uuid',
      'answer_digest',
    ])
    .execute();

  await db.schema
    .createTable('score_entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.references('objective.uuid'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('solve', 'first_blood', 'penalty', 'speedrun', 'adjustment')`),
    )
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('score_entry_team_idx')
    .on('score_entry')
    .columns(['team_uuid', 'id'])
    .execute();
  await sql`create unique index score_entry_one_solve_idx on score_entry (team_uuid, objective_uuid)
    where kind in ('solve', 'speedrun')`.execute(db);
  await sql`create unique index score_entry_one_first_blood_idx
    on score_entry (session_uuid, objective_uuid) where kind = 'first_blood'`.execute(db);

  await db.schema
    .createTable('speedrun')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull().references('objective.uuid'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('launched_at', 'timestamptz', (c) => c.notNull())
    // The session's paused total at the launch: pauses after it do not run the speedrun's clock.
    .addColumn('paused_ms_at_launch', 'bigint', (c) => c.notNull())
    .addColumn('launched_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addUniqueConstraint('speedrun_objective_key', ['session_uuid', 'objective_uuid'])
    .execute();

  await db.schema
    .createTable('objective_unlock')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull().references('objective.uuid'))
    .addColumn('unlocked_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('unlocked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addPrimaryKeyConstraint('objective_unlock_pkey', ['session_uuid', 'objective_uuid'])
    .execute();

  await db.schema
    .createTable('objective_follow')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull().references('objective.uuid'))
    .addPrimaryKeyConstraint('objective_follow_pkey', [
      'session_uuid',
      'account_id',
      'objective_uuid',
    ])
    .execute();
};
