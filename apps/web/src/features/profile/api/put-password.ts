import { putPassword as putPasswordRoute } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { profileSessionsQueryOptions } from './get-profile-sessions';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export const putPassword = (change: PasswordChange) =>
  callRoute(putPasswordRoute, { body: change, renewsSession: true });

/**
 * Changes the password. The server ends every other session and renews this one (new session id
 * and XSRF-TOKEN cookie, read afresh by the next write), so the session list is stale after it.
 * Calls of this page refused meanwhile with the old session are sent again (`renewsSession`).
 */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPassword,
    onSuccess: () => queryClient.invalidateQueries(profileSessionsQueryOptions()),
  });
};
