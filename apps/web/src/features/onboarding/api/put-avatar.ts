import type { AuthUser, AvatarId } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadContractSchemas } from '../../../lib/load-contract-schemas';
import { authQueryKeys } from '../../auth';

export const putAvatar = async (avatarId: AvatarId) => {
  const [{ putAvatar: route }, callRoute] = await Promise.all([
    loadContractSchemas(),
    // callRoute comes with the schemas, out of the first page's JavaScript.
    import('../../../lib/call-route').then((module) => module.callRoute),
  ]);
  const { user } = await callRoute(route, { body: { avatarId } });
  return user;
};

/** Chooses an avatar; the shared player entry then carries it (the header, the has-avatar check). */
export const useChooseAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAvatar,
    onSuccess: (user) => queryClient.setQueryData<AuthUser | null>(authQueryKeys.player, user),
  });
};
