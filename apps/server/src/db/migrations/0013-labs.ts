import { sql, type Kysely } from 'kysely';

/**
 * Lab environments (docs/labs.md).
 *
 * `mission.lab` is the mission's lab template (null: no lab), as the content pack declares it.
 *
 * `lab_environment` has one row per environment a team was given. A row holds capacity while
 * `released_at` is null; setting it (release, expiry, failure) is what gives the capacity back,
 * in the same statement's transaction, so the counters cannot drift from the rows. The partial
 * unique index is "one live environment per session and team": two allocations racing for one
 * team meet on it and make one row. Released rows stay as the history the trainer reads. The
 * template is copied into the row, so editing the mission never changes a running environment's
 * lifetime rules.
 *
 * `lab_capacity` holds the counters of live environments: one `global` row and one row per
 * session (`session:<uuid>`). An allocation increments both with a conditional update
 * (`in_use < limit`), which row-locks them until it commits: concurrent allocations queue there
 * and each sees the count the previous one left, on PostgreSQL and on PGlite alike.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('mission').addColumn('lab', 'jsonb').execute();

  await db.schema
    .createTable('lab_environment')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('mission_uuid', 'uuid', (c) => c.notNull())
    .addColumn('template', 'jsonb', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('renew_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('released_at', 'timestamptz')
    .execute();
  await sql`create unique index lab_environment_live_team_idx on lab_environment (session_uuid, team_uuid) where released_at is null`.execute(
    db,
  );
  await sql`create index lab_environment_live_expiry_idx on lab_environment (expires_at) where released_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('lab_capacity')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('in_use', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`in_use >= 0`),
    )
    .execute();
  await sql`insert into lab_capacity (scope, in_use) values ('global', 0)`.execute(db);
};
