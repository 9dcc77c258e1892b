import type { AnswerResult } from '@rampart/contracts';
import type { UseMutationResult } from '@tanstack/react-query';

/**
 * What a player does on an objective: answer it, follow it, buy a hint. The game hands its own
 * mutations (they merge the answers into its cache); the content editor's preview hands idle
 * ones, so the detail renders the same for a trainer without reaching any session.
 */
export interface ObjectivePlay {
  submitAnswer: UseMutationResult<
    AnswerResult,
    Error,
    { objective: string; answer: string | string[]; clientId: string },
    unknown
  >;
  toggleFollow: UseMutationResult<unknown, Error, { objective: string; follow: boolean }, unknown>;
  unlockHint: UseMutationResult<unknown, Error, { objective: string; hint: string }, unknown>;
}
