import type { ErrorCode, SessionStatus } from '@rampart/contracts';

export interface HintUnlockContext {
  status: SessionStatus;
  teamEliminated: boolean;
  /** Locked for this team (prerequisites unsolved, no trainer unlock). */
  objectiveLocked: boolean;
  /** Solved by the team, or out of attempts: nothing left to help with. */
  objectiveClosed: boolean;
  /** The team has this hint already (a teammate, or a trainer, unlocked it). */
  unlocked: boolean;
  /** Every hint before this one is unlocked by the team. */
  previousUnlocked: boolean;
}

export type HintUnlockDecision =
  { kind: 'refused'; code: ErrorCode } | { kind: 'already_unlocked' } | { kind: 'unlock' };

/**
 * Whether a player may unlock a hint for their team, in the order the checks are made (the first
 * refusal wins). A hint the team has already is an answer, not a refusal: a teammate's request
 * that won the race leaves this one nothing to pay. Hints go in order, so a hint's price is paid
 * knowing what the cheaper ones before it said.
 */
export const decideHintUnlock = (context: HintUnlockContext): HintUnlockDecision => {
  const refuse = (code: ErrorCode): HintUnlockDecision => ({ kind: 'refused', code });
  if (context.status === 'paused') return refuse('session.paused');
  if (context.status !== 'running') return refuse('session.not_running');
  if (context.teamEliminated) return refuse('team.eliminated');
  if (context.objectiveLocked) return refuse('objective.locked');
  if (context.unlocked) return { kind: 'already_unlocked' };
  if (context.objectiveClosed) return refuse('hint.objective_closed');
  if (!context.previousUnlocked) return refuse('hint.out_of_order');
  return { kind: 'unlock' };
};
