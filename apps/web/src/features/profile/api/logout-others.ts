import { postLogoutOthers } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileSessionsQueryOptions } from './get-profile-sessions';

export const logoutOthers = () => apiClient.post<void>(postLogoutOthers.path);

/** Ends every session and token of the account but this one. */
export const useLogoutOthers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutOthers,
    onSettled: () => queryClient.invalidateQueries(profileSessionsQueryOptions()),
  });
};
