import { sql, type Kysely } from 'kysely';

/**
 * Gaming sessions and teams. A session stores instants and durations, never a
 * status: the status is derived from them and the database clock (`session-state.ts`), so every
 * node agrees and no timer runs anywhere.
 *
 * Limits hold under races because every write that could cross one locks a row first: creating
 * a team locks the session row (max teams), joining a team locks the team row (players per
 * team). A player is in at most one team of a session: `gaming_session_player` has one row per
 * player and session, with the team it belongs to.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('gaming_session')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mission_uuid', 'uuid', (c) => c.notNull().references('mission.uuid'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('account.id'))
    .addColumn('owner_kind', 'text', (c) =>
      c.notNull().check(sql`owner_kind in ('trainer', 'player')`),
    )
    .addColumn('max_teams', 'integer', (c) => c.notNull().check(sql`max_teams > 0`))
    .addColumn('players_per_team', 'integer', (c) => c.notNull().check(sql`players_per_team > 0`))
    .addColumn('min_players_per_team', 'integer', (c) =>
      c.notNull().check(sql`min_players_per_team > 0`),
    )
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().check(sql`duration_ms > 0`))
    .addColumn('countdown_ms', 'integer', (c) => c.notNull().check(sql`countdown_ms >= 0`))
    .addColumn('start_wait_ms', 'integer', (c) => c.notNull().check(sql`start_wait_ms >= 0`))
    .addColumn('scheduled_start_at', 'timestamptz')
    .addColumn('start_requested_at', 'timestamptz')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('paused_at', 'timestamptz')
    .addColumn('paused_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'gaming_session_min_players_check',
      sql`min_players_per_team <= players_per_team`,
    )
    .execute();
  // Sessions that have not ended yet are the ones listed and ticked: keep that scan small.
  await db.schema
    .createIndex('gaming_session_open_idx')
    .on('gaming_session')
    .column('created_at')
    .where(sql.ref('stopped_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('gaming_session_owner_idx')
    .on('gaming_session')
    .column('owner_id')
    .execute();

  await db.schema
    .createTable('gaming_session_team')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    // Names compare without case or surrounding space: "Red Team" and "red team " are one name.
    .addColumn('name_key', 'text', (c) => c.notNull())
    // The join token: shown to the team's members and the trainers, given to teammates.
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('logo', 'bytea')
    .addColumn('logo_type', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('gaming_session_team_name_key', ['session_uuid', 'name_key'])
    .execute();

  await db.schema
    .createTable('gaming_session_player')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.references('gaming_session_team.uuid').onDelete('set null'),
    )
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('team_joined_at', 'timestamptz')
    .addPrimaryKeyConstraint('gaming_session_player_pkey', ['session_uuid', 'account_id'])
    .execute();
  await db.schema
    .createIndex('gaming_session_player_account_idx')
    .on('gaming_session_player')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('gaming_session_player_team_idx')
    .on('gaming_session_player')
    .column('team_uuid')
    .execute();
};
