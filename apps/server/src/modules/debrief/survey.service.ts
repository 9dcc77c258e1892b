import {
  surveyRatings,
  isEndedStatus,
  type SurveyBody,
  type SurveyDistribution,
  type SurveyRating,
} from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { statusOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { DistributionRow, SurveyRepository } from './survey.repository.js';

const iso = (instant: Date | string) => new Date(instant).toISOString();

const responseOf = (row: { rating: SurveyRating; comment: string | null; updated_at: Date }) => ({
  rating: row.rating,
  comment: row.comment,
  updatedAt: iso(row.updated_at),
});

const emptyCounts = () =>
  Object.fromEntries(surveyRatings.map((rating) => [rating, 0])) as Record<SurveyRating, number>;

/** Sums per-session rows into one distribution (of one session, or of all of them). */
const distributionOf = (
  ratings: readonly Pick<DistributionRow, 'rating'>[] & readonly { answers: string | number }[],
  players: readonly { players: string | number }[],
): SurveyDistribution => {
  const counts = emptyCounts();
  let total = 0;
  for (const row of ratings) {
    if (!row.rating) continue;
    counts[row.rating] += Number(row.answers);
    total += Number(row.answers);
  }
  return {
    counts,
    total,
    players: players.reduce((sum, row) => sum + Number(row.players), 0),
  };
};

/**
 * The satisfaction survey: a player who played a session rates it once it is over,
 * and may change the rating; trainers read the distribution per session and per mission, with
 * the comments but never who wrote them.
 */
export const createSurveyService = (deps: {
  repo: SurveyRepository;
  sessions: SessionsRepository;
  /** The sessions' time (the database's, or a test's clock). */
  clock: Clock;
}) => {
  const { repo } = deps;

  /** The session, and this player's place in it: a team at the end, or the survey is not theirs. */
  const requirePlayed = async (principal: Principal, sessionUuid: string) => {
    requireCapability(principal, 'game.play');
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
    if (!player?.team_uuid) throw new AppError('survey.not_played');
    return session;
  };

  const commentsOf = async (sessionUuids: readonly string[], limit: number) =>
    (await repo.comments(sessionUuids, limit)).map((row) => ({
      sessionUuid: row.session_uuid,
      rating: row.rating,
      comment: row.comment ?? '',
      updatedAt: iso(row.updated_at),
    }));

  return {
    async answer(principal: Principal, sessionUuid: string) {
      await requirePlayed(principal, sessionUuid);
      const row = await repo.findAnswer(sessionUuid, principal.accountId);
      return { response: row ? responseOf(row) : null };
    },

    async rate(principal: Principal, sessionUuid: string, body: SurveyBody) {
      const session = await requirePlayed(principal, sessionUuid);
      const status = statusOf(session, await deps.clock.now());
      // A canceled session was never played; one still going is rated once it is over.
      if (status === 'canceled') throw new AppError('survey.not_played');
      if (!isEndedStatus(status)) throw new AppError('survey.session_not_over');
      const row = await repo.saveAnswer({
        sessionUuid,
        accountId: principal.accountId,
        rating: body.rating,
        comment: body.comment ? body.comment : null,
      });
      return { response: responseOf(row) };
    },

    async sessionResults(principal: Principal, sessionUuid: string, query: { limit: number }) {
      requireCapability(principal, 'debrief.read_all');
      if (!(await deps.sessions.findSession(sessionUuid))) throw new AppError('session.not_found');
      const [{ ratings, players }, comments] = await Promise.all([
        repo.distributions([sessionUuid]),
        commentsOf([sessionUuid], query.limit),
      ]);
      return { distribution: distributionOf(ratings, players), comments };
    },

    async missionResults(principal: Principal, missionUuid: string, query: { limit: number }) {
      requireCapability(principal, 'debrief.read_all');
      if (!(await repo.missionExists(missionUuid))) throw new AppError('content.mission_not_found');
      const sessions = await repo.missionSessions(missionUuid);
      const uuids = sessions.map((session) => session.uuid);
      const [{ ratings, players }, comments] = await Promise.all([
        repo.distributions(uuids),
        commentsOf(uuids, query.limit),
      ]);
      return {
        distribution: distributionOf(ratings, players),
        sessions: sessions.map((session) => ({
          uuid: session.uuid,
          name: session.name,
          startsAt: session.starts_at ? iso(session.starts_at) : null,
          distribution: distributionOf(
            ratings.filter((row) => row.session_uuid === session.uuid),
            players.filter((row) => row.session_uuid === session.uuid),
          ),
        })),
        comments,
      };
    },
  };
};

export type SurveyService = ReturnType<typeof createSurveyService>;
