/**
 * How an auth client talks to the API and where it sends the visitor.
 * Paths are app paths without a locale prefix; the navigator adds the current one.
 */
export type AuthMode = 'cookie' | 'token';

/** Where a bearer token lives in token mode. */
export interface TokenStorage {
  get(): string | null | Promise<string | null>;
  /** `null` forgets the token. */
  set(token: string | null): void | Promise<void>;
}

export interface AuthConfig {
  /** `cookie` (default): session cookie and CSRF header; `token`: `Authorization: Bearer`. */
  mode?: AuthMode;
  endpoints?: {
    /** Sets the CSRF cookie (cookie mode). */
    csrf?: string;
    login?: string;
    logout?: string;
    /** Answers `{ user }` for the authenticated visitor, 401 otherwise. */
    user?: string;
    /** Logs in with a single-use link (`{ token }`), when the interface has them. */
    magicLogin?: string;
  };
  csrf?: { cookie?: string; header?: string };
  /** Required in token mode. */
  tokenStorage?: TokenStorage;
  redirect?: {
    /** After login, when the URL names no page to go back to; `false` stays on the page. */
    onLogin?: string | false;
    /** After logout; `false` stays on the page. */
    onLogout?: string | false;
    /** Where a visitor is sent when authentication is needed (a 401, a guard); `false`: nowhere. */
    onAuthOnly?: string | false;
    /** Where an authenticated visitor is sent from a guest-only page. */
    onGuestOnly?: string | false;
    /** After login, go to the `redirect` query value when it is a path of this app. */
    keepRequestedRoute?: boolean;
  };
  /** Logging in while authenticated redirects (true) or fails (false, the default). */
  redirectIfAuthenticated?: boolean;
  /** Sent with a token-mode login: names the token in the account's session list. */
  deviceName?: string;
  /**
   * Which API calls belong to this interface: its 401s, redirects and bearer token. Two clients
   * share one API client (player and trainer), each owning its own calls. All by default.
   */
  ownsRequest?: (url: string) => boolean;
}

/** A configuration that passed `resolveAuthConfig`: everything the mode needs is there. */
export interface ResolvedAuthConfig {
  mode: AuthMode;
  endpoints: {
    csrf: string;
    login: string;
    logout: string;
    user: string;
    magicLogin: string | null;
  };
  csrf: { cookie: string; header: string };
  tokenStorage: TokenStorage | null;
  redirect: {
    onLogin: string | false;
    onLogout: string | false;
    onAuthOnly: string | false;
    onGuestOnly: string | false;
    keepRequestedRoute: boolean;
  };
  redirectIfAuthenticated: boolean;
  deviceName: string | null;
  ownsRequest: (url: string) => boolean;
}

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Checks a configuration once, at start, so that a missing piece fails loudly then rather than
 * at the first login. Each missing item throws a plain Error "<item> is not defined".
 * CSRF items are needed in cookie mode only, the token storage in token mode only.
 */
export const resolveAuthConfig = (config: AuthConfig): ResolvedAuthConfig => {
  const mode = config.mode ?? 'cookie';
  if (mode !== 'cookie' && mode !== 'token') {
    throw new Error(`auth mode "${String(mode)}" is not supported`);
  }
  const cookieMode = mode === 'cookie';
  const { endpoints = {}, csrf = {}, redirect = {} } = config;
  const required: [item: string, value: unknown, needed: boolean][] = [
    ['csrf endpoint', endpoints.csrf, cookieMode],
    ['login endpoint', endpoints.login, true],
    ['logout endpoint', endpoints.logout, true],
    ['user endpoint', endpoints.user, true],
    ['token storage', config.tokenStorage, !cookieMode],
    ['redirect onLogin', redirect.onLogin, true],
    ['redirect onLogout', redirect.onLogout, true],
    ['csrf cookie name', csrf.cookie, cookieMode],
    ['csrf header name', csrf.header, cookieMode],
  ];
  for (const [item, value, needed] of required) {
    if (needed && isMissing(value)) throw new Error(`${item} is not defined`);
  }
  return {
    mode,
    endpoints: {
      csrf: endpoints.csrf ?? '',
      login: endpoints.login!,
      logout: endpoints.logout!,
      user: endpoints.user!,
      magicLogin: endpoints.magicLogin ?? null,
    },
    csrf: { cookie: csrf.cookie ?? '', header: csrf.header ?? '' },
    tokenStorage: config.tokenStorage ?? null,
    redirect: {
      onLogin: redirect.onLogin!,
      onLogout: redirect.onLogout!,
      onAuthOnly: redirect.onAuthOnly ?? false,
      onGuestOnly: redirect.onGuestOnly ?? false,
      keepRequestedRoute: redirect.keepRequestedRoute ?? true,
    },
    redirectIfAuthenticated: config.redirectIfAuthenticated ?? false,
    deviceName: config.deviceName ?? null,
    ownsRequest: config.ownsRequest ?? (() => true),
  };
};
