import type { Locale } from '@rampart/contracts';
import { useMutation } from '@tanstack/react-query';
import { authMutationKeys, type AuthSide } from '../app-auth';
import type { Credentials, SignOutReason } from '../auth-client';
import { useAuthClient } from '../auth-context';

/** Logs in with a username and password, then goes on (auth-client.ts `login`). */
export const useLogin = (side: AuthSide = 'player') => {
  const client = useAuthClient(side);
  return useMutation({ mutationFn: (credentials: Credentials) => client.login(credentials) });
};

/** Logs a player in with a single-use link issued by a trainer. */
export const useMagicLinkLogin = () => {
  const client = useAuthClient('player');
  return useMutation({
    mutationFn: ({ token, locale }: { token: string; locale?: Locale }) =>
      client.loginWithMagicLink(token, locale),
  });
};

export const useLogout = (side: AuthSide = 'player') => {
  const client = useAuthClient(side);
  return useMutation({
    mutationKey: authMutationKeys.logout(side),
    mutationFn: (options: { reason?: SignOutReason } = {}) => client.logout(options),
  });
};
