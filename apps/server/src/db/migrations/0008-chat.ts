import { sql, type Kysely } from 'kysely';

/**
 * Chat: threads, their messages, and how far each reader has read each thread.
 *
 * A thread is created the first time someone needs it, under a unique `key` that names what it
 * belongs to (`session:<uuid>:admin`, `session:<uuid>:general`, `team:<uuid>:team`,
 * `team:<uuid>:support`, `player:<uuid>:support`): racing first readers create one thread.
 *
 * A message posted with a client id is unique per thread, author and client id: a retried send
 * finds the message of the first attempt instead of posting a second one. Messages are ordered
 * by `id`, assigned while the thread's event stream is locked (see chat.repository.ts), so the
 * order of `id`, of `created_at` and of the stream's events is one order.
 *
 * Unread counts are not stored: they are the messages of others after `last_read_id`, counted
 * when read; marking as read moves `last_read_id` forward only, so two devices marking at once
 * never move it back.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('chat_thread')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) =>
      c.notNull().check(sql`channel in ('admin', 'general', 'team', 'support')`),
    )
    .addColumn('session_uuid', 'uuid', (c) =>
      c.references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'chat_thread_owner_check',
      sql`(channel in ('admin', 'general') and session_uuid is not null and team_uuid is null
            and account_id is null)
        or (channel = 'team' and session_uuid is not null and team_uuid is not null
            and account_id is null)
        or (channel = 'support' and ((session_uuid is not null and team_uuid is not null
            and account_id is null) or (session_uuid is null and team_uuid is null
            and account_id is not null)))`,
    )
    .execute();
  await db.schema
    .createIndex('chat_thread_session_idx')
    .on('chat_thread')
    .column('session_uuid')
    .execute();

  await db.schema
    .createTable('chat_message')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('thread_uuid', 'uuid', (c) =>
      c.notNull().references('chat_thread.uuid').onDelete('cascade'),
    )
    .addColumn('author_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('client_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull().check(sql`char_length(text) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_message_client_id_key')
    .on('chat_message')
    .columns(['thread_uuid', 'author_id', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('chat_message_thread_idx')
    .on('chat_message')
    .columns(['thread_uuid', 'id'])
    .execute();

  await db.schema
    .createTable('chat_thread_read')
    .addColumn('thread_uuid', 'uuid', (c) =>
      c.notNull().references('chat_thread.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('last_read_id', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_thread_read_pkey', ['thread_uuid', 'account_id'])
    .execute();
};
