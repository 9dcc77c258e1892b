/** Query keys of a game in progress: refreshed together when the session's stream says so. */
export const gameQueryKeys = {
  all: (sessionUuid: string) => ['game', sessionUuid] as const,
  objectives: (sessionUuid: string, locale: string) =>
    ['game', sessionUuid, 'objectives', locale] as const,
  ranking: (sessionUuid: string) => ['game', sessionUuid, 'ranking'] as const,
  /** Outside `all`: the briefing does not change when scores do. */
  briefing: (sessionUuid: string, locale: string) => ['briefing', sessionUuid, locale] as const,
};
