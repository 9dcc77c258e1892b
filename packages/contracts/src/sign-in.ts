/**
 * The sign-in paths, as the login pages and the auth clients of every first page need them: no
 * zod here, so the first page's bundle stays small. The routes (`http/oidc.ts`, `http/auth.ts`)
 * take their paths from here, so the two cannot differ.
 */
export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** The query the server adds to a login page's address when it refused a sign-in. */
export const SIGN_IN_ERROR_PARAM = 'signInError';

/** Where the server starts a guest session and sets the CSRF cookie (`getCsrfCookie`). */
export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

/** A player's sign-in with a single-use link a trainer issued (`postMagicLogin`). */
export const MAGIC_LOGIN_PATH = '/api/auth/magic-login';

/** Each interface's session routes (`playerAuth`, `trainerAuth`), by interface. */
export const sessionPaths = {
  player: {
    login: '/api/auth/login',
    token: '/api/auth/token',
    user: '/api/auth/user',
    logout: '/api/auth/logout',
  },
  trainer: {
    login: '/api/trainer/auth/login',
    token: '/api/trainer/auth/token',
    user: '/api/trainer/auth/user',
    logout: '/api/trainer/auth/logout',
  },
} as const;
