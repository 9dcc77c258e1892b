import { deleteProfileSession } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileSessionsQueryOptions } from './get-profile-sessions';

export const endSession = (id: string) =>
  apiClient.delete<void>(deleteProfileSession.path.replace('{id}', encodeURIComponent(id)));

/** Ends one other session or token of the account. */
export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries(profileSessionsQueryOptions()),
  });
};
