/**
 * Sign-in through the organisation's identity provider, as the login pages need it: no zod
 * here, so the first page's bundle stays small (the routes are in `http/oidc.ts`).
 */
export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** The query the server adds to a login page's address when it refused a sign-in. */
export const SIGN_IN_ERROR_PARAM = 'signInError';
