import { isClosedStatus } from '@rampart/contracts';
import type {
  Environment,
  ErrorCode,
  LabSummary,
  LabTemplate,
  SessionEnvironments,
  TeamEnvironment,
  TrainerEnvironment,
} from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import type { RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { rateLimited } from '../rate-limit/rate-limited.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { EnvironmentManager } from './environment-manager.js';
import { latestExpiry } from './lab-rules.js';
import type { LabSessionStartsRepository } from './lab-session-starts.repository.js';
import type { EnvironmentRow, LabsRepository } from './labs.repository.js';

export const labSummaryOf = (lab: LabTemplate): LabSummary => ({
  machines: lab.machines.map((machine) => ({
    name: machine.name,
    ports: machine.ports.map((port) => port.port),
  })),
  consoleMachine: lab.consoleMachine ?? lab.machines[0]!.name,
  vpn: lab.vpn,
  ttlSeconds: lab.ttlSeconds,
  maxTtlSeconds: lab.maxTtlSeconds,
});

/**
 * Who may see and act on lab environments. Players reach only their own team's, found through
 * their membership (never by an id they send); trainers with `session.run` reach every team's,
 * and their actions are audited.
 */
export const createLabsService = (deps: {
  db: Kysely<Database>;
  repo: LabsRepository;
  starts: LabSessionStartsRepository;
  sessions: SessionsRepository;
  manager: EnvironmentManager;
  rateLimits: RateLimitRepository;
  allocationsPerTeamPerMinute: number;
  clock: Clock;
}) => {
  const { repo, manager } = deps;

  const environmentView = (row: EnvironmentRow): Environment => ({
    uuid: row.id,
    phase: row.phase,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    renewCount: row.renew_count,
    maxRenewals: manager.limits.maxExtensions,
    expiresAtLatest: latestExpiry(row.template, row.created_at).toISOString(),
  });

  const trainerView = (row: EnvironmentRow): TrainerEnvironment => ({
    ...environmentView(row),
    provider: row.provider as TrainerEnvironment['provider'],
    providerRef: row.provider_ref,
    lastError: row.last_error,
  });

  const requireSession = async (sessionUuid: string) => {
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    return session;
  };

  /** The caller's team in the session, and the session's lab. */
  const playerContext = async (principal: Principal, sessionUuid: string) => {
    requireCapability(principal, 'game.play');
    const session = await requireSession(sessionUuid);
    const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
    if (!player) throw new AppError('session.not_joined');
    if (!player.team_uuid) throw new AppError('team.not_found');
    const lab = await repo.findMissionLab(session.mission_uuid);
    return { session, teamUuid: player.team_uuid, lab };
  };

  /** The team's live environment as of now: one past its expiry is released on the way. */
  const liveEnvironment = async (sessionUuid: string, teamUuid: string, now: Date) => {
    const row = await repo.findLive(sessionUuid, teamUuid);
    if (!row) return null;
    if (row.expires_at <= now) {
      await manager.release(row, 'expired');
      return null;
    }
    return manager.refresh(row);
  };

  const teamEnvironment = async (
    sessionUuid: string,
    teamUuid: string,
    lab: LabTemplate | null,
  ): Promise<TeamEnvironment> => {
    const now = await deps.clock.now();
    const row = lab ? await liveEnvironment(sessionUuid, teamUuid, now) : null;
    return {
      lab: lab ? labSummaryOf(lab) : null,
      environment: row ? environmentView(row) : null,
      serverTime: now.toISOString(),
    };
  };

  const requireTeam = async (sessionUuid: string, teamUuid: string) => {
    const team = (await deps.sessions.listTeams(sessionUuid)).find((t) => t.uuid === teamUuid);
    if (!team) throw new AppError('team.not_found');
    return team;
  };

  return {
    /** The caller's team environment; `lab: null` when the mission has none. */
    async get(principal: Principal, sessionUuid: string) {
      const { teamUuid, lab } = await playerContext(principal, sessionUuid);
      return teamEnvironment(sessionUuid, teamUuid, lab);
    },

    /** First use of the Console or VPN tab: only while the game runs, for a team still in it. */
    async allocate(principal: Principal, sessionUuid: string) {
      const { session, teamUuid, lab } = await playerContext(principal, sessionUuid);
      if (!lab) throw new AppError('lab.not_configured');
      const now = await deps.clock.now();
      const { status } = deriveSessionState(timelineOf(session), now);
      if (isClosedStatus(status)) throw new AppError('session.ended');
      if (status === 'paused') throw new AppError('session.paused');
      if (status !== 'running') throw new AppError('session.not_running');
      const team = await requireTeam(sessionUuid, teamUuid);
      if (team.eliminated_at) throw new AppError('team.eliminated');
      // One past its expiry that the reconciler has not reached yet goes first: the team asked
      // for a working environment, not for the expired one. Only asking for a new one counts
      // against the rate limit; answering with the live one costs the provider nothing.
      if (!(await liveEnvironment(sessionUuid, teamUuid, now))) {
        const bucket = await deps.rateLimits.hit(`lab.allocate:${teamUuid}`, 60);
        if (bucket.hits > deps.allocationsPerTeamPerMinute) {
          throw rateLimited('request.rate_limited', [bucket]);
        }
      }
      await manager.allocate({
        sessionUuid,
        teamUuid,
        missionUuid: session.mission_uuid,
        template: lab,
      });
      return teamEnvironment(sessionUuid, teamUuid, lab);
    },

    async list(principal: Principal, sessionUuid: string): Promise<SessionEnvironments> {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      const [lab, teams, rows, capacity, now, start] = await Promise.all([
        repo.findMissionLab(session.mission_uuid),
        deps.sessions.listTeams(sessionUuid),
        repo.listLatestOfSession(sessionUuid),
        repo.readCapacity(sessionUuid),
        deps.clock.now(),
        deps.starts.find(sessionUuid),
      ]);
      const rowOf = new Map(rows.map((row) => [row.team_uuid, row]));
      return {
        sessionUuid,
        lab: lab ? labSummaryOf(lab) : null,
        provider: manager.providerKind,
        capacity: {
          global: { inUse: capacity.global, limit: manager.limits.maxEnvironments },
          session: { inUse: capacity.session, limit: manager.limits.maxEnvironmentsPerSession },
        },
        teams: teams.map((team) => {
          const row = rowOf.get(team.uuid);
          return {
            teamUuid: team.uuid,
            teamName: team.name,
            eliminated: team.eliminated_at !== null,
            environment: row ? trainerView(row) : null,
          };
        }),
        serverTime: now.toISOString(),
        // Only a start that allocated: one marked handled after the session ended says nothing.
        ...(start?.finished_at && start.allocated + start.no_capacity + start.failed > 0
          ? {
              startAllocation: {
                at: start.finished_at.toISOString(),
                allocated: start.allocated,
                noCapacity: start.no_capacity,
                failed: start.failed,
              },
            }
          : {}),
      };
    },

    /** Allocates ahead of first use, lobby included: the point is a warm start. */
    async prewarm(principal: Principal, sessionUuid: string, teamUuid?: string) {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      const lab = await repo.findMissionLab(session.mission_uuid);
      if (!lab) throw new AppError('lab.not_configured');
      if (isClosedStatus(deriveSessionState(timelineOf(session), await deps.clock.now()).status))
        throw new AppError('session.ended');
      const teams = teamUuid
        ? [await requireTeam(sessionUuid, teamUuid)]
        : await deps.sessions.listTeams(sessionUuid);
      let allocated = 0;
      const failed: { teamUuid: string; code: ErrorCode }[] = [];
      for (const team of teams.filter((t) => t.eliminated_at === null)) {
        try {
          const result = await manager.allocate({
            sessionUuid,
            teamUuid: team.uuid,
            missionUuid: session.mission_uuid,
            template: lab,
          });
          if (result.created) allocated += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed.push({ teamUuid: team.uuid, code: error.code });
        }
      }
      await recordTrainerAction(deps.db, {
        accountId: principal.accountId,
        action: 'lab.prewarmed',
        sessionUuid,
        targetUuid: teamUuid ?? null,
        details: { allocated, failed: failed.length },
      });
      return { allocated, failed };
    },

    async release(principal: Principal, sessionUuid: string, teamUuid?: string) {
      requireCapability(principal, 'session.run');
      await requireSession(sessionUuid);
      if (teamUuid) await requireTeam(sessionUuid, teamUuid);
      const released = await manager.releaseSession(sessionUuid, 'trainer', teamUuid);
      await recordTrainerAction(deps.db, {
        accountId: principal.accountId,
        action: 'lab.released',
        sessionUuid,
        targetUuid: teamUuid ?? null,
        details: { released },
      });
      return { released };
    },

    async extend(principal: Principal, sessionUuid: string, teamUuid: string, minutes?: number) {
      requireCapability(principal, 'session.run');
      await requireSession(sessionUuid);
      await requireTeam(sessionUuid, teamUuid);
      const row = await manager.extend(
        sessionUuid,
        teamUuid,
        minutes === undefined ? undefined : minutes * 60,
        async (trx, before, after) => {
          await recordTrainerAction(trx, {
            accountId: principal.accountId,
            action: 'lab.extended',
            sessionUuid,
            targetUuid: teamUuid,
            details: {
              envId: after.id,
              from: before.expires_at.toISOString(),
              to: after.expires_at.toISOString(),
              renewCount: after.renew_count,
            },
          });
        },
      );
      return { environment: trainerView(row) };
    },
  };
};

export type LabsService = ReturnType<typeof createLabsService>;
