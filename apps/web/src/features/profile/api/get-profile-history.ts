import { getProfileHistory as getProfileHistoryRoute } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const getProfileHistory = (signal?: AbortSignal) =>
  callRoute(getProfileHistoryRoute, { ...(signal ? { signal } : {}) });

export type ProfileHistory = Awaited<ReturnType<typeof getProfileHistory>>;

export const profileHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'history'] as const,
    queryFn: ({ signal }) => getProfileHistory(signal),
  });

/** The teams the player was in and the sessions they played to the end, newest first. */
export const useProfileHistory = () => useQuery(profileHistoryQueryOptions());
