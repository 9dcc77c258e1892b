/** Query keys of gaming sessions: one detail per session and language. */
export const sessionQueryKeys = {
  all: ['sessions'] as const,
  detail: (uuid: string) => ['sessions', 'detail', uuid] as const,
  detailIn: (uuid: string, locale: string) => ['sessions', 'detail', uuid, locale] as const,
};
