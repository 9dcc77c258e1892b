import type { Locale } from '@rampart/contracts';

/**
 * Every content query starts with `['content']`: invalidating that prefix (a chapter was
 * assigned or unassigned) refreshes home and every chapter, in every language. The locale is
 * part of each key, because the API answers texts in one language.
 */
export const contentQueryKeys = {
  all: ['content'] as const,
  home: (locale: Locale) => ['content', 'home', locale] as const,
  chapter: (uuid: string, locale: Locale) => ['content', 'chapter', uuid, locale] as const,
};
