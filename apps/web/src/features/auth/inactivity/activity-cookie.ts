import { cookieNames } from '@rampart/contracts';
import { readCookie, writeCookie } from '../../../lib/cookies';

/**
 * `activity_timeout`: when the player last did something, shared by every tab of the
 * app. It lives as long as the idle time allowed, so an expired cookie means an idle player.
 */
export const readLastActivity = (): number | null => {
  const value = readCookie(cookieNames.activityTimeout);
  const at = Number(value);
  return value && Number.isFinite(at) ? at : null;
};

export const writeLastActivity = (at: number, timeoutMs: number): void =>
  writeCookie(cookieNames.activityTimeout, String(at), { days: timeoutMs / 86_400_000 });
