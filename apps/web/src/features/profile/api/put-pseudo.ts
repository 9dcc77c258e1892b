import { putPseudo as putPseudoRoute, type AuthUser } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { authQueryKeys } from '../../auth';
import { profileQueryOptions } from './get-profile';

export const putPseudo = async (pseudo: string) => {
  const { user } = await callRoute(putPseudoRoute, { body: { pseudo } });
  return user;
};

export const useChangePseudo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPseudo,
    onSuccess: (user) => {
      queryClient.setQueryData<AuthUser | null>(authQueryKeys.player, user);
      return queryClient.invalidateQueries(profileQueryOptions());
    },
  });
};
