import { deleteProfileSession } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { profileSessionsQueryOptions } from './get-profile-sessions';

export const endSession = (id: string) => callRoute(deleteProfileSession, { params: { id } });

/** Ends one other session or token of the account. */
export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries(profileSessionsQueryOptions()),
  });
};
