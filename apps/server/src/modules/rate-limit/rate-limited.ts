import type { ErrorCode } from '@rampart/contracts';
import { AppError } from '../../lib/errors.js';

/** Where a counting window stands: when it ends, and the time it was read at. */
export interface WindowEnd {
  resetAt: Date;
  /** The database's time in the statement that read `resetAt`, the clock that set it. */
  now: Date;
}

/**
 * The refusal of every rate limit: its stable code, and a Retry-After saying when the latest of
 * the refusing windows ends, in whole seconds and at least one. Both ends of the subtraction come
 * from the database's clock: a node's own clock may be off from it by seconds, and Retry-After
 * must not carry that skew.
 */
export const rateLimited = (code: ErrorCode, windows: WindowEnd[]): AppError => {
  const seconds = Math.max(
    ...windows.map((window) => (window.resetAt.getTime() - window.now.getTime()) / 1000),
  );
  return new AppError(code, undefined, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(seconds))),
  });
};
