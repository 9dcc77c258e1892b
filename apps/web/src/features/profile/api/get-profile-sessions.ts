import {
  getProfileSessions as getProfileSessionsRoute,
  type ProfileSession,
} from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useSignedInPlayer } from './signed-in-player';

export const getProfileSessions = async (signal?: AbortSignal): Promise<ProfileSession[]> => {
  const { sessions } = await callRoute(getProfileSessionsRoute, { ...(signal ? { signal } : {}) });
  return sessions;
};

export const profileSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'] as const,
    queryFn: ({ signal }) => getProfileSessions(signal),
    // This device first, then the most recently active.
    select: (sessions) =>
      [...sessions].sort(
        (a, b) =>
          Number(b.current) - Number(a.current) || b.lastActivityAt.localeCompare(a.lastActivityAt),
      ),
  });

/**
 * The account's open sessions and tokens (server-side rows, revocable); never asked for once the
 * player has signed out.
 */
export const useProfileSessions = () =>
  useQuery({ ...profileSessionsQueryOptions(), enabled: useSignedInPlayer() });
