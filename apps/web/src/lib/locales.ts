import { webLocalePrefixes, type Locale } from '@rampart/contracts';

/**
 * The app's locales and its default. They equal the contracts' `availableLocales` and
 * `defaultLocale` (locales.test.ts), which live beside zod schemas: reading them from there would
 * put zod in the first page's JS (see load-contract-schemas.ts).
 */
export const appLocales: readonly Locale[] = webLocalePrefixes;
export const fallbackLocale: Locale = 'fr';

/** `value` when it is one of the app's locales (i18next's current language, say), else null. */
export const asAppLocale = (value: string | null | undefined): Locale | null =>
  appLocales.find((locale) => locale === value) ?? null;
