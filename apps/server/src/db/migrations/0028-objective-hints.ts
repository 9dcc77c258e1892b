import { sql, type Kysely } from 'kysely';

/**
 * Hints with a price. An objective has ordered hints, each a text in both languages and a cost
 * in points; a team unlocks one for all its members.
 *
 * - `objective_hint` is content: written by the pack importer with its objective, deleted with it.
 *   Its text is a player's only once their team unlocked it: player queries join the unlocks.
 * - `hint_unlock` is play: one row per team and hint (its primary key), so racing unlocks of one
 *   hint by several members insert one row and charge once. `cost` is what was charged (the
 *   hint's cost then, 0 when a trainer gave it: `free`); a charged unlock writes a ledger row of
 *   kind `hint` with `-cost` in the same transaction, so the ledger still sums to the score.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('objective_hint')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('objective_uuid', 'uuid', (c) =>
      c.notNull().references('objective.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'jsonb', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull().check(sql`cost >= 0`))
    .addUniqueConstraint('objective_hint_position_key', ['objective_uuid', 'position'])
    .execute();

  await db.schema
    .createTable('hint_unlock')
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('hint_uuid', 'uuid', (c) =>
      c.notNull().references('objective_hint.uuid').onDelete('cascade'),
    )
    .addColumn('session_uuid', 'uuid', (c) => c.notNull())
    .addColumn('objective_uuid', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('cost', 'integer', (c) => c.notNull().check(sql`cost >= 0`))
    .addColumn('free', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('unlocked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addPrimaryKeyConstraint('hint_unlock_pkey', ['team_uuid', 'hint_uuid'])
    .execute();
  await db.schema
    .createIndex('hint_unlock_session_idx')
    .on('hint_unlock')
    .columns(['session_uuid', 'objective_uuid'])
    .execute();

  await sql`alter table score_entry drop constraint score_entry_kind_check`.execute(db);
  await sql`alter table score_entry add constraint score_entry_kind_check
    check (kind in ('solve', 'first_blood', 'penalty', 'speedrun', 'adjustment', 'hint'))`.execute(
    db,
  );
};
