import { getRanking as route } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { gameQueryKeys } from './game-query-keys';

/** The live ranking: refetched on every `ranking.changed` of the session's stream. */
export const useRanking = (sessionUuid: string) =>
  useQuery({
    queryKey: gameQueryKeys.ranking(sessionUuid),
    queryFn: ({ signal }) => callRoute(route, { params: { uuid: sessionUuid }, signal }),
  });
