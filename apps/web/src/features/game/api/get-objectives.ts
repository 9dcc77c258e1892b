import { getObjectives as route, type Locale } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { gameQueryKeys } from './game-query-keys';

export const getObjectives = (sessionUuid: string, locale: Locale, signal?: AbortSignal) =>
  callRoute(route, {
    params: { uuid: sessionUuid },
    query: { locale },
    ...(signal ? { signal } : {}),
  });

export type GameObjectives = Awaited<ReturnType<typeof getObjectives>>;

export const objectivesQueryOptions = (sessionUuid: string, locale: Locale) =>
  queryOptions({
    queryKey: gameQueryKeys.objectives(sessionUuid, locale),
    queryFn: ({ signal }) => getObjectives(sessionUuid, locale, signal),
  });

/** The mission's objectives with this team's state, in the interface's language. */
export const useObjectives = (sessionUuid: string) =>
  useQuery(objectivesQueryOptions(sessionUuid, useContentLocale()));
