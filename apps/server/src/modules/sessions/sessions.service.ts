import { randomBytes, randomUUID } from 'node:crypto';
import {
  sessionLimits,
  isClosedStatus,
  type LocalizedText,
  type Locale,
  type UploadedFile,
} from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AppendInTransaction, EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import type { RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { rateLimited } from '../rate-limit/rate-limited.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { mayOpenChapter } from '../content/chapter-view.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';
import {
  applySessionAction,
  deriveSessionState,
  startRequirementsMet,
  type SessionAction,
} from './session-state.js';
import {
  listItemOf,
  progressOf,
  rankedTeams,
  sessionTimes,
  statusOf,
  timelineOf,
  withoutToken,
} from './session-view.js';
import { normaliseTeamLogo } from './team-logo.js';

/** Failed token attempts one player may make on one session per window (tokens are 160 bits). */
const TOKEN_ATTEMPTS = 10;
const TOKEN_WINDOW_SECONDS = 600;
/** The window of the sessions a player creates (`playerSessionsPerHour`). */
const CREATION_WINDOW_SECONDS = 3600;

/** 20 random bytes: 160 bits, far past guessing; base64url so it can be typed and pasted. */
const newTeamToken = () => randomBytes(20).toString('base64url');

/** Names compare without case and surrounding or repeated spaces. */
const nameKeyOf = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export interface SessionContext {
  trx: Transaction<Database>;
  append: AppendInTransaction;
  row: SessionRow;
  now: Date;
}

export const createSessionsService = (deps: {
  repo: SessionsRepository;
  events: EventWriter;
  rateLimits: RateLimitRepository;
  /** Time for every rule: the database's clock, unless a test injects its own. */
  clock: Clock;
  /** Sessions one player may create per hour. */
  playerSessionsPerHour: number;
}) => {
  const { repo, events, rateLimits } = deps;
  const { clock } = deps;

  /** Runs `work` with the session row locked and the time read after the lock. */
  const withLockedSession = <T>(uuid: string, work: (context: SessionContext) => Promise<T>) =>
    events.transaction(async ({ trx, append }) => {
      const row = await repo.lockSession(trx, uuid);
      if (!row) throw new AppError('session.not_found');
      return work({ trx, append, row, now: await clock.now(trx) });
    });

  const refuseEnded = (row: SessionRow, now: Date) => {
    const status = statusOf(row, now);
    if (isClosedStatus(status)) throw new AppError('session.ended');
    return status;
  };

  /** Stores an action's changes and tells everyone in the session about the new course. */
  const applyAction = async (context: SessionContext, action: SessionAction) => {
    const { trx, append, row, now } = context;
    const result = applySessionAction(timelineOf(row), action, now);
    if (!result.ok) throw new AppError(result.code);
    if (Object.keys(result.changes).length === 0) return row;
    const changes = {
      ...('startsAt' in result.changes ? { starts_at: result.changes.startsAt ?? null } : {}),
      ...('startRequestedAt' in result.changes
        ? { start_requested_at: result.changes.startRequestedAt ?? null }
        : {}),
      ...('pausedAt' in result.changes ? { paused_at: result.changes.pausedAt ?? null } : {}),
      ...('pausedMs' in result.changes ? { paused_ms: result.changes.pausedMs ?? 0 } : {}),
      ...('stoppedAt' in result.changes ? { stopped_at: result.changes.stoppedAt ?? null } : {}),
    };
    await repo.updateSession(trx, row.uuid, changes);
    const updated: SessionRow = { ...row, ...changes };
    await append({
      stream: sessionStream(row.uuid),
      audience: 'session',
      type: 'session.status_changed',
      payload: { sessionUuid: row.uuid, ...statusPayload(updated, now) },
    });
    return updated;
  };

  const statusPayload = (row: SessionRow, now: Date) => {
    const { scheduledStartAt: _scheduled, ...times } = sessionTimes(row, now);
    return times;
  };

  /** A start asked while teams were missing begins its countdown once they are ready. */
  const startIfTeamsReady = async (context: SessionContext) => {
    const { row, now, trx } = context;
    if (deriveSessionState(timelineOf(row), now).startPhase !== 'waiting_for_players') return;
    const sizes = await repo.teamSizes(trx, row.uuid);
    await applyAction(context, {
      kind: 'teams_changed',
      requirementsMet: startRequirementsMet(sizes, row.min_players_per_team),
    });
  };

  const requirementsMet = async (context: SessionContext) =>
    startRequirementsMet(
      await repo.teamSizes(context.trx, context.row.uuid),
      context.row.min_players_per_team,
    );

  /** The session as this player may see it: teams only for its own players. */
  const detailFor = async (principal: Principal, uuid: string, locale: Locale) => {
    const row = await repo.findSessionView(uuid);
    if (!row) throw new AppError('session.not_found');
    const [now, mission, total, me] = await Promise.all([
      clock.now(),
      repo.findMission(row.mission_uuid),
      repo.countObjectives(row.mission_uuid),
      repo.findPlayer(uuid, principal.accountId),
    ]);
    const [teams, players] = me
      ? await Promise.all([repo.listTeams(uuid), repo.listPlayers(uuid)])
      : [[], []];
    const ranked = rankedTeams(uuid, teams, players, principal.accountId);
    const ownTeam = me?.team_uuid ? ranked.find((team) => team.uuid === me.team_uuid) : undefined;
    const [solved, adjustments] = ownTeam
      ? await Promise.all([repo.countSolved(ownTeam.uuid), repo.listAdjustments(ownTeam.uuid)])
      : [0, []];
    return {
      session: {
        ...sessionTimes(row, now),
        uuid: row.uuid,
        name: row.name,
        mission: {
          uuid: row.mission_uuid,
          title: (mission!.title as LocalizedText)[locale],
          chapter_uuid: mission!.chapter_uuid,
          chapterTitle: (mission!.chapter_title as LocalizedText)[locale],
        },
        ownerKind: row.owner_kind,
        isOwner: row.owner_id === principal.accountId,
        maxTeams: row.max_teams,
        playersPerTeam: row.players_per_team,
        minPlayersPerTeam: row.min_players_per_team,
        durationMinutes: Math.round(Number(row.duration_ms) / 60_000),
        endWhenAllSolved: row.end_when_all_solved,
        allSolvedAt: row.all_solved_at?.toISOString() ?? null,
        teamsCount: me ? teams.length : await repo.countTeams(uuid),
        ...progressOf(solved, total),
        scoreAdjustments: adjustments.map((adjustment) => ({
          points: adjustment.points,
          reason: adjustment.reason ?? '',
          at: adjustment.created_at.toISOString(),
        })),
        gaming_session_user: me
          ? { joinedAt: me.joined_at.toISOString(), gaming_session_team: ownTeam ?? null }
          : null,
        teams: ranked.map(withoutToken),
        // Only for its players: the count moves with every team's private events, and a
        // visitor who has not joined opens no stream.
        streamPosition: me ? Number(row.stream_position) : 0,
      },
    };
  };

  /** The caller's own team, with its token, as team creation and joining answer it. */
  const ownTeamOf = async (principal: Principal, sessionUuid: string, teamUuid: string) => {
    const [teams, players] = await Promise.all([
      repo.listTeams(sessionUuid),
      repo.listPlayers(sessionUuid),
    ]);
    const team = rankedTeams(sessionUuid, teams, players, principal.accountId).find(
      (candidate) => candidate.uuid === teamUuid,
    );
    if (!team) throw new AppError('team.not_found');
    return { team };
  };

  const requireOwner = (principal: Principal, row: SessionRow) => {
    if (row.owner_kind !== 'player' || row.owner_id !== principal.accountId)
      throw new AppError('session.not_owner');
  };

  /** A mission this player may play: its chapter is open or assigned to them. */
  const playableMission = async (principal: Principal, missionUuid: string) => {
    const mission = await repo.findMissionForPlayer(missionUuid, principal.accountId);
    if (!mission) throw new AppError('content.mission_not_found');
    if (!mayOpenChapter(mission)) throw new AppError('session.mission_not_allowed');
    return mission;
  };

  return {
    detailFor,

    async createForPlayer(principal: Principal, missionUuid: string, locale: Locale) {
      requireCapability(principal, 'session.create_own');
      const mission = await playableMission(principal, missionUuid);
      // Each session is a lobby that holds its mission's answers back from every debrief until
      // it ends (docs/security.md), and rows for the whole deployment to read: a player makes a
      // few an hour, not sixty a second. The count is one atomic statement, so a burst of
      // concurrent creations cannot slip past it.
      const bucket = await rateLimits.hit(
        `session-create:${principal.accountId}`,
        CREATION_WINDOW_SECONDS,
      );
      if (bucket.hits > deps.playerSessionsPerHour) {
        throw rateLimited('session.rate_limited', [bucket]);
      }
      const uuid = randomUUID();
      await events.transaction(async ({ trx }) => {
        await repo.insertSession(
          {
            uuid,
            name: (mission.title as LocalizedText)[locale],
            mission_uuid: mission.uuid,
            owner_id: principal.accountId,
            owner_kind: 'player',
            max_teams: sessionLimits.maxTeams.default,
            players_per_team: sessionLimits.playersPerTeam.default,
            min_players_per_team: sessionLimits.minPlayersPerTeam.default,
            duration_ms: mission.duration_minutes * 60_000,
            countdown_ms: sessionLimits.countdownSeconds * 1000,
            start_wait_ms: sessionLimits.startWaitSeconds * 1000,
          },
          trx,
        );
        await repo.insertPlayer(trx, uuid, principal.accountId);
      });
      return detailFor(principal, uuid, locale);
    },

    async switchMission(principal: Principal, uuid: string, missionUuid: string, locale: Locale) {
      const mission = await playableMission(principal, missionUuid);
      await withLockedSession(uuid, async ({ trx, append, row, now }) => {
        requireOwner(principal, row);
        if (statusOf(row, now) !== 'lobby' || row.start_requested_at)
          throw new AppError('session.invalid_transition');
        const current = await repo.findMission(row.mission_uuid, trx);
        if (current?.chapter_uuid !== mission.chapter_uuid)
          throw new AppError('session.mission_not_allowed');
        await repo.updateSession(trx, uuid, {
          mission_uuid: mission.uuid,
          name: (mission.title as LocalizedText)[locale],
          duration_ms: mission.duration_minutes * 60_000,
        });
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'session.updated',
          payload: { sessionUuid: uuid },
        });
      });
      return detailFor(principal, uuid, locale);
    },

    async join(principal: Principal, uuid: string, locale: Locale) {
      requireCapability(principal, 'game.play');
      await withLockedSession(uuid, async ({ trx, append, row, now }) => {
        refuseEnded(row, now);
        if (await repo.insertPlayer(trx, uuid, principal.accountId)) {
          await append({
            stream: sessionStream(uuid),
            audience: 'session',
            type: 'session.player_joined',
            payload: { pseudo: principal.pseudo },
          });
        }
      });
      return detailFor(principal, uuid, locale);
    },

    async createTeam(
      principal: Principal,
      uuid: string,
      input: { name: string; logo?: UploadedFile | undefined },
    ) {
      requireCapability(principal, 'game.play');
      // The logo is checked and re-encoded before any lock is taken: it is the slow part.
      const logo =
        input.logo && input.logo.data.byteLength > 0
          ? await normaliseTeamLogo(input.logo.data)
          : null;
      const teamUuid = randomUUID();
      await withLockedSession(uuid, async (context) => {
        const { trx, append, row, now } = context;
        refuseEnded(row, now);
        const me = await repo.findPlayer(uuid, principal.accountId, trx);
        if (me?.team_uuid) throw new AppError('team.already_member');
        if ((await repo.countTeams(uuid, trx)) >= row.max_teams)
          throw new AppError('team.max_teams_reached');
        const nameKey = nameKeyOf(input.name);
        if (await repo.findTeamByName(trx, uuid, nameKey)) throw new AppError('team.name_taken');
        await repo.insertTeam(trx, {
          uuid: teamUuid,
          sessionUuid: uuid,
          name: input.name,
          nameKey,
          token: newTeamToken(),
          logo: logo?.data ?? null,
          logoType: logo?.type ?? null,
          createdBy: principal.accountId,
        });
        await repo.setPlayerTeam(trx, uuid, principal.accountId, teamUuid);
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.created',
          payload: { teamUuid, name: input.name },
        });
        await startIfTeamsReady(context);
      });
      return ownTeamOf(principal, uuid, teamUuid);
    },

    async joinTeam(principal: Principal, uuid: string, token: string) {
      requireCapability(principal, 'game.play');
      const attemptsKey = `team-token:${uuid}:${principal.accountId}`;
      const attempts = await rateLimits.hit(attemptsKey, TOKEN_WINDOW_SECONDS);
      if (attempts.hits > TOKEN_ATTEMPTS) throw new AppError('team.too_many_attempts');
      const teamUuid = await withLockedSession(uuid, async (context) => {
        const { trx, append, row, now } = context;
        refuseEnded(row, now);
        // Scoped by session: a token of another session's team matches nothing here.
        const team = await repo.lockTeamByToken(trx, uuid, token);
        if (!team) throw new AppError('team.invalid_token');
        const me = await repo.findPlayer(uuid, principal.accountId, trx);
        if (me?.team_uuid === team.uuid) return team.uuid;
        if (me?.team_uuid) throw new AppError('team.already_member');
        if ((await repo.countMembers(trx, team.uuid)) >= row.players_per_team)
          throw new AppError('team.full');
        await repo.setPlayerTeam(trx, uuid, principal.accountId, team.uuid);
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.member_joined',
          payload: { teamUuid: team.uuid, pseudo: principal.pseudo },
        });
        await startIfTeamsReady(context);
        return team.uuid;
      });
      await rateLimits.forgive(attemptsKey);
      return ownTeamOf(principal, uuid, teamUuid);
    },

    async leaveTeam(principal: Principal, uuid: string, locale: Locale) {
      await withLockedSession(uuid, async ({ trx, append, row, now }) => {
        const me = await repo.findPlayer(uuid, principal.accountId, trx);
        if (!me) throw new AppError('session.not_joined');
        if (!me.team_uuid) throw new AppError('team.not_found');
        if (statusOf(row, now) !== 'lobby') throw new AppError('team.leave_closed');
        const team = await repo.lockTeam(trx, uuid, me.team_uuid);
        await repo.setPlayerTeam(trx, uuid, principal.accountId, null);
        const teamRemoved = (await repo.countMembers(trx, me.team_uuid)) === 0;
        if (teamRemoved) await repo.deleteTeam(trx, me.team_uuid);
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.member_left',
          payload: { teamUuid: team!.uuid, pseudo: principal.pseudo, teamRemoved },
        });
        // Its streams end, so nothing more of the team it left reaches this player.
        await append({
          stream: sessionStream(uuid),
          audience: `user:${principal.accountId}`,
          type: 'session.access_changed',
          payload: { sessionUuid: uuid },
        });
      });
      return detailFor(principal, uuid, locale);
    },

    async teamLogo(principal: Principal, uuid: string, teamUuid: string) {
      if (!(await repo.findPlayer(uuid, principal.accountId))) {
        if (!(await repo.findSession(uuid))) throw new AppError('session.not_found');
        throw new AppError('session.not_joined');
      }
      const logo = await repo.findTeamLogo(uuid, teamUuid);
      if (!logo?.logo || !logo.logo_type) throw new AppError('team.not_found');
      return { data: logo.logo, type: logo.logo_type };
    },

    async startByOwner(principal: Principal, uuid: string, locale: Locale) {
      await withLockedSession(uuid, async (context) => {
        requireOwner(principal, context.row);
        await applyAction(context, {
          kind: 'start',
          requirementsMet: await requirementsMet(context),
        });
      });
      return detailFor(principal, uuid, locale);
    },

    async closeByOwner(principal: Principal, uuid: string, locale: Locale) {
      await withLockedSession(uuid, async (context) => {
        requireOwner(principal, context.row);
        await applyAction(context, { kind: 'stop' });
      });
      return detailFor(principal, uuid, locale);
    },

    async currentSessions(principal: Principal, locale: Locale) {
      const [rows, now] = await Promise.all([
        repo.listSessions({ joinedBy: principal.accountId }),
        clock.now(),
      ]);
      return {
        locale,
        sessions: rows
          .map((row) => listItemOf(row, now, locale))
          .filter((item) => item.status !== 'finished' && item.status !== 'canceled'),
      };
    },

    withLockedSession,
    applyAction,
    requirementsMet,
    startIfTeamsReady,
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
