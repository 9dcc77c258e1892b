import { isClosedStatus } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { withReasonForTheTeam } from '../../realtime/team-reasons.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { rankingEvent } from '../play/ranking-announcer.js';
import type { PlayRepository } from '../play/play.repository.js';
import type { RankingCache } from '../play/ranking-cache.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { addToTeamScore, insertScoreAdjustment } from './score-adjustments.repository.js';

/**
 * A trainer adds or removes points to a team, with a reason: a ledger row of kind `adjustment`,
 * the team's score and the time it was reached, an announcement and an audit row, in one
 * transaction. Allowed while the game is running or paused: before it, there is nothing to
 * correct; after it, the result is final. Two trainers adjusting at once both count: the session
 * row lock orders them, and each adds to the score as it is then.
 */
export const createScoreAdjustments = (deps: {
  sessions: SessionsRepository;
  play: PlayRepository;
  events: EventWriter;
  ranking: RankingCache;
  clock: Clock;
}) => ({
  async adjust(
    principal: Principal,
    sessionUuid: string,
    teamUuid: string,
    input: { points: number; reason: string },
  ) {
    requireCapability(principal, 'session.run');
    const adjustment = await deps.events.transaction(async ({ trx, append, appendAll }) => {
      const session = await deps.sessions.lockSession(trx, sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const { status } = deriveSessionState(timelineOf(session), await deps.clock.now(trx));
      if (isClosedStatus(status)) throw new AppError('session.ended');
      if (status !== 'running' && status !== 'paused') throw new AppError('session.not_running');
      const team = await addToTeamScore(trx, { sessionUuid, teamUuid, points: input.points });
      if (!team) throw new AppError('team.not_found');
      const entry = await insertScoreAdjustment(trx, {
        sessionUuid,
        teamUuid,
        points: input.points,
        accountId: principal.accountId,
        reason: input.reason,
      });
      await recordTrainerAction(trx, {
        accountId: principal.accountId,
        action: 'score.adjusted',
        sessionUuid,
        targetUuid: teamUuid,
        reason: input.reason,
        details: { points: input.points, score: team.score, ledgerId: Number(entry.id) },
      });
      // Every player learns of the points; the reason is for the team and the trainers.
      await appendAll(
        withReasonForTheTeam(sessionUuid, {
          type: 'score.adjusted',
          payload: {
            teamUuid,
            teamName: team.name,
            points: input.points,
            reason: input.reason,
            score: team.score,
          },
        }),
      );
      await append(await rankingEvent(deps.play, trx, sessionUuid));
      return {
        id: Number(entry.id),
        teamUuid,
        points: input.points,
        reason: input.reason,
        score: team.score,
        createdAt: entry.created_at.toISOString(),
      };
    });
    deps.ranking.invalidate(sessionUuid);
    return { adjustment };
  },
});

export type ScoreAdjustments = ReturnType<typeof createScoreAdjustments>;
