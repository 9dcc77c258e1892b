import { sql, type Kysely } from 'kysely';

/**
 * Accounts (players and trainers), their sessions and bearer tokens, single-use login links and
 * the counters of the login throttle. Secrets are stored only as SHA-256 digests.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('account')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('player', 'trainer')`))
    .addColumn('pseudo', 'text', (c) => c.notNull())
    .addColumn('avatar_id', 'text')
    .addColumn('locale', 'text', (c) =>
      c
        .notNull()
        .defaultTo('fr')
        .check(sql`locale in ('fr', 'en')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index account_username_key on account (lower(username))`.execute(db);
  await sql`create unique index account_pseudo_key on account (lower(pseudo))`.execute(db);

  await db.schema
    .createTable('auth_session')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('interface', 'text', (c) =>
      c.notNull().check(sql`interface in ('player', 'trainer')`),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cookie', 'token')`))
    .addColumn('name', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('auth_session_account_idx')
    .on('auth_session')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('magic_link')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('issued_by', 'uuid', (c) => c.references('account.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('rate_limit_bucket')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
};
