import { getSessionMission as route } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';
import { gameQueryKeys } from './game-query-keys';

/** The session's mission briefing (brief, scenario, rules) in the interface's language. */
export const useSessionMission = (sessionUuid: string) => {
  const locale = useContentLocale();
  return useQuery({
    queryKey: gameQueryKeys.briefing(sessionUuid, locale),
    queryFn: ({ signal }) =>
      apiClient.get(sessionApiPath(route.path, sessionUuid), {
        query: { locale },
        schema: route.responses[200],
        signal,
      }),
    // Content does not change during a game.
    staleTime: 10 * 60_000,
  });
};
