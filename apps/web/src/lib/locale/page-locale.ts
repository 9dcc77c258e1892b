import type { Locale } from '@rampart/contracts';
import { readLocaleCookie } from './locale-cookie';
import { resolveLocale } from './locale-resolution';

/**
 * The language of the page at `pathname`, from the browser's own sources (`resolveLocale`: the
 * prefix, the cookie, the browser's languages). The catalogue loaded at start, the language kept
 * in sync and the first reads' `locale` all come from here, so they cannot disagree.
 */
export const pageLocale = (pathname: string, available?: readonly Locale[]): Locale =>
  resolveLocale({
    pathname,
    cookieLocale: readLocaleCookie(),
    navigatorLanguages: navigator.languages,
    ...(available ? { available } : {}),
  });
