import { getSessionMission as route } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { gameQueryKeys } from './game-query-keys';

/** The session's mission briefing (brief, scenario, rules) in the interface's language. */
export const useSessionMission = (sessionUuid: string) => {
  const locale = useContentLocale();
  return useQuery({
    queryKey: gameQueryKeys.briefing(sessionUuid, locale),
    queryFn: ({ signal }) =>
      callRoute(route, { params: { uuid: sessionUuid }, query: { locale }, signal }),
    // Content does not change during a game.
    staleTime: 10 * 60_000,
  });
};
