import { createHash } from 'node:crypto';
import type { AnswerResult, ObjectiveType } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database, ObjectiveAnswer } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import { checkChoices, checkFlag, normaliseFlag } from '../content/answer-check.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { deriveSessionState, pausedMsAt } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { PlayRepository } from './play.repository.js';
import type { RankingCache } from './ranking-cache.js';
import { decideAnswer, progressPercentage, rankTeamRows, speedrunRunningMs } from './scoring.js';

const ANSWER_WINDOW_SECONDS = 60;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The same wrong answer, however it was typed: the flag as compared, or the set of choices. */
const wrongAnswerDigest = (answer: string | readonly string[], stored: ObjectiveAnswer) =>
  typeof answer === 'string'
    ? digest(normaliseFlag(answer, stored.kind === 'flag' && stored.caseInsensitive))
    : digest([...answer].sort().join('\u0000'));

const verdictOf = (
  type: ObjectiveType,
  answer: string | readonly string[],
  stored: ObjectiveAnswer,
  offered: readonly string[],
): 'correct' | 'wrong' | 'invalid' => {
  if (type === 'flag' || stored.kind === 'flag') {
    if (typeof answer !== 'string' || stored.kind !== 'flag' || answer.trim() === '')
      return 'invalid';
    return checkFlag(answer, stored) ? 'correct' : 'wrong';
  }
  return checkChoices(answer, stored, type, offered);
};

/** The session's ranking as an event for everyone: the whole table, serialised once. */
export const rankingEvent = async (
  repo: PlayRepository,
  trx: Transaction<Database>,
  sessionUuid: string,
): Promise<EventToAppend> => {
  const ranked = rankTeamRows(await repo.listRankingRows(sessionUuid, trx));
  return {
    stream: sessionStream(sessionUuid),
    audience: 'session',
    type: 'ranking.changed',
    payload: {
      teams: ranked.map(({ uuid, name, score, rank, eliminated }) => ({
        uuid,
        name,
        score,
        rank,
        eliminated,
      })),
    },
  };
};

export const createAnswersService = (deps: {
  repo: PlayRepository;
  events: EventWriter;
  rateLimits: RateLimitRepository;
  ranking: RankingCache;
  /** Submissions one team may make on one objective per minute. */
  answersPerMinute: number;
  now: (trx?: Transaction<Database>) => Promise<Date>;
}) => {
  const { repo, events, rateLimits } = deps;

  const submit = async (
    principal: Principal,
    sessionUuid: string,
    objectiveUuid: string,
    answer: string | readonly string[],
  ): Promise<AnswerResult> => {
    requireCapability(principal, 'game.play');
    const member = await repo.findMembership(sessionUuid, principal.accountId);
    if (!member) throw new AppError('session.not_joined');
    if (!member.team_uuid) throw new AppError('team.not_found');
    const teamUuid = member.team_uuid;

    const limit = await rateLimits.hit(
      `answer:${teamUuid}:${objectiveUuid}`,
      ANSWER_WINDOW_SECONDS,
    );
    if (limit.hits > deps.answersPerMinute) throw new AppError('answer.rate_limited');

    const result = await events.transaction(async (trx, append) => {
      const session = await repo.shareSession(trx, sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const now = await deps.now(trx);
      const timeline = timelineOf(session);
      const state = deriveSessionState(timeline, now);
      const objective = await repo.findObjectiveForAnswer(trx, session.mission_uuid, objectiveUuid);
      if (!objective) throw new AppError('objective.not_found');
      const team = await repo.lockTeamState(trx, { teamUuid, objectiveUuid, sessionUuid });

      const closed =
        objective.locked &&
        !(await repo.isUnlocked(trx, sessionUuid, objectiveUuid)) &&
        (await repo.solvedAmong(trx, teamUuid, objective.prerequisites)).size <
          objective.prerequisites.length;
      const pausedNow = pausedMsAt(timeline, now);
      const stored = objective.answer as ObjectiveAnswer;
      const verdict = verdictOf(
        objective.type,
        answer,
        stored,
        (objective.choices as { id: string }[]).map((choice) => choice.id),
      );
      const attemptsBefore = team.attempts;
      // A speedrun changes what a solve is worth: read only for a correct answer.
      const speedrun =
        verdict === 'correct'
          ? await repo.findSpeedrun(trx, sessionUuid, objectiveUuid)
          : undefined;
      const repeated =
        verdict === 'wrong' &&
        state.status === 'running' &&
        !(await repo.recordWrongAnswer(
          trx,
          teamUuid,
          objectiveUuid,
          wrongAnswerDigest(answer, stored),
        ));

      const decision = decideAnswer({
        status: state.status,
        teamEliminated: member.eliminated_at !== null,
        objective: {
          type: objective.type,
          points: objective.points,
          penalty: objective.penalty,
          maxAttempts: objective.max_attempts,
          firstBloodBonus: objective.first_blood_bonus,
          closed,
        },
        team: { solved: team.solved_at !== null, attempts: attemptsBefore },
        verdict,
        repeatedWrongAnswer: repeated,
        speedrun: speedrun
          ? {
              runningMs: speedrunRunningMs(
                speedrun.launched_at,
                Number(speedrun.paused_ms_at_launch),
                pausedNow,
                now,
              ),
            }
          : null,
        avatarId: principal.avatarId,
      });
      // A refusal throws: the transaction rolls back (the wrong answer's digest with it).
      if (decision.kind === 'refused') throw new AppError(decision.code);

      const base = {
        sessionUuid,
        teamUuid,
        objectiveUuid,
        accountId: principal.accountId,
      };
      let points = 0;
      let firstBlood = false;
      let attempts = attemptsBefore;
      // Appended last: an append holds the session stream's counter row until commit.
      const announcements: EventToAppend[] = [];
      if (decision.kind === 'solved') {
        await repo.addScore(trx, { ...base, kind: decision.ledgerKind, points: decision.points });
        points = decision.points;
        if (decision.firstBloodPoints > 0) {
          firstBlood = await repo.addScore(trx, {
            ...base,
            kind: 'first_blood',
            points: decision.firstBloodPoints,
          });
          if (firstBlood) points += decision.firstBloodPoints;
        }
        await repo.updateTeamState(trx, teamUuid, objectiveUuid, { solvedBy: principal.accountId });
        announcements.push({
          stream: sessionStream(sessionUuid),
          audience: 'session',
          type: 'objective.solved',
          payload: {
            teamUuid,
            teamName: member.team_name ?? '',
            objectiveUuid,
            points,
            firstBlood,
            speedrun: decision.ledgerKind === 'speedrun',
          },
        });
      } else if (decision.countsAsAttempt) {
        attempts = decision.attemptsAfter;
        await repo.updateTeamState(trx, teamUuid, objectiveUuid, { attempts });
        if (decision.penalty > 0) {
          await repo.addScore(trx, { ...base, kind: 'penalty', points: -decision.penalty });
          points = -decision.penalty;
        }
        announcements.push({
          stream: sessionStream(sessionUuid),
          audience: `team:${teamUuid}`,
          type: 'objective.attempted',
          payload: {
            objectiveUuid,
            pseudo: principal.pseudo,
            attempts,
            attemptsLeft:
              objective.max_attempts === null
                ? null
                : Math.max(0, objective.max_attempts - attempts),
            penalty: decision.penalty,
          },
        });
      }
      if (points !== 0) announcements.push(await rankingEvent(repo, trx, sessionUuid));
      const { completed, total, score } = await repo.teamProgress(
        trx,
        teamUuid,
        session.mission_uuid,
      );
      for (const announcement of announcements) await append(announcement);
      return {
        correct: decision.kind === 'solved',
        result:
          decision.kind === 'solved'
            ? ('answer.correct' as const)
            : decision.countsAsAttempt
              ? ('answer.wrong' as const)
              : ('answer.repeated' as const),
        points,
        firstBlood,
        attempts,
        attemptsLeft:
          objective.max_attempts === null ? null : Math.max(0, objective.max_attempts - attempts),
        score,
        completed_objectives: completed,
        total_objectives: total,
        progress_percentage: progressPercentage(completed, total),
      };
    });
    if (result.points !== 0) deps.ranking.invalidate(sessionUuid);
    return result;
  };

  return { submit };
};

export type AnswersService = ReturnType<typeof createAnswersService>;
