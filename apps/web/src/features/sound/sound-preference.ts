import { cookieNames } from '@rampart/contracts';
import { readCookie, writeCookie } from '../../lib/cookies';

/** The `soundOn` cookie, optional, 365 days. */
export const SOUND_COOKIE_DAYS = 365;

export const readSoundPreference = (): boolean => readCookie(cookieNames.sound) === 'true';

export const writeSoundPreference = (on: boolean): void =>
  writeCookie(cookieNames.sound, String(on), { days: SOUND_COOKIE_DAYS });
