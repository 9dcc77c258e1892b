import { getProfile as getProfileRoute } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useSignedInPlayer } from './signed-in-player';

export const getProfile = (signal?: AbortSignal) =>
  callRoute(getProfileRoute, { ...(signal ? { signal } : {}) });

export type Profile = Awaited<ReturnType<typeof getProfile>>;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
  });

/** The account and its membership date (never asked for once the player has signed out). */
export const useProfile = () =>
  useQuery({ ...profileQueryOptions(), enabled: useSignedInPlayer() });
