import { sessionLimits, isClosedStatus, type updateSessionBodySchema } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AppendInTransaction } from '../../realtime/event-writer.js';
import { sessionStream, userStream } from '../../realtime/streams.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';
import type { SessionsService } from './sessions.service.js';
import { deriveSessionState } from './session-state.js';
import { sessionTimes, statusOf, timelineOf } from './session-view.js';
import type { TrainerSessions } from './trainer-sessions.service.js';

const MINUTE_MS = 60_000;

/** Tells each player of the session on their own stream, so their lists of sessions follow. */
export const tellPlayersOf = async (
  repo: SessionsRepository,
  trx: Transaction<Database>,
  append: AppendInTransaction,
  sessionUuid: string,
) => {
  for (const accountId of await repo.listPlayerIds(trx, sessionUuid)) {
    await append({
      stream: userStream(accountId),
      audience: `user:${accountId}`,
      type: 'session.changed',
      payload: { sessionUuid, removed: false },
    });
  }
};

/**
 * The settings a change leaves, or the code of why it is refused. Pure: the limits are checked
 * against the teams as they are under the session's lock.
 */
export const changedSettings = (
  row: SessionRow,
  body: z.output<typeof updateSessionBodySchema>,
  now: Date,
  teams: { count: number; largest: number },
) => {
  const durationMs = Number(row.duration_ms) + (body.addMinutes ?? 0) * MINUTE_MS;
  if (
    durationMs < sessionLimits.durationMinutes.min * MINUTE_MS ||
    durationMs > sessionLimits.durationMinutes.max * MINUTE_MS
  )
    return { ok: false as const, code: 'session.duration_out_of_range' as const };
  // A removal may bring the end closer, never to now or before: ending is a stop.
  const after = deriveSessionState({ ...timelineOf(row), durationMs }, now);
  if (body.addMinutes !== undefined && (after.status === 'finished' || after.remainingMs <= 0))
    return { ok: false as const, code: 'session.would_end' as const };
  const maxTeams = body.maxTeams ?? row.max_teams;
  if (maxTeams < teams.count)
    return { ok: false as const, code: 'session.max_teams_below_teams' as const };
  const playersPerTeam = body.playersPerTeam ?? row.players_per_team;
  if (playersPerTeam < teams.largest)
    return { ok: false as const, code: 'session.players_per_team_below_members' as const };
  if (playersPerTeam < row.min_players_per_team)
    return { ok: false as const, code: 'session.players_per_team_below_minimum' as const };
  return {
    ok: true as const,
    changes: {
      name: body.name ?? row.name,
      duration_ms: durationMs,
      max_teams: maxTeams,
      players_per_team: playersPerTeam,
    },
  };
};

/** A trainer changes a session under way: its name, its minutes, its limits. */
export const createSessionChanges = (deps: {
  repo: SessionsRepository;
  sessions: SessionsService;
  trainer: TrainerSessions;
}) => {
  const { repo, sessions } = deps;
  return {
    async update(
      principal: Principal,
      uuid: string,
      body: z.output<typeof updateSessionBodySchema>,
    ) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async ({ trx, append, row, now }) => {
        const status = statusOf(row, now);
        if (isClosedStatus(status)) throw new AppError('session.ended');
        // Under the session's lock, like every team creation and join: the limits hold.
        const sizes = await repo.teamSizes(trx, uuid);
        const result = changedSettings(row, body, now, {
          count: sizes.length,
          largest: Math.max(0, ...sizes),
        });
        if (!result.ok) throw new AppError(result.code);
        const { changes } = result;
        await repo.updateSession(trx, uuid, changes);
        const updated: SessionRow = { ...row, ...changes };
        const from = {
          name: row.name,
          maxTeams: row.max_teams,
          playersPerTeam: row.players_per_team,
          durationMinutes: Math.round(Number(row.duration_ms) / MINUTE_MS),
        };
        const to = {
          name: changes.name,
          maxTeams: changes.max_teams,
          playersPerTeam: changes.players_per_team,
          durationMinutes: Math.round(changes.duration_ms / MINUTE_MS),
        };
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'session.updated',
          sessionUuid: uuid,
          details: { from, to, ...(body.addMinutes ? { addMinutes: body.addMinutes } : {}) },
        });
        const { scheduledStartAt: _scheduled, ...times } = sessionTimes(updated, now);
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'session.settings_changed',
          payload: { sessionUuid: uuid, ...to, minutesAdded: body.addMinutes ?? 0, ...times },
        });
        await tellPlayersOf(repo, trx, append, uuid);
      });
      return deps.trainer.get(principal, uuid);
    },
  };
};

export type SessionChanges = ReturnType<typeof createSessionChanges>;
