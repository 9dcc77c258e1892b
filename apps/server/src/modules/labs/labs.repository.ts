import type { EnvironmentPhase, LabTemplate } from '@rampart/contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, LabEnvironmentTable } from '../../db/schema.js';
import { sessionTimelineColumns } from '../sessions/sessions.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export type EnvironmentRow = Selectable<LabEnvironmentTable>;

export const GLOBAL_SCOPE = 'global';
export const sessionScope = (sessionUuid: string) => `session:${sessionUuid}`;

/**
 * The SQL of lab environments and their capacity counters. A live row (`released_at` null)
 * always holds one unit of the global counter and one of its session's: `insertLiveEnvironment`
 * with `takeCapacity`, and `markReleased` with `giveBackCapacity`, run in one transaction each.
 */
export const createLabsRepository = (db: Kysely<Database>) => ({
  findMissionLab: async (missionUuid: string, executor: Db = db) =>
    (
      await executor
        .selectFrom('mission')
        .select('lab')
        .where('uuid', '=', missionUuid)
        .executeTakeFirst()
    )?.lab ?? null,

  findById: (id: string, executor: Db = db) =>
    executor.selectFrom('lab_environment').selectAll().where('id', '=', id).executeTakeFirst(),

  findLive: (sessionUuid: string, teamUuid: string, executor: Db = db) =>
    executor
      .selectFrom('lab_environment')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .where('team_uuid', '=', teamUuid)
      .where('released_at', 'is', null)
      .executeTakeFirst(),

  lockLive: (trx: Transaction<Database>, sessionUuid: string, teamUuid: string) =>
    trx
      .selectFrom('lab_environment')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .where('team_uuid', '=', teamUuid)
      .where('released_at', 'is', null)
      .forUpdate()
      .executeTakeFirst(),

  /** The newest row of each team of the session (live or not), for the trainer's view. */
  listLatestOfSession: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('lab_environment')
      .selectAll()
      .distinctOn('team_uuid')
      .where('session_uuid', '=', sessionUuid)
      .orderBy('team_uuid')
      .orderBy(sql`released_at is null`, 'desc')
      .orderBy('created_at', 'desc')
      .execute(),

  listLiveOfSession: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('lab_environment')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .where('released_at', 'is', null)
      .execute(),

  /** Every live row, with its session's timeline: what the reconciler checks. */
  listLiveWithSessions: (executor: Db = db) =>
    executor
      .selectFrom('lab_environment as e')
      .innerJoin('gaming_session as s', 's.uuid', 'e.session_uuid')
      .innerJoin('gaming_session_team as t', 't.uuid', 'e.team_uuid')
      .selectAll('e')
      .select(['t.eliminated_at', ...sessionTimelineColumns])
      .where('e.released_at', 'is', null)
      .execute(),

  /**
   * A new live row, unless the team has one: `null` then (the caller reads that one). Two
   * inserts racing for one team meet on the partial unique index: the second waits for the
   * first to commit and inserts nothing.
   */
  insertLiveEnvironment: async (
    trx: Transaction<Database>,
    row: {
      id: string;
      sessionUuid: string;
      teamUuid: string;
      missionUuid: string;
      template: LabTemplate;
      provider: string;
      createdAt: Date;
      expiresAt: Date;
    },
  ) =>
    (await trx
      .insertInto('lab_environment')
      .values({
        id: row.id,
        session_uuid: row.sessionUuid,
        team_uuid: row.teamUuid,
        mission_uuid: row.missionUuid,
        template: JSON.stringify(row.template),
        provider: row.provider,
        phase: 'Provisioning',
        created_at: row.createdAt,
        expires_at: row.expiresAt,
      })
      .onConflict((oc) =>
        oc.columns(['session_uuid', 'team_uuid']).where('released_at', 'is', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst()) ?? null,

  /**
   * One more live environment in the scope, if it stays within `limit`: false when full. The
   * conditional update row-locks the counter until commit, so racing allocations take turns and
   * each sees the count the previous one committed.
   */
  takeCapacity: async (trx: Transaction<Database>, scope: string, limit: number) => {
    if (scope !== GLOBAL_SCOPE)
      await trx
        .insertInto('lab_capacity')
        .values({ scope, in_use: 0 })
        .onConflict((oc) => oc.column('scope').doNothing())
        .execute();
    const taken = await trx
      .updateTable('lab_capacity')
      .set((eb) => ({ in_use: eb('in_use', '+', 1) }))
      .where('scope', '=', scope)
      .where('in_use', '<', limit)
      .returning('in_use')
      .executeTakeFirst();
    return taken !== undefined;
  },

  giveBackCapacity: (trx: Transaction<Database>, scope: string) =>
    trx
      .updateTable('lab_capacity')
      .set((eb) => ({ in_use: eb('in_use', '-', 1) }))
      .where('scope', '=', scope)
      .where('in_use', '>', 0)
      .execute(),

  readCapacity: async (sessionUuid: string, executor: Db = db) => {
    const rows = await executor
      .selectFrom('lab_capacity')
      .select(['scope', 'in_use'])
      .where('scope', 'in', [GLOBAL_SCOPE, sessionScope(sessionUuid)])
      .execute();
    const of = (scope: string) => rows.find((row) => row.scope === scope)?.in_use ?? 0;
    return { global: of(GLOBAL_SCOPE), session: of(sessionScope(sessionUuid)) };
  },

  /**
   * Ends a live row; `undefined` when it was not live any more (someone else ended it first),
   * so exactly one caller gives its capacity back.
   */
  markReleased: (
    trx: Transaction<Database>,
    id: string,
    change: { phase: 'Released' | 'Failed'; at: Date; lastError?: string | null },
  ) =>
    trx
      .updateTable('lab_environment')
      .set({
        phase: change.phase,
        released_at: change.at,
        ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      })
      .where('id', '=', id)
      .where('released_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** Every environment recorded, by phase (the metrics, at each scrape). */
  countByPhase: (executor: Db = db) =>
    executor
      .selectFrom('lab_environment')
      .select(['phase', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('phase')
      .execute()
      .then((rows) => rows.map((row) => ({ phase: row.phase, count: Number(row.count) }))),

  /** What the provider reported of a live row. */
  updateLive: (
    id: string,
    change: { phase: EnvironmentPhase; providerRef?: string; lastError?: string | null },
    executor: Db = db,
  ) =>
    executor
      .updateTable('lab_environment')
      .set({
        phase: change.phase,
        ...(change.providerRef !== undefined ? { provider_ref: change.providerRef } : {}),
        ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      })
      .where('id', '=', id)
      .where('released_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  setExpiry: (trx: Transaction<Database>, id: string, expiresAt: Date) =>
    trx
      .updateTable('lab_environment')
      .set((eb) => ({ expires_at: expiresAt, renew_count: eb('renew_count', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),

  /**
   * Sets the counters to the live rows they stand for: the repair after a crash, or after a team
   * deleted (in the lobby) with its environment. The global row is locked first, as allocations
   * and releases lock it before their session's and keep it to their commit: so no session
   * counter is held by anyone meanwhile, and a change in flight is counted once (before or
   * after), never lost. Only sessions with a count or live rows are touched: the work follows
   * the sessions in play, not every session there ever was.
   */
  recountCapacity: async (trx: Transaction<Database>) => {
    await trx
      .selectFrom('lab_capacity')
      .select('in_use')
      .where('scope', '=', GLOBAL_SCOPE)
      .forUpdate()
      .execute();
    await sql`
      update lab_capacity
      set in_use = (select count(*) from lab_environment where released_at is null)
      where scope = ${GLOBAL_SCOPE}`.execute(trx);
    await sql`
      with live as (
        select 'session:' || session_uuid::text as scope, count(*)::int as n
        from lab_environment where released_at is null group by session_uuid
      )
      update lab_capacity c
      set in_use = coalesce((select n from live where live.scope = c.scope), 0)
      where c.scope <> ${GLOBAL_SCOPE}
        and (c.in_use > 0 or c.scope in (select scope from live))`.execute(trx);
  },
});

export type LabsRepository = ReturnType<typeof createLabsRepository>;
