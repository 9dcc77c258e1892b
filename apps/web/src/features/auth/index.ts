import { lazy } from 'react';

export {
  createAppAuth,
  authMutationKeys,
  authQueryKeys,
  type AppAuth,
  type AuthSide,
} from './app-auth';
export {
  createAuthClient,
  REDIRECT_PARAM,
  SIGN_OUT_REASON_PARAM,
  type AuthClient,
  type AuthClientDependencies,
  type AuthLocation,
  type AuthNavigator,
  type AuthUserStore,
  type Credentials,
  type SignOutReason,
} from './auth-client';
export {
  resolveAuthConfig,
  type AuthConfig,
  type AuthMode,
  type TokenStorage,
} from './auth-config';
export { playerAuthConfig, trainerAuthConfig } from './auth-configs';
export { AuthProvider, useAuthClient } from './auth-context';
export { createLocalStorageTokenStorage, createMemoryTokenStorage } from './token-storage';
export { useCurrentUser } from './hooks/use-current-user';
export { useLogin, useLogout, useMagicLinkLogin } from './hooks/use-auth-actions';
export { useInactivityLogout } from './hooks/use-inactivity-logout';

/**
 * The header's account menu. It draws the player's avatar (the onboarding feature's pictures):
 * loaded with the header, in a chunk of its own, never on the login page.
 */
export const UserMenu = lazy(() =>
  import('./components/user-menu').then((module) => ({ default: module.UserMenu })),
);
