import { postLogoutEverywhere } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { useAuthClient } from '../../auth';

export const logoutEverywhere = () => callRoute(postLogoutEverywhere);

/**
 * Ends every session of the account, this one included. Then nobody is logged in here: the
 * player is forgotten (so the login page admits us), `leave` takes us off the profile, and only
 * then is the profile dropped from the cache, or the screen still on show would fetch it again
 * with a session that no longer exists.
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
