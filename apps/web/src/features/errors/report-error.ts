import type { RootOptions } from 'react-dom/client';
import { errorStatusOf } from './error-status';

/**
 * Whether an error is the app's way of saying "no such page": a screen throws a 404 (an unknown
 * chapter, a malformed id) for its route to show the not-found page. That is an expected outcome,
 * not a crash, and leaves the console clean.
 */
export const isNotFoundError = (error: unknown): boolean => errorStatusOf(error) === 404;

/** Logs an error a screen threw, unless it only means "not found". */
export const reportScreenError = (error: unknown): void => {
  if (isNotFoundError(error)) return;
  console.error(error);
};

/**
 * How the React root reports errors its error boundaries caught: as React does by default, except
 * for a not-found, which the route's error page shows as intended.
 */
export const rootErrorOptions: Pick<RootOptions, 'onCaughtError'> = {
  onCaughtError: (error, { componentStack }) => {
    if (isNotFoundError(error)) return;
    console.error(error, componentStack);
  },
};
