import { isClosedStatus } from '@rampart/contracts';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import { withReasonForTheTeam } from '../../realtime/team-reasons.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState, pausedMsAt } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { rankingEvent } from './ranking-announcer.js';
import type { PlayRepository } from './play.repository.js';
import type { RankingCache } from './ranking-cache.js';
import {
  eliminateTeam,
  findSolvingTeam,
  insertObjectiveUnlock,
  insertSpeedrun,
} from './trainer-play.repository.js';
import { speedrunFloor } from './scoring.js';

/** What a trainer does during a game: eliminate a team, launch a speedrun, unlock an objective. */
export const createTrainerPlay = (deps: {
  repo: PlayRepository;
  sessions: SessionsRepository;
  events: EventWriter;
  ranking: RankingCache;
  clock: Clock;
}) => {
  const { repo, events } = deps;

  /** The session row, locked, and its status; a game that has ended takes no more actions. */
  const lockPlayable = async (trx: Transaction<Database>, sessionUuid: string) => {
    const session = await deps.sessions.lockSession(trx, sessionUuid);
    if (!session) throw new AppError('session.not_found');
    const now = await deps.clock.now(trx);
    const timeline = timelineOf(session);
    const { status } = deriveSessionState(timeline, now);
    if (isClosedStatus(status)) throw new AppError('session.ended');
    return { session, timeline, now, status };
  };

  return {
    async eliminate(principal: Principal, sessionUuid: string, teamUuid: string, reason: string) {
      requireCapability(principal, 'session.run');
      await events.transaction(async ({ trx, append, appendAll }) => {
        await lockPlayable(trx, sessionUuid);
        const team = await eliminateTeam(trx, {
          sessionUuid,
          teamUuid,
          reason,
          at: await deps.clock.now(trx),
        });
        if (!team) {
          const exists = await deps.sessions.lockTeam(trx, sessionUuid, teamUuid);
          throw new AppError(exists ? 'team.eliminated' : 'team.not_found');
        }
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'team.eliminated',
          sessionUuid,
          targetUuid: teamUuid,
          reason,
        });
        await appendAll(
          withReasonForTheTeam(sessionUuid, {
            type: 'team.eliminated',
            payload: { teamUuid, teamName: team.name, reason },
          }),
        );
        await append(await rankingEvent(repo, trx, sessionUuid));
      });
      deps.ranking.invalidate(sessionUuid);
      return { eliminated: true as const };
    },

    async launchSpeedrun(
      principal: Principal,
      sessionUuid: string,
      input: { objectiveUuid: string; title: string; description: string },
    ) {
      requireCapability(principal, 'session.run');
      return events.transaction(async ({ trx, append }) => {
        const { session, timeline, now, status } = await lockPlayable(trx, sessionUuid);
        if (status !== 'running' && status !== 'paused') throw new AppError('session.not_running');
        const objective = await repo.findObjectiveForAnswer(
          trx,
          session.mission_uuid,
          input.objectiveUuid,
        );
        if (!objective) throw new AppError('objective.not_found');
        if (await findSolvingTeam(trx, sessionUuid, input.objectiveUuid))
          throw new AppError('objective.already_solved_by_a_team');
        if (await repo.findSpeedrun(trx, sessionUuid, input.objectiveUuid))
          throw new AppError('session.invalid_transition');
        const pausedNow = pausedMsAt(timeline, now);
        const uuid = randomUUID();
        // Under the session's row lock (taken by lockPlayable): see insertSpeedrun.
        await insertSpeedrun(trx, {
          uuid,
          sessionUuid,
          objectiveUuid: input.objectiveUuid,
          title: input.title,
          description: input.description,
          launchedAt: now,
          pausedMsAtLaunch: pausedNow,
          launchedBy: principal.accountId,
        });
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'speedrun.launched',
          sessionUuid,
          targetUuid: input.objectiveUuid,
          details: { speedrunUuid: uuid, title: input.title },
        });
        await append({
          stream: sessionStream(sessionUuid),
          audience: 'session',
          type: 'speedrun.launched',
          payload: {
            objectiveUuid: input.objectiveUuid,
            title: input.title,
            description: input.description,
            launchedAt: now.toISOString(),
            points: objective.points,
            floor: speedrunFloor(objective.points),
          },
        });
        return {
          speedrun: { uuid, objectiveUuid: input.objectiveUuid, launchedAt: now.toISOString() },
        };
      });
    },

    async unlock(principal: Principal, sessionUuid: string, objectiveUuid: string) {
      requireCapability(principal, 'session.run');
      await events.transaction(async ({ trx, append }) => {
        const { session } = await lockPlayable(trx, sessionUuid);
        const objective = await repo.findObjectiveForAnswer(
          trx,
          session.mission_uuid,
          objectiveUuid,
        );
        if (!objective) throw new AppError('objective.not_found');
        const unlocked = await insertObjectiveUnlock(trx, {
          sessionUuid,
          objectiveUuid,
          unlockedBy: principal.accountId,
        });
        if (!unlocked) return; // unlocked already
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'objective.unlocked',
          sessionUuid,
          targetUuid: objectiveUuid,
        });
        await append({
          stream: sessionStream(sessionUuid),
          audience: 'session',
          type: 'objective.unlocked',
          payload: { objectiveUuid },
        });
      });
      return { unlocked: true as const };
    },
  };
};

export type TrainerPlay = ReturnType<typeof createTrainerPlay>;
