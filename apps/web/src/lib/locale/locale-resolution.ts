import { webLocalePrefixes, type Locale } from '@rampart/contracts';
import { appLocales, fallbackLocale } from '../locales';

const asLocale = (
  value: string | null | undefined,
  available: readonly Locale[],
): Locale | null => {
  if (!value) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return available.find((locale) => locale === primary) ?? null;
};

/** `/fr/home` → `{ prefix: 'fr', path: '/home' }`; `/home` → `{ prefix: null, path: '/home' }`. */
export const splitLocalePrefix = (pathname: string): { prefix: Locale | null; path: string } => {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const segment = match?.[1];
  const prefix = webLocalePrefixes.find((locale) => locale === segment) ?? null;
  if (!prefix) return { prefix: null, path: pathname };
  return { prefix, path: match?.[2] ?? '/' };
};

/** The app path `path` behind `prefix` (none when null): `('/home', 'en')` → `/en/home`. */
export const localizePath = (path: string, prefix: Locale | null): string => {
  if (!prefix) return path;
  return path === '/' || path === ''
    ? `/${prefix}`
    : `/${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
};

export interface LocaleSources {
  pathname: string;
  /** Value of the `locale` cookie, if any. */
  cookieLocale: string | null;
  /** `navigator.languages`, most preferred first. */
  navigatorLanguages: readonly string[];
  /** The deployment's locales (app info); defaults to every locale the app ships. */
  available?: readonly Locale[];
}

/** The URL prefix wins, then the cookie, then the browser, then French. */
export const resolveLocale = ({
  pathname,
  cookieLocale,
  navigatorLanguages,
  available = appLocales,
}: LocaleSources): Locale => {
  const { prefix } = splitLocalePrefix(pathname);
  const fromPrefix = prefix && available.includes(prefix) ? prefix : null;
  const fromNavigator = navigatorLanguages
    .map((language) => asLocale(language, available))
    .find((locale) => locale !== null);
  return (
    fromPrefix ??
    asLocale(cookieLocale, available) ??
    fromNavigator ??
    (available.includes(fallbackLocale) ? fallbackLocale : (available[0] ?? fallbackLocale))
  );
};
