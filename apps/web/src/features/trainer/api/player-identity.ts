import { deletePlayerIdentity, getPlayerIdentity, putPlayerIdentity } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { trainerPlayersQueryKeys } from './players';

const identityKey = (uuid: string) => [...trainerPlayersQueryKeys.all, uuid, 'identity'] as const;
const pathOf = (path: string, uuid: string) => path.replace('{uuid}', encodeURIComponent(uuid));

/** Whether a player is linked to the organisation's identity provider, and to which subject. */
export const usePlayerIdentity = (uuid: string) =>
  useQuery({
    queryKey: identityKey(uuid),
    queryFn: ({ signal }) =>
      apiClient.get(pathOf(getPlayerIdentity.path, uuid), {
        signal,
        schema: getPlayerIdentity.responses[200],
      }),
  });

const useRefreshIdentity = (uuid: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: identityKey(uuid) });
};

export const useLinkPlayerIdentity = (uuid: string) => {
  const refresh = useRefreshIdentity(uuid);
  return useMutation({
    mutationFn: (subject: string) =>
      apiClient.put(pathOf(putPlayerIdentity.path, uuid), { subject }),
    onSuccess: refresh,
  });
};

export const useUnlinkPlayerIdentity = (uuid: string) => {
  const refresh = useRefreshIdentity(uuid);
  return useMutation({
    mutationFn: () => apiClient.delete(pathOf(deletePlayerIdentity.path, uuid)),
    onSuccess: refresh,
  });
};
