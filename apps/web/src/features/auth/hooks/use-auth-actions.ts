import type { Locale } from '@rampart/contracts';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import type { AuthSide } from '../app-auth';
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

const logoutKey = (side: AuthSide) => ['auth', side, 'logout'] as const;

export const useLogout = (side: AuthSide = 'player') => {
  const client = useAuthClient(side);
  return useMutation({
    mutationKey: logoutKey(side),
    mutationFn: (options: { reason?: SignOutReason } = {}) => client.logout(options),
  });
};

/**
 * Whether the visitor is logging out of `side` (from the account menu): what opens now would be
 * refused once the server has ended the session, the user still known until then.
 */
export const useLoggingOut = (side: AuthSide = 'player'): boolean =>
  useIsMutating({ mutationKey: logoutKey(side) }) > 0;
