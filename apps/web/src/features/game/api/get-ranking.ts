import { getRanking as route } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';
import { gameQueryKeys } from './game-query-keys';

/** The live ranking: refetched on every `ranking.changed` of the session's stream. */
export const useRanking = (sessionUuid: string) =>
  useQuery({
    queryKey: gameQueryKeys.ranking(sessionUuid),
    queryFn: ({ signal }) =>
      apiClient.get(sessionApiPath(route.path, sessionUuid), {
        schema: route.responses[200],
        signal,
      }),
  });
