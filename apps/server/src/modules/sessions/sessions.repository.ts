import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, GamingSessionTable } from '../../db/schema.js';
import { sessionStream } from '../../realtime/streams.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The columns of `gaming_session as s` that a session's timeline (`sessionTimes`: status, start,
 * end, pauses) is derived from: what every read that tells a session's status selects.
 */
export const sessionTimelineColumns = [
  's.duration_ms',
  's.countdown_ms',
  's.start_wait_ms',
  's.scheduled_start_at',
  's.start_requested_at',
  's.starts_at',
  's.paused_at',
  's.paused_ms',
  's.stopped_at',
] as const;

const sessionColumns = [
  's.uuid',
  's.name',
  's.mission_uuid',
  's.owner_id',
  's.owner_kind',
  's.max_teams',
  's.players_per_team',
  's.min_players_per_team',
  's.end_when_all_solved',
  's.all_solved_at',
  ...sessionTimelineColumns,
  's.created_at',
] as const;

/**
 * The SQL of gaming sessions, teams and players. Every team query is scoped by its session, and
 * every write that could cross a limit runs after `lockSession` or `lockTeam` in the same
 * transaction: that row lock is what makes the limits hold when requests race.
 */
export const createSessionsRepository = (db: Kysely<Database>) => ({
  findSession: (uuid: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session as s')
      .select(sessionColumns)
      .where('s.uuid', '=', uuid)
      .executeTakeFirst(),

  /**
   * The session, and the sequence its event stream had reached, read in one statement: every
   * read made after it is at least as new, so a stream resumed from that sequence misses nothing
   * the view does not show.
   */
  findSessionView: (uuid: string) =>
    db
      .selectFrom('gaming_session as s')
      .select(sessionColumns)
      .select(
        sql<
          string | number
        >`coalesce((select e.last_sequence from event_stream e where e.stream = ${sessionStream(uuid)}), 0)`.as(
          'stream_position',
        ),
      )
      .where('s.uuid', '=', uuid)
      .executeTakeFirst(),

  /** Locks the session row until the transaction ends; the time is read after the lock. */
  lockSession: async (trx: Transaction<Database>, uuid: string) => {
    const row = await trx
      .selectFrom('gaming_session as s')
      .select(sessionColumns)
      .where('s.uuid', '=', uuid)
      .forUpdate()
      .executeTakeFirst();
    return row;
  },

  insertSession: (values: Insertable<GamingSessionTable>, executor: Db = db) =>
    executor.insertInto('gaming_session').values(values).execute(),

  updateSession: (trx: Db, uuid: string, changes: Updateable<GamingSessionTable>) =>
    trx.updateTable('gaming_session').set(changes).where('uuid', '=', uuid).execute(),

  /** The mission with its chapter, and whether this player may open that chapter. */
  findMissionForPlayer: (missionUuid: string, accountId: string, executor: Db = db) =>
    executor
      .selectFrom('mission as m')
      .innerJoin('chapter as c', 'c.uuid', 'm.chapter_uuid')
      .leftJoin('chapter_assignment as a', (join) =>
        join.onRef('a.chapter_uuid', '=', 'c.uuid').on('a.account_id', '=', accountId),
      )
      .select([
        'm.uuid',
        'm.chapter_uuid',
        'm.duration_minutes',
        'm.title',
        'c.visibility',
        'a.assigned_at',
      ])
      .where('m.uuid', '=', missionUuid)
      .executeTakeFirst(),

  findMission: (missionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('mission as m')
      .innerJoin('chapter as c', 'c.uuid', 'm.chapter_uuid')
      .select(['m.uuid', 'm.chapter_uuid', 'm.title', 'c.title as chapter_title'])
      .where('m.uuid', '=', missionUuid)
      .executeTakeFirst(),

  /** The texts a session's briefing shows, in both languages. */
  findMissionBriefing: (missionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('mission')
      .select(['uuid', 'title', 'brief', 'scenario', 'rules'])
      .where('uuid', '=', missionUuid)
      .executeTakeFirst(),

  countObjectives: async (missionUuid: string, executor: Db = db) =>
    Number(
      (
        await executor
          .selectFrom('objective')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('mission_uuid', '=', missionUuid)
          .executeTakeFirstOrThrow()
      ).count,
    ),

  /** Objectives per mission, for progress over several missions at once. */
  countObjectivesOf: async (missionUuids: readonly string[]) =>
    new Map(
      missionUuids.length === 0
        ? []
        : (
            await db
              .selectFrom('objective')
              .select(['mission_uuid', (eb) => eb.fn.countAll<number>().as('count')])
              .where('mission_uuid', 'in', missionUuids)
              .groupBy('mission_uuid')
              .execute()
          ).map((row) => [row.mission_uuid, Number(row.count)] as const),
    ),

  findPlayer: (sessionUuid: string, accountId: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_player')
      .select(['session_uuid', 'account_id', 'team_uuid', 'joined_at', 'team_joined_at'])
      .where('session_uuid', '=', sessionUuid)
      .where('account_id', '=', accountId)
      .executeTakeFirst(),

  /** Adds the player to the session; `false` when they were in it already. */
  insertPlayer: async (trx: Db, sessionUuid: string, accountId: string) => {
    const result = await trx
      .insertInto('gaming_session_player')
      .values({ session_uuid: sessionUuid, account_id: accountId })
      .onConflict((oc) => oc.columns(['session_uuid', 'account_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  setPlayerTeam: (trx: Db, sessionUuid: string, accountId: string, teamUuid: string | null) =>
    trx
      .insertInto('gaming_session_player')
      .values({
        session_uuid: sessionUuid,
        account_id: accountId,
        team_uuid: teamUuid,
        team_joined_at: teamUuid ? sql<Date>`clock_timestamp()` : null,
      })
      .onConflict((oc) =>
        oc.columns(['session_uuid', 'account_id']).doUpdateSet({
          team_uuid: teamUuid,
          team_joined_at: teamUuid ? sql<Date>`clock_timestamp()` : null,
        }),
      )
      .execute(),

  countTeams: async (sessionUuid: string, executor: Db = db) =>
    Number(
      (
        await executor
          .selectFrom('gaming_session_team')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('session_uuid', '=', sessionUuid)
          .executeTakeFirstOrThrow()
      ).count,
    ),

  findTeamByName: (trx: Db, sessionUuid: string, nameKey: string) =>
    trx
      .selectFrom('gaming_session_team')
      .select('uuid')
      .where('session_uuid', '=', sessionUuid)
      .where('name_key', '=', nameKey)
      .executeTakeFirst(),

  insertTeam: (
    trx: Db,
    team: {
      uuid: string;
      sessionUuid: string;
      name: string;
      nameKey: string;
      token: string;
      logo: Uint8Array | null;
      logoType: string | null;
      createdBy: string;
    },
  ) =>
    trx
      .insertInto('gaming_session_team')
      .values({
        uuid: team.uuid,
        session_uuid: team.sessionUuid,
        name: team.name,
        name_key: team.nameKey,
        token: team.token,
        logo: team.logo,
        logo_type: team.logoType,
        created_by: team.createdBy,
      })
      .execute(),

  /** A team of this session by its token, locked: only this session's teams can match. */
  lockTeamByToken: (trx: Transaction<Database>, sessionUuid: string, token: string) =>
    trx
      .selectFrom('gaming_session_team')
      .select(['uuid', 'name', 'token'])
      .where('session_uuid', '=', sessionUuid)
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst(),

  lockTeam: (trx: Transaction<Database>, sessionUuid: string, teamUuid: string) =>
    trx
      .selectFrom('gaming_session_team')
      .select(['uuid', 'name', 'token', 'eliminated_at'])
      .where('session_uuid', '=', sessionUuid)
      .where('uuid', '=', teamUuid)
      .forUpdate()
      .executeTakeFirst(),

  countMembers: async (trx: Db, teamUuid: string) =>
    Number(
      (
        await trx
          .selectFrom('gaming_session_player')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('team_uuid', '=', teamUuid)
          .executeTakeFirstOrThrow()
      ).count,
    ),

  /** A player of the session with their pseudo (for the events that name them). */
  findPlayerWithPseudo: (trx: Db, sessionUuid: string, accountId: string) =>
    trx
      .selectFrom('gaming_session_player as p')
      .innerJoin('account as a', 'a.id', 'p.account_id')
      .select(['p.account_id', 'p.team_uuid', 'a.pseudo'])
      .where('p.session_uuid', '=', sessionUuid)
      .where('p.account_id', '=', accountId)
      .executeTakeFirst(),

  /** Takes a player out of the session (their presence rows go with them). */
  deletePlayer: (trx: Db, sessionUuid: string, accountId: string) =>
    trx
      .deleteFrom('gaming_session_player')
      .where('session_uuid', '=', sessionUuid)
      .where('account_id', '=', accountId)
      .execute(),

  /** The players of a session, first joined first: who to tell, who inherits ownership. */
  listPlayerIds: async (trx: Db, sessionUuid: string) =>
    (
      await trx
        .selectFrom('gaming_session_player')
        .select('account_id')
        .where('session_uuid', '=', sessionUuid)
        .orderBy('joined_at')
        .orderBy('account_id')
        .execute()
    ).map((row) => row.account_id),

  teamMemberIds: async (trx: Db, teamUuid: string) =>
    (
      await trx
        .selectFrom('gaming_session_player')
        .select('account_id')
        .where('team_uuid', '=', teamUuid)
        .execute()
    ).map((row) => row.account_id),

  /** Every member of a team leaves it; they stay in the session without a team. */
  releaseTeamMembers: (trx: Db, teamUuid: string) =>
    trx
      .updateTable('gaming_session_player')
      .set({ team_uuid: null, team_joined_at: null })
      .where('team_uuid', '=', teamUuid)
      .execute(),

  /** Eliminates a team (an instant and a reason) or, with `null`, lifts its elimination. */
  setTeamElimination: (
    trx: Db,
    teamUuid: string,
    elimination: { at: Date; reason: string | null } | null,
  ) =>
    trx
      .updateTable('gaming_session_team')
      .set({
        eliminated_at: elimination?.at ?? null,
        elimination_reason: elimination?.reason ?? null,
      })
      .where('uuid', '=', teamUuid)
      .execute(),

  deleteTeam: (trx: Db, teamUuid: string) =>
    trx.deleteFrom('gaming_session_team').where('uuid', '=', teamUuid).execute(),

  /** Every team of a session with its logo's presence, oldest first. */
  listTeams: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_team')
      .select([
        'uuid',
        'name',
        'token',
        'created_at',
        'score',
        'score_reached_at',
        'eliminated_at',
        'elimination_reason',
        sql<boolean>`logo is not null`.as('has_logo'),
      ])
      .where('session_uuid', '=', sessionUuid)
      .orderBy('created_at')
      .orderBy('uuid')
      .execute(),

  /** Everyone who joined the session, with the team they are in (if any). */
  /** The players with `online`: some node renewed their presence in time (0007-presence). */
  listPlayers: (sessionUuid: string, executor: Db = db) =>
    executor
      .selectFrom('gaming_session_player as p')
      .innerJoin('account as a', 'a.id', 'p.account_id')
      .select(['p.account_id', 'p.team_uuid', 'p.team_joined_at', 'a.pseudo', 'a.avatar_id'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('gaming_session_presence as pr')
              .select(sql.lit(1).as('one'))
              .whereRef('pr.session_uuid', '=', 'p.session_uuid')
              .whereRef('pr.account_id', '=', 'p.account_id')
              .where('pr.expires_at', '>', sql<Date>`clock_timestamp()`),
          )
          .$castTo<boolean>()
          .as('online'),
      )
      .where('p.session_uuid', '=', sessionUuid)
      .orderBy('p.team_joined_at')
      .orderBy('p.joined_at')
      .execute(),

  teamSizes: async (trx: Db, sessionUuid: string) =>
    (
      await trx
        .selectFrom('gaming_session_team as t')
        .leftJoin('gaming_session_player as p', 'p.team_uuid', 't.uuid')
        .select(['t.uuid', (eb) => eb.fn.count<number>('p.account_id').as('size')])
        .where('t.session_uuid', '=', sessionUuid)
        .groupBy('t.uuid')
        .execute()
    ).map((row) => Number(row.size)),

  findTeamLogo: (sessionUuid: string, teamUuid: string) =>
    db
      .selectFrom('gaming_session_team')
      .select(['logo', 'logo_type'])
      .where('session_uuid', '=', sessionUuid)
      .where('uuid', '=', teamUuid)
      .executeTakeFirst(),

  /**
   * Sessions (not stopped unless asked), with their mission and chapter titles and their counts, for lists.
   * `joinedBy` keeps the ones this player joined; `lobbyOnly` keeps the ones not started yet.
   */
  listSessions: (filter: {
    joinedBy?: string;
    lobbyOnly?: boolean;
    ownerKind?: 'trainer';
    /** Trainers list stopped sessions too. */
    includeStopped?: boolean;
  }) => {
    let query = db
      .selectFrom('gaming_session as s')
      .innerJoin('mission as m', 'm.uuid', 's.mission_uuid')
      .innerJoin('chapter as c', 'c.uuid', 'm.chapter_uuid')
      .select([
        ...sessionColumns,
        'm.title as mission_title',
        'm.chapter_uuid',
        'c.title as chapter_title',
        (eb) =>
          eb
            .selectFrom('gaming_session_team as t')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('t.session_uuid', '=', 's.uuid')
            .as('teams_count'),
        (eb) =>
          eb
            .selectFrom('gaming_session_player as p')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('p.session_uuid', '=', 's.uuid')
            .as('players_count'),
      ]);
    if (!filter.includeStopped) query = query.where('s.stopped_at', 'is', null);
    if (filter.joinedBy) {
      const accountId = filter.joinedBy;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('gaming_session_player as me')
            .select('me.account_id')
            .whereRef('me.session_uuid', '=', 's.uuid')
            .where('me.account_id', '=', accountId),
        ),
      );
    }
    if (filter.lobbyOnly) query = query.where('s.starts_at', 'is', null);
    if (filter.ownerKind) query = query.where('s.owner_kind', '=', filter.ownerKind);
    return query.orderBy('s.created_at', 'desc').limit(500).execute();
  },

  /**
   * Every team of these sessions with what the ranking needs, its solved objectives, and whether
   * this player is in it: the standing of each of the player's sessions in one query.
   */
  listStandings: (sessionUuids: readonly string[], accountId: string) =>
    sessionUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('gaming_session_team as t')
          .select([
            't.uuid',
            't.session_uuid',
            't.score',
            't.score_reached_at',
            't.eliminated_at',
            (eb) =>
              eb
                .selectFrom('team_objective_state as s')
                .select((inner) => inner.fn.countAll<number>().as('n'))
                .whereRef('s.team_uuid', '=', 't.uuid')
                .where('s.solved_at', 'is not', null)
                .as('completed'),
            (eb) =>
              eb
                .exists(
                  eb
                    .selectFrom('gaming_session_player as p')
                    .select('p.account_id')
                    .whereRef('p.session_uuid', '=', 't.session_uuid')
                    .where('p.account_id', '=', accountId)
                    .whereRef('p.team_uuid', '=', 't.uuid'),
                )
                .as('mine'),
          ])
          .where('t.session_uuid', 'in', sessionUuids)
          .orderBy('t.created_at')
          .orderBy('t.uuid')
          .execute(),

  /** The trainers' adjustments of a team's score, newest first, through the ledger's team index. */
  listAdjustments: (teamUuid: string) =>
    db
      .selectFrom('score_entry')
      .select(['points', 'reason', 'created_at'])
      .where('team_uuid', '=', teamUuid)
      .where('kind', '=', 'adjustment')
      .orderBy('id', 'desc')
      .execute(),

  /** How many objectives the team solved. */
  countSolved: async (teamUuid: string) =>
    Number(
      (
        await db
          .selectFrom('team_objective_state')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_uuid', '=', teamUuid)
          .where('solved_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  findPseudo: async (accountId: string) =>
    (await db.selectFrom('account').select('pseudo').where('id', '=', accountId).executeTakeFirst())
      ?.pseudo,

  /** Lobbies whose scheduled start is due and that nobody has started yet. */
  listDueScheduledStarts: (now: Date, executor: Db = db) =>
    executor
      .selectFrom('gaming_session')
      .select('uuid')
      .where('scheduled_start_at', '<=', now)
      .where('starts_at', 'is', null)
      .where('stopped_at', 'is', null)
      .where('start_requested_at', 'is', null)
      .limit(100)
      .execute(),

  /** The chapters this player may open (open, or assigned to them). */
  listOpenableChapterUuids: async (accountId: string) =>
    (
      await db
        .selectFrom('chapter as c')
        .leftJoin('chapter_assignment as a', (join) =>
          join.onRef('a.chapter_uuid', '=', 'c.uuid').on('a.account_id', '=', accountId),
        )
        .select('c.uuid')
        .where((eb) => eb.or([eb('c.visibility', '=', 'open'), eb('a.account_id', 'is not', null)]))
        .execute()
    ).map((row) => row.uuid),
});

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
export type SessionRow = NonNullable<Awaited<ReturnType<SessionsRepository['findSession']>>>;
export type SessionListRow = Awaited<ReturnType<SessionsRepository['listSessions']>>[number];
