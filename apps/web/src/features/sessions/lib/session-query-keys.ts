/** Query keys of gaming sessions: one detail per session and language. */
export const sessionQueryKeys = {
  all: ['sessions'] as const,
  detail: (uuid: string) => ['sessions', 'detail', uuid] as const,
  detailIn: (uuid: string, locale: string) => ['sessions', 'detail', uuid, locale] as const,
};

/** An API path of a session route: `/api/sessions/{uuid}/…` with the uuid filled in. */
export const sessionApiPath = (
  template: string,
  uuid: string,
  extra: Record<string, string> = {},
) =>
  Object.entries({ uuid, ...extra }).reduce(
    (path, [name, value]) => path.replace(`{${name}}`, encodeURIComponent(value)),
    template,
  );
