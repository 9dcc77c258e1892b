import { cookieNames, LOCALE_COOKIE_DAYS, type Locale } from '@rampart/contracts';
import { readCookie, writeCookie } from '../cookies';

/** 365 days, path /, SameSite=Lax. */
export const writeLocaleCookie = (locale: Locale): void =>
  writeCookie(cookieNames.locale, locale, { days: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'Lax' });

export const readLocaleCookie = (): string | null => readCookie(cookieNames.locale);
