import { postLogoutOthers } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { profileSessionsQueryOptions } from './get-profile-sessions';

export const logoutOthers = () => callRoute(postLogoutOthers);

/** Ends every session and token of the account but this one. */
export const useLogoutOthers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutOthers,
    onSettled: () => queryClient.invalidateQueries(profileSessionsQueryOptions()),
  });
};
