import { deletePlayerIdentity, getPlayerIdentity, putPlayerIdentity } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { trainerPlayersQueryKeys } from './players';

const identityKey = (uuid: string) => [...trainerPlayersQueryKeys.all, uuid, 'identity'] as const;

/** Whether a player is linked to the organisation's identity provider, and to which subject. */
export const usePlayerIdentity = (uuid: string) =>
  useQuery({
    queryKey: identityKey(uuid),
    queryFn: ({ signal }) => callRoute(getPlayerIdentity, { params: { uuid }, signal }),
  });

const useRefreshIdentity = (uuid: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: identityKey(uuid) });
};

export const useLinkPlayerIdentity = (uuid: string) => {
  const refresh = useRefreshIdentity(uuid);
  return useMutation({
    mutationFn: (subject: string) =>
      callRoute(putPlayerIdentity, { params: { uuid }, body: { subject } }),
    onSuccess: refresh,
  });
};

export const useUnlinkPlayerIdentity = (uuid: string) => {
  const refresh = useRefreshIdentity(uuid);
  return useMutation({
    mutationFn: () => callRoute(deletePlayerIdentity, { params: { uuid } }),
    onSuccess: refresh,
  });
};
