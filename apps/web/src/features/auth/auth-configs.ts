import { CSRF_COOKIE_PATH, MAGIC_LOGIN_PATH, cookieNames, sessionPaths } from '@rampart/contracts';
import { CSRF_HEADER_NAME } from '../../lib/api-client';
import type { AuthConfig } from './auth-config';

// This module is on the first page: its paths come from the contracts' zod-free path table
// (`sign-in.ts`), which the routes use too, not from the route objects, which carry zod schemas.

/** The trainer's calls: everything under /api/trainer/ (with its own cookie). */
export const isTrainerApiUrl = (url: string): boolean =>
  new URL(url, 'https://rampart.invalid').pathname.startsWith('/api/trainer/');

/** The player interface: cookie session, guards send to /auth/login, home after a transition. */
export const playerAuthConfig = {
  mode: 'cookie',
  endpoints: {
    csrf: CSRF_COOKIE_PATH,
    login: sessionPaths.player.login,
    logout: sessionPaths.player.logout,
    user: sessionPaths.player.user,
    magicLogin: MAGIC_LOGIN_PATH,
  },
  csrf: { cookie: cookieNames.csrf, header: CSRF_HEADER_NAME },
  redirect: {
    onLogin: '/videoTransitionConnexion',
    onLogout: '/login',
    onAuthOnly: '/auth/login',
    onGuestOnly: '/',
    keepRequestedRoute: true,
  },
  // Another tab may have logged in meanwhile: go on rather than fail.
  redirectIfAuthenticated: true,
  ownsRequest: (url) => !isTrainerApiUrl(url),
} satisfies AuthConfig;

/** The trainer interface: its own cookie and login page, the dashboard after login. */
export const trainerAuthConfig = {
  mode: 'cookie',
  endpoints: {
    csrf: CSRF_COOKIE_PATH,
    login: sessionPaths.trainer.login,
    logout: sessionPaths.trainer.logout,
    user: sessionPaths.trainer.user,
  },
  csrf: { cookie: cookieNames.csrf, header: CSRF_HEADER_NAME },
  redirect: {
    onLogin: '/trainer',
    onLogout: '/trainer/login',
    onAuthOnly: '/trainer/login',
    onGuestOnly: '/trainer',
    keepRequestedRoute: true,
  },
  redirectIfAuthenticated: true,
  ownsRequest: isTrainerApiUrl,
} satisfies AuthConfig;
