/**
 * Query keys of a game in progress: kept up to date from the session's stream (`game-cache.ts`),
 * read again together when events were missed.
 */
export const gameQueryKeys = {
  all: (sessionUuid: string) => ['game', sessionUuid] as const,
  /** The objectives in every language. */
  objectivesAll: (sessionUuid: string) => ['game', sessionUuid, 'objectives'] as const,
  objectives: (sessionUuid: string, locale: string) =>
    ['game', sessionUuid, 'objectives', locale] as const,
  ranking: (sessionUuid: string) => ['game', sessionUuid, 'ranking'] as const,
  /** Outside `all`: the briefing does not change when scores do. */
  briefing: (sessionUuid: string, locale: string) => ['briefing', sessionUuid, locale] as const,
};
