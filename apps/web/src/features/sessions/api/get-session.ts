import { getSession as getSessionRoute, type Locale } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { withClockOffset } from '../../../lib/clock-offset';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { sessionQueryKeys } from '../lib/session-query-keys';

export const getSession = async (uuid: string, locale: Locale, signal?: AbortSignal) => {
  const { session } = await callRoute(getSessionRoute, {
    params: { uuid },
    query: { locale },
    ...(signal ? { signal } : {}),
  });
  return withClockOffset(session);
};

export type PlayerSession = Awaited<ReturnType<typeof getSession>>;

export const sessionQueryOptions = (uuid: string, locale: Locale) =>
  queryOptions({
    queryKey: sessionQueryKeys.detailIn(uuid, locale),
    queryFn: ({ signal }) => getSession(uuid, locale, signal),
    // Kept fresh by the session's event stream; no refetch on focus to fight it.
    staleTime: 30_000,
  });

/** The session as this player may see it, in the interface's language. */
export const useSession = (uuid: string) => useQuery(sessionQueryOptions(uuid, useContentLocale()));
