import { isApiError } from '../../lib/api-client';
import { errorMessage, type AnyTFunction } from '../../lib/error-message';

const RATE_LIMIT_CODES: ReadonlySet<string> = new Set([
  'auth.too_many_attempts',
  'request.rate_limited',
]);

/**
 * What follows "Attempt failed." on a login page: the server's error, translated by
 * its code; for a rate limit, how long to wait, from `Retry-After`.
 */
export const loginErrorMessage = (t: AnyTFunction, error: unknown): string => {
  if (isApiError(error) && RATE_LIMIT_CODES.has(error.code) && error.retryAfterSeconds) {
    const seconds = error.retryAfterSeconds;
    return seconds < 60
      ? t('auth:login.retryIn.seconds', { count: seconds })
      : t('auth:login.retryIn.minutes', { count: Math.ceil(seconds / 60) });
  }
  return errorMessage(t, error);
};
