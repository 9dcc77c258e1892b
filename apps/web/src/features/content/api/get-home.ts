import { getHome as getHomeRoute, type Locale } from '@rampart/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { contentQueryKeys } from '../content-query-keys';
import { useContentLocale } from '../hooks/use-content-locale';

export const getHome = (locale: Locale, signal?: AbortSignal) =>
  callRoute(getHomeRoute, { query: { locale }, ...(signal ? { signal } : {}) });

export type Home = Awaited<ReturnType<typeof getHome>>;

export const homeQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: contentQueryKeys.home(locale),
    queryFn: ({ signal }) => getHome(locale, signal),
  });

/**
 * Chapters, assigned chapters, ongoing missions and sessions, joinable sessions, in the
 * interface's language. After a language switch the previous answer stays on screen until the
 * new one arrives, rather than a skeleton.
 */
export const useHome = () =>
  useQuery({ ...homeQueryOptions(useContentLocale()), placeholderData: keepPreviousData });
