import { getSessionStats as getSessionStatsRoute } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const getSessionStats = (uuid: string, signal?: AbortSignal) =>
  callRoute(getSessionStatsRoute, { params: { uuid }, ...(signal ? { signal } : {}) });

export const sessionStatsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['stats', uuid] as const,
    queryFn: ({ signal }) => getSessionStats(uuid, signal),
    // A session that is over does not change any more: read once per visit.
    staleTime: Infinity,
  });

/** The whole debrief of a session in one request (409 while the game can still be played). */
export const useSessionStats = (uuid: string) => useQuery(sessionStatsQueryOptions(uuid));
