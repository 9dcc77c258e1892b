import { randomUUID } from 'node:crypto';
import {
  sessionLimits,
  type AvatarId,
  type createSessionBodySchema,
  type LocalizedText,
} from '@rampart/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { SessionsService } from './sessions.service.js';
import { listItemOf, progressOf, rankedTeams, sessionTimes, shortTeamsOf } from './session-view.js';

export type TrainerAction = 'start' | 'pause' | 'resume' | 'stop';

const auditActionOf = {
  start: 'session.started',
  pause: 'session.paused',
  resume: 'session.resumed',
  stop: 'session.stopped',
} as const;

/** What trainers do with sessions: create them, read them whole (tokens included), run them. */
export const createTrainerSessions = (deps: {
  repo: SessionsRepository;
  sessions: SessionsService;
  events: EventWriter;
  /** The sessions' time. */
  clock: Clock;
}) => {
  const { repo, sessions, clock } = deps;

  const trainerView = async (uuid: string) => {
    const row = await repo.findSessionView(uuid);
    if (!row) throw new AppError('session.not_found');
    const [now, mission, total, teams, players] = await Promise.all([
      clock.now(),
      repo.findMission(row.mission_uuid),
      repo.countObjectives(row.mission_uuid),
      repo.listTeams(uuid),
      repo.listPlayers(uuid),
    ]);
    const owner = players.find((player) => player.account_id === row.owner_id);
    const ranked = rankedTeams(uuid, teams, players, null, 'trainer');
    return {
      session: {
        ...sessionTimes(row, now),
        uuid: row.uuid,
        name: row.name,
        mission: {
          uuid: row.mission_uuid,
          title: mission!.title as LocalizedText,
          chapter_uuid: mission!.chapter_uuid,
          chapterTitle: mission!.chapter_title as LocalizedText,
        },
        ownerKind: row.owner_kind,
        owner: { pseudo: owner?.pseudo ?? (await repo.findPseudo(row.owner_id)) ?? '' },
        maxTeams: row.max_teams,
        playersPerTeam: row.players_per_team,
        minPlayersPerTeam: row.min_players_per_team,
        durationMinutes: Math.round(Number(row.duration_ms) / 60_000),
        endWhenAllSolved: row.end_when_all_solved,
        allSolvedAt: row.all_solved_at?.toISOString() ?? null,
        teamsCount: teams.length,
        ...progressOf(0, total),
        teams: ranked,
        shortTeams: shortTeamsOf(ranked, row.min_players_per_team),
        playersWithoutTeam: players
          .filter((player) => !player.team_uuid)
          .map((player) => ({
            uuid: player.account_id,
            pseudo: player.pseudo,
            avatarId: player.avatar_id as AvatarId | null,
            online: player.online,
          })),
        streamPosition: Number(row.stream_position),
      },
    };
  };

  return {
    trainerView,

    /** Any session's team logo: trainers see every session they may run. */
    async teamLogo(principal: Principal, uuid: string, teamUuid: string) {
      requireCapability(principal, 'session.run');
      const logo = await repo.findTeamLogo(uuid, teamUuid);
      if (!logo?.logo || !logo.logo_type) throw new AppError('team.not_found');
      return { data: logo.logo, type: logo.logo_type };
    },

    async create(principal: Principal, body: z.output<typeof createSessionBodySchema>) {
      requireCapability(principal, 'session.run');
      const mission = await repo.findMission(body.missionUuid);
      if (!mission) throw new AppError('content.mission_not_found');
      const uuid = randomUUID();
      const session = {
        uuid,
        name: body.name,
        mission_uuid: body.missionUuid,
        owner_id: principal.accountId,
        owner_kind: 'trainer' as const,
        max_teams: body.maxTeams,
        players_per_team: body.playersPerTeam,
        min_players_per_team: body.minPlayersPerTeam ?? sessionLimits.minPlayersPerTeam.default,
        duration_ms: body.durationMinutes * 60_000,
        countdown_ms: sessionLimits.countdownSeconds * 1000,
        start_wait_ms: sessionLimits.startWaitSeconds * 1000,
        scheduled_start_at: body.scheduledStartAt ? new Date(body.scheduledStartAt) : null,
        end_when_all_solved: body.endWhenAllSolved ?? false,
      };
      await deps.events.transaction(async ({ trx }) => {
        await repo.insertSession(session, trx);
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'session.created',
          sessionUuid: uuid,
          details: {
            name: body.name,
            missionUuid: body.missionUuid,
            maxTeams: body.maxTeams,
            playersPerTeam: body.playersPerTeam,
            durationMinutes: body.durationMinutes,
            scheduledStartAt: body.scheduledStartAt ?? null,
            endWhenAllSolved: body.endWhenAllSolved ?? false,
          },
        });
      });
      return trainerView(uuid);
    },

    async list(principal: Principal) {
      requireCapability(principal, 'session.run');
      const [rows, now] = await Promise.all([
        repo.listSessions({ includeStopped: true }),
        clock.now(),
      ]);
      return {
        sessions: rows.map((row) => ({
          ...listItemOf(row, now, principal.locale),
          ownerKind: row.owner_kind,
        })),
      };
    },

    async get(principal: Principal, uuid: string) {
      requireCapability(principal, 'session.run');
      return trainerView(uuid);
    },

    async act(principal: Principal, uuid: string, action: TrainerAction, force = false) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async (context) => {
        // Refused actions throw before this row is written: the log holds what was done.
        const audit = () =>
          recordTrainerAction(context.trx, {
            accountId: principal.accountId,
            action: auditActionOf[action],
            sessionUuid: uuid,
            ...(action === 'start' && force ? { details: { force } } : {}),
          });
        if (action === 'start') {
          const teamCount = await repo.countTeams(uuid, context.trx);
          await sessions.applyAction(
            context,
            force
              ? { kind: 'force_start', teamCount }
              : { kind: 'start', requirementsMet: await sessions.requirementsMet(context) },
          );
          return audit();
        }
        await sessions.applyAction(context, { kind: action });
        await audit();
      });
      return trainerView(uuid);
    },

    /**
     * Scheduled starts that fell due: each begins its countdown when its teams are ready, or
     * records the wait for players (so later team changes start it and the wait can elapse).
     * Every node runs this; the session row lock and the re-check inside make one writer win.
     */
    async startDueSessions() {
      const due = await repo.listDueScheduledStarts(await clock.now());
      for (const { uuid } of due) {
        await sessions.withLockedSession(uuid, async (context) => {
          const { row, trx } = context;
          if (row.starts_at || row.stopped_at || row.start_requested_at) return;
          if (await sessions.requirementsMet(context)) {
            await sessions.applyAction(context, { kind: 'teams_changed', requirementsMet: true });
          } else {
            await repo.updateSession(trx, uuid, { start_requested_at: row.scheduled_start_at });
          }
        });
      }
      return due.length;
    },
  };
};

export type TrainerSessions = ReturnType<typeof createTrainerSessions>;
