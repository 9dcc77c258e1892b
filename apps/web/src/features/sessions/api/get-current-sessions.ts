import { getCurrentSessions as route, type Locale } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { sessionQueryKeys } from '../lib/session-query-keys';

export const getCurrentSessions = (locale: Locale, signal?: AbortSignal) =>
  callRoute(route, { query: { locale }, ...(signal ? { signal } : {}) });

export const currentSessionsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...sessionQueryKeys.all, 'current', locale] as const,
    queryFn: ({ signal }) => getCurrentSessions(locale, signal),
  });

/** The sessions this player joined that have not ended, most recent first. */
export const useCurrentSessions = () => useQuery(currentSessionsQueryOptions(useContentLocale()));
