import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatChannelColumn, Database } from '../../db/schema.js';
import type { ThreadOwner } from './chat-access.js';

type Db = Kysely<Database> | Transaction<Database>;

const threadColumns = [
  't.uuid',
  't.key',
  't.channel',
  't.session_uuid',
  't.team_uuid',
  't.account_id',
  't.last_message_at',
  'team.name as team_name',
  'player.pseudo as player_pseudo',
  'player.avatar_id as player_avatar_id',
] as const;

const messageColumns = [
  'm.id',
  'm.uuid',
  'm.thread_uuid',
  'm.client_id',
  'm.text',
  'm.created_at',
  'm.objective_uuid',
  'a.id as author_id',
  'a.pseudo as author_pseudo',
  'a.role as author_role',
  'a.avatar_id as author_avatar_id',
] as const;

/** Chat's SQL: threads found or created by key, messages, and each reader's read mark. */
export const createChatRepository = (db: Kysely<Database>) => {
  const threads = (executor: Db = db) =>
    executor
      .selectFrom('chat_thread as t')
      .leftJoin('gaming_session_team as team', 'team.uuid', 't.team_uuid')
      .leftJoin('account as player', 'player.id', 't.account_id')
      .select(threadColumns);

  const messages = (executor: Db = db) =>
    executor.selectFrom('chat_message as m').innerJoin('account as a', 'a.id', 'm.author_id');

  return {
    /** The threads of these owners, each created first if it does not exist yet. */
    async ensureThreads(owners: readonly (ThreadOwner & { key: string })[]) {
      if (owners.length === 0) return [];
      await db
        .insertInto('chat_thread')
        .values(
          owners.map((owner) => ({
            uuid: randomUUID(),
            key: owner.key,
            channel: owner.channel as ChatChannelColumn,
            session_uuid: owner.sessionUuid,
            team_uuid: owner.teamUuid,
            account_id: owner.accountId,
          })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return threads()
        .where(
          't.key',
          'in',
          owners.map((owner) => owner.key),
        )
        .execute();
    },

    findThread: (uuid: string, executor: Db = db) =>
      threads(executor).where('t.uuid', '=', uuid).executeTakeFirst(),

    findThreads: (uuids: readonly string[]) =>
      uuids.length === 0 ? Promise.resolve([]) : threads().where('t.uuid', 'in', uuids).execute(),

    /** A session's team support threads that exist (trainers see every team's). */
    listSessionSupportThreads: (sessionUuid: string) =>
      threads()
        .where('t.session_uuid', '=', sessionUuid)
        .where('t.channel', '=', 'support')
        .orderBy('team.created_at')
        .execute(),

    /** Players' support threads outside sessions that have a message, most recent first. */
    listPlayerSupportThreads: (limit: number) =>
      threads()
        .where('t.channel', '=', 'support')
        .where('t.session_uuid', 'is', null)
        .where('t.last_message_at', 'is not', null)
        .orderBy('t.last_message_at', 'desc')
        .limit(limit)
        .execute(),

    /** The latest `limit` messages of each thread, oldest first. */
    async listMessages(threadUuids: readonly string[], limit: number) {
      if (threadUuids.length === 0) return [];
      const latest = messages()
        .select(messageColumns)
        .select(
          sql<number>`row_number() over (partition by m.thread_uuid order by m.id desc)`.as('rank'),
        )
        .where('m.thread_uuid', 'in', threadUuids)
        .as('latest');
      return db
        .selectFrom(latest)
        .selectAll()
        .where('latest.rank', '<=', limit)
        .orderBy('latest.id')
        .execute();
    },

    /** Messages of others after the reader's read mark, per thread (absent: none). */
    async countUnread(accountId: string, threadUuids: readonly string[]) {
      if (threadUuids.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom('chat_message as m')
        .leftJoin('chat_thread_read as r', (join) =>
          join.onRef('r.thread_uuid', '=', 'm.thread_uuid').on('r.account_id', '=', accountId),
        )
        .select(['m.thread_uuid', (eb) => eb.fn.countAll<number>().as('unread')])
        .where('m.thread_uuid', 'in', threadUuids)
        .where('m.author_id', '<>', accountId)
        .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.last_read_id', eb.lit(0))))
        .groupBy('m.thread_uuid')
        .execute();
      return new Map(rows.map((row) => [row.thread_uuid, Number(row.unread)]));
    },

    /**
     * Per session, the messages of its teams' support threads written by others after the
     * reader's read mark: what waits for the trainers in each session (sessions with none absent).
     */
    countSessionSupportUnread: (accountId: string) =>
      db
        .selectFrom('chat_message as m')
        .innerJoin('chat_thread as t', 't.uuid', 'm.thread_uuid')
        .innerJoin('gaming_session as s', 's.uuid', 't.session_uuid')
        .leftJoin('chat_thread_read as r', (join) =>
          join.onRef('r.thread_uuid', '=', 'm.thread_uuid').on('r.account_id', '=', accountId),
        )
        .select(['s.uuid as sessionUuid', 's.name', (eb) => eb.fn.countAll<number>().as('unread')])
        .where('t.channel', '=', 'support')
        .where('m.author_id', '<>', accountId)
        .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.last_read_id', eb.lit(0))))
        .groupBy(['s.uuid', 's.name'])
        .orderBy('s.name')
        .execute(),

    /** Inserts a message; `undefined` when its client id was already used (a retry). */
    async insertMessage(
      trx: Transaction<Database>,
      message: {
        threadUuid: string;
        authorId: string;
        clientId: string | null;
        text: string;
        objectiveUuid?: string | null;
      },
    ) {
      const inserted = await trx
        .insertInto('chat_message')
        .values({
          uuid: randomUUID(),
          thread_uuid: message.threadUuid,
          author_id: message.authorId,
          client_id: message.clientId,
          text: message.text,
          objective_uuid: message.objectiveUuid ?? null,
          created_at: sql<Date>`clock_timestamp()`,
        })
        .onConflict((oc) =>
          oc
            .columns(['thread_uuid', 'author_id', 'client_id'])
            .where('client_id', 'is not', null)
            .doNothing(),
        )
        .returning(['uuid', 'created_at'])
        .executeTakeFirst();
      if (!inserted) return undefined;
      await trx
        .updateTable('chat_thread')
        .set({ last_message_at: inserted.created_at })
        .where('uuid', '=', message.threadUuid)
        .execute();
      return inserted;
    },

    findMessage: (uuid: string, executor: Db = db) =>
      messages(executor).select(messageColumns).where('m.uuid', '=', uuid).executeTakeFirst(),

    findMessageByClientId: (
      input: { threadUuid: string; authorId: string; clientId: string },
      executor: Db = db,
    ) =>
      messages(executor)
        .select(messageColumns)
        .where('m.thread_uuid', '=', input.threadUuid)
        .where('m.author_id', '=', input.authorId)
        .where('m.client_id', '=', input.clientId)
        .executeTakeFirst(),

    /** Moves the reader's mark to each thread's last message; never backwards. */
    async markRead(accountId: string, threadUuids: readonly string[]) {
      if (threadUuids.length === 0) return;
      await sql`
        insert into chat_thread_read as r (thread_uuid, account_id, last_read_id)
        select t.uuid, ${accountId}::uuid,
          coalesce((select max(m.id) from chat_message m where m.thread_uuid = t.uuid), 0)
        from chat_thread t
        where t.uuid in (${sql.join(threadUuids.map((uuid) => sql`${uuid}::uuid`))})
        on conflict (thread_uuid, account_id) do update set
          last_read_id = greatest(r.last_read_id, excluded.last_read_id),
          read_at = now()`.execute(db);
    },
  };
};

export type ChatRepository = ReturnType<typeof createChatRepository>;
export type ThreadRow = Awaited<ReturnType<ChatRepository['findThreads']>>[number];
export type MessageRow = NonNullable<Awaited<ReturnType<ChatRepository['findMessage']>>>;
