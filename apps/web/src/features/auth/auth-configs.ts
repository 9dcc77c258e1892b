import { cookieNames } from '@rampart/contracts';
import { CSRF_COOKIE_PATH, CSRF_HEADER_NAME } from '../../lib/api-client';
import type { AuthConfig } from './auth-config';

// Paths are written out rather than read from the contracts' route objects, which carry zod
// schemas: this module is on the first page (auth-configs.test.ts checks they agree).

/** The trainer's calls: everything under /api/trainer/ (with its own cookie). */
export const isTrainerApiUrl = (url: string): boolean =>
  new URL(url, 'https://rampart.invalid').pathname.startsWith('/api/trainer/');

/** The player interface: cookie session, guards send to /auth/login, home after a transition. */
export const playerAuthConfig = {
  mode: 'cookie',
  endpoints: {
    csrf: CSRF_COOKIE_PATH,
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    user: '/api/auth/user',
    magicLogin: '/api/auth/magic-login',
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
    login: '/api/trainer/auth/login',
    logout: '/api/trainer/auth/logout',
    user: '/api/trainer/auth/user',
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
