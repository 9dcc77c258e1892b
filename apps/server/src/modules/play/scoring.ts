import {
  avatarBonus,
  penaltyPoints,
  speedrunTimeFactor,
  speedrunValue,
  type ErrorCode,
  type SessionStatus,
} from '@rampart/contracts';

/**
 * The rules of scoring as pure functions of the objective, the team's state, the
 * submitting player's avatar and the time. The answers service reads the state under row locks,
 * asks these functions what to do and writes the outcome as ledger rows.
 */

// Shared with the web client, which shows what a speedrun is worth as it runs and what a wrong
// answer costs before it is sent. The ranking and progress rules live in the contracts
// (`domain/ranking.ts`), where every module and the web app import them from.
export {
  SPEEDRUN_FLOOR_SHARE,
  penaltyPoints,
  speedrunFloor,
  speedrunValue,
} from '@rampart/contracts';

/**
 * Milliseconds of play between a speedrun's launch and `now`: wall time less what the session
 * spent paused meanwhile. `pausedMsAtLaunch` is the session's paused total when it launched;
 * `pausedMsNow` its total now, the pause in progress included.
 */
export const speedrunRunningMs = (
  launchedAt: Date,
  pausedMsAtLaunch: number,
  pausedMsNow: number,
  now: Date,
): number => Math.max(0, now.getTime() - launchedAt.getTime() - (pausedMsNow - pausedMsAtLaunch));

/** The first-blood bonus this player's team earns: raised by a first-blood avatar. */
export const firstBloodPoints = (bonus: number, avatarId: string | null): number => {
  const avatar = avatarBonus(avatarId);
  return avatar.kind === 'first_blood_boost'
    ? Math.round(bonus * (1 + avatar.percent / 100))
    : bonus;
};

export interface AnswerContext {
  status: SessionStatus;
  teamEliminated: boolean;
  objective: {
    type: 'flag' | 'single_choice' | 'multiple_choice';
    points: number;
    penalty: number;
    maxAttempts: number | null;
    firstBloodBonus: number;
    /** Locked and not yet opened to this team (prerequisites unsolved, no trainer unlock). */
    closed: boolean;
  };
  team: { solved: boolean; attempts: number };
  /** The verdict on the submission; `invalid` is not an answer to this objective at all. */
  verdict: 'correct' | 'wrong' | 'invalid';
  /** This wrong answer was already given by the team: it costs nothing more. */
  repeatedWrongAnswer: boolean;
  /** The running speedrun on this objective, if any: what the solve is worth instead of points. */
  speedrun: { runningMs: number } | null;
  avatarId: string | null;
}

export type AnswerDecision =
  | { kind: 'refused'; code: ErrorCode }
  | {
      kind: 'solved';
      /** Points of the solve row (the speedrun's value on a speedrun). */
      points: number;
      ledgerKind: 'solve' | 'speedrun';
      /** Points of the first-blood row, if this team turns out to be the first. */
      firstBloodPoints: number;
    }
  | { kind: 'wrong'; penalty: number; countsAsAttempt: boolean; attemptsAfter: number };

/** What a submission does, in the order the checks are made (the first refusal wins). */
export const decideAnswer = (context: AnswerContext): AnswerDecision => {
  const refuse = (code: ErrorCode): AnswerDecision => ({ kind: 'refused', code });
  if (context.status === 'paused') return refuse('session.paused');
  if (context.status !== 'running') return refuse('session.not_running');
  if (context.teamEliminated) return refuse('team.eliminated');
  const { objective, team } = context;
  if (objective.closed) return refuse('objective.locked');
  if (team.solved)
    return refuse(
      objective.type === 'flag' ? 'answer.flag_already_found' : 'answer.already_solved',
    );
  if (objective.maxAttempts !== null && team.attempts >= objective.maxAttempts)
    return refuse('answer.max_attempts');
  if (context.verdict === 'invalid') return refuse('answer.invalid');

  if (context.verdict === 'correct') {
    const speedrun = context.speedrun;
    return {
      kind: 'solved',
      points: speedrun
        ? speedrunValue(objective.points, speedrun.runningMs, speedrunTimeFactor(context.avatarId))
        : objective.points,
      ledgerKind: speedrun ? 'speedrun' : 'solve',
      firstBloodPoints: firstBloodPoints(objective.firstBloodBonus, context.avatarId),
    };
  }
  if (context.repeatedWrongAnswer)
    return { kind: 'wrong', penalty: 0, countsAsAttempt: false, attemptsAfter: team.attempts };
  return {
    kind: 'wrong',
    penalty: penaltyPoints(objective.penalty, context.avatarId),
    countsAsAttempt: true,
    attemptsAfter: team.attempts + 1,
  };
};
