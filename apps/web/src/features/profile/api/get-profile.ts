import { getProfile as getProfileRoute } from '@rampart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) =>
  apiClient.get(getProfileRoute.path, {
    schema: getProfileRoute.responses[200],
    ...(signal ? { signal } : {}),
  });

export type Profile = Awaited<ReturnType<typeof getProfile>>;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
  });

/** The account and its membership date. */
export const useProfile = () => useQuery(profileQueryOptions());
