import { postLogoutEverywhere } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useAuthClient } from '../../auth';

export const logoutEverywhere = () => callRoute(postLogoutEverywhere);

/**
 * Ends every session of the account, this one included. Then nobody is logged in here: the
 * player is forgotten (so the login page admits us), `leave` takes us off the profile, and the
 * profile is dropped from the cache. The profile screen may still be mounted then (`leave`
 * resolves before the login page renders): its queries wait on a signed-in player
 * (`signed-in-player.ts`), so they do not fetch the profile again with the session just ended.
 */
export const useLogoutEverywhere = ({ leave }: { leave: () => void | Promise<void> }) => {
  const queryClient = useQueryClient();
  const authClient = useAuthClient('player');
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: async () => {
      await authClient.reset();
      await leave();
      queryClient.removeQueries({ queryKey: ['profile'] });
    },
  });
};
