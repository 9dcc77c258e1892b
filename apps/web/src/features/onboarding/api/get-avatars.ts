import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadContractSchemas } from '../../../lib/load-contract-schemas';

// The header shows an AvatarImage from this feature on the first page: its modules reach the
// contracts' routes, which carry zod, through loadContractSchemas (first-page JS in
// apps/web/README.md).
export const getAvatars = async (signal?: AbortSignal) => {
  const [{ getAvatars: route }, callRoute] = await Promise.all([
    loadContractSchemas(),
    // callRoute comes with the schemas, out of the first page's JavaScript.
    import('../../../lib/call-route').then((module) => module.callRoute),
  ]);
  return callRoute(route, { ...(signal ? { signal } : {}) });
};

export type AvatarCatalogue = Awaited<ReturnType<typeof getAvatars>>['avatars'];

/** The catalogue changes only with a deployment: loaded once per page load. */
export const avatarsQueryOptions = () =>
  queryOptions({
    queryKey: ['avatars'] as const,
    queryFn: ({ signal }) => getAvatars(signal),
    select: (data) => data.avatars,
    staleTime: Infinity,
  });

export const useAvatars = () => useQuery(avatarsQueryOptions());
