import type { AuthUser, Locale } from '@rampart/contracts';
import { ApiError, isApiError, type ApiClient, type ApiRequest } from '../../lib/api-client';
import { createBearerTokenInterceptor } from '../../lib/api-interceptors';
import { readCookie as readDocumentCookie } from '../../lib/cookies';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { resolveAuthConfig, type AuthConfig, type ResolvedAuthConfig } from './auth-config';

/** Where the visitor is, as the auth client needs it. */
export interface AuthLocation {
  /** The app path, without locale prefix or query: `/login`. */
  path: string;
  /** The query string: `?redirect=%2Fhome`, or ''. */
  search: string;
  /** What the address bar shows after the origin (prefix, query, hash): a `redirect` value. */
  href: string;
}

export interface AuthNavigator {
  location(): AuthLocation;
  /** Goes to a path of this app; the navigator keeps the current locale prefix. */
  navigate(to: string, options?: { replace?: boolean }): void | Promise<void>;
  /** Leaves the single-page app: a full page load. */
  assign(href: string): void;
}

/** Holds the authenticated user: `undefined` until known, `null` for nobody. */
export interface AuthUserStore {
  get(): AuthUser | null | undefined;
  set(user: AuthUser | null): void;
}

export interface AuthLogger {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export interface AuthClientDependencies {
  http: ApiClient;
  store: AuthUserStore;
  navigator: AuthNavigator;
  /** Reads the user out of the user endpoint's answer; validation belongs here. */
  parseUser?: (body: unknown) => AuthUser | Promise<AuthUser>;
  readCookie?: (name: string) => string | null;
  logger?: AuthLogger;
  /** The app's origin, for redirects the server answers with. */
  origin?: string;
}

export interface Credentials {
  username: string;
  password: string;
  /** The language the login page is shown in: the account follows it until its holder chooses. */
  locale?: Locale;
}

/** Why the visitor was signed out without asking, shown on the login page (`?reason=`). */
export type SignOutReason = 'inactivity' | 'session_expired';
export const SIGN_OUT_REASON_PARAM = 'reason';
export const REDIRECT_PARAM = 'redirect';

export interface AuthClient {
  readonly config: ResolvedAuthConfig;
  /** The user as last known: `undefined` before the first identity fetch, `null` for nobody. */
  user(): AuthUser | null | undefined;
  isAuthenticated(): boolean;
  /** Asks the user endpoint; 401 or 419 mean nobody (null), other failures throw. */
  fetchIdentity(signal?: AbortSignal): Promise<AuthUser | null>;
  /** Asks again and stores the answer; failures other than 401/419 are logged, not thrown. */
  refreshIdentity(): Promise<AuthUser | null>;
  /**
   * Where the account's own event stream stood at the last identity read that named this
   * account (null: none did): its first opening starts there, and misses nothing since.
   */
  streamPosition(account: string): number | null;
  /**
   * The user for a navigation: fetched on the first one, then again only when a known user's
   * credential (CSRF cookie or token) has gone.
   */
  resolveIdentity(): Promise<AuthUser | null>;
  login(credentials: Credentials): Promise<AuthUser>;
  loginWithMagicLink(token: string, locale?: Locale): Promise<AuthUser>;
  /** Ends the session; with a reason, the login page says why and offers to come back here. */
  logout(options?: { reason?: SignOutReason }): Promise<void>;
  /** Forgets the user and the token here, without asking the server. */
  reset(): Promise<void>;
  /** `reset`, then to the login page with the reason: for when the server cannot be told. */
  forgetSession(reason?: SignOutReason): Promise<void>;
  /** The page that asks for authentication, with `redirect` back to `returnTo`; null if none. */
  loginPath(returnTo: string, reason?: SignOutReason): string | null;
  /** Hooks the client into the API client; returns the function that unhooks it. */
  install(): () => void;
}

const isUnauthenticatedAnswer = (error: unknown): error is ApiError =>
  isApiError(error) && (error.status === 401 || error.status === 419);

const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const defaultParseUser = (body: unknown): AuthUser => {
  const user = (body as { user?: AuthUser } | null | undefined)?.user;
  if (!user) {
    throw new ApiError({ status: 200, code: 'client.unexpected_response', message: 'No user' });
  }
  return user;
};

export const createAuthClient = (
  configInput: AuthConfig,
  dependencies: AuthClientDependencies,
): AuthClient => {
  const config = resolveAuthConfig(configInput);
  const { http, store, navigator } = dependencies;
  const parseUser = dependencies.parseUser ?? defaultParseUser;
  const readCookie = dependencies.readCookie ?? readDocumentCookie;
  const logger = dependencies.logger ?? console;
  const origin = dependencies.origin ?? globalThis.location?.origin ?? 'http://localhost';
  const { endpoints, redirect } = config;
  const tokenMode = config.mode === 'token';

  // Set when the server said the session died of inactivity, until the login page is chosen.
  let expiredSession = false;
  let initialLoad: Promise<unknown> | null = null;
  let pendingRefresh: Promise<AuthUser | null> | null = null;

  const user = () => store.get();
  const isAuthenticated = () => Boolean(store.get());

  const credentialMissing = async () =>
    tokenMode ? !(await config.tokenStorage!.get()) : readCookie(config.csrf.cookie) === null;

  let ownStream: { account: string; position: number } | null = null;
  const fetchIdentity = async (signal?: AbortSignal) => {
    try {
      const body = await http.get(endpoints.user, {
        notifyUnauthorized: false,
        ...(signal ? { signal } : {}),
      });
      const fetched = await parseUser(body);
      const position = (body as { streamPosition?: unknown } | null)?.streamPosition;
      if (typeof position === 'number' && Number.isSafeInteger(position) && position >= 0)
        ownStream = { account: fetched.uuid, position };
      return fetched;
    } catch (error) {
      if (!isUnauthenticatedAnswer(error)) throw error;
      if (error.code === 'auth.session_expired') expiredSession = true;
      return null;
    }
  };

  const refreshIdentity = () =>
    (pendingRefresh ??= (async () => {
      try {
        const fetched = await fetchIdentity();
        store.set(fetched);
        return fetched;
      } catch (error) {
        logger.error('unable to load user identity', error);
        // A failed first load means nobody; a failed refresh keeps what we knew.
        if (store.get() === undefined) store.set(null);
        return store.get() ?? null;
      } finally {
        pendingRefresh = null;
      }
    })());

  const resolveIdentity = async () => {
    if (!initialLoad) {
      initialLoad = refreshIdentity();
      await initialLoad;
    } else {
      await initialLoad;
      // Only a user whose credential has gone is asked for again: a visitor known to be nobody
      // has no credential to lose, and asking again would only repeat the 401.
      const known = store.get();
      if (known === undefined || (known && (await credentialMissing()))) await refreshIdentity();
    }
    return store.get() ?? null;
  };

  const requestedRoute = (search: string) =>
    redirect.keepRequestedRoute
      ? safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM))
      : null;

  const redirectAfterLogin = async () => {
    const { path, search } = navigator.location();
    const requested = requestedRoute(search);
    if (requested) return navigator.navigate(requested, { replace: true });
    if (redirect.onLogin !== false && redirect.onLogin !== path) {
      return navigator.navigate(redirect.onLogin, { replace: true });
    }
  };

  /** Store the token (token mode), reload the user, then go where the visitor wanted. */
  const completeLogin = async (answer: unknown) => {
    if (tokenMode) {
      const token = (answer as { token?: unknown } | null | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        throw new Error('Token was not returned from the API');
      }
      await config.tokenStorage!.set(token);
    }
    const reloaded = await fetchIdentity();
    if (!reloaded) {
      // The server accepted the credentials but the session did not stick (cookies refused).
      throw new ApiError({
        status: 401,
        code: 'auth.unauthenticated',
        message: 'The new session was not recognised',
      });
    }
    store.set(reloaded);
    await redirectAfterLogin();
    return reloaded;
  };

  const guardAgainstSecondLogin = async (): Promise<AuthUser | null> => {
    const current = store.get();
    if (!current) return null;
    if (!config.redirectIfAuthenticated) throw new Error('User is already authenticated');
    await redirectAfterLogin();
    return current;
  };

  const login = async (credentials: Credentials) => {
    const already = await guardAgainstSecondLogin();
    if (already) return already;
    const body =
      tokenMode && config.deviceName
        ? { ...credentials, deviceName: config.deviceName }
        : credentials;
    const answer = await http.post(endpoints.login, body, { notifyUnauthorized: false });
    return completeLogin(answer);
  };

  const loginWithMagicLink = async (token: string, locale?: Locale) => {
    if (!endpoints.magicLogin) throw new Error('magic login endpoint is not defined');
    const already = await guardAgainstSecondLogin();
    if (already) return already;
    const answer = await http.post(endpoints.magicLogin, locale ? { token, locale } : { token }, {
      notifyUnauthorized: false,
    });
    return completeLogin(answer);
  };

  const reset = async () => {
    store.set(null);
    if (tokenMode) await config.tokenStorage!.set(null);
  };

  const logout = async ({ reason }: { reason?: SignOutReason } = {}) => {
    if (!isAuthenticated()) throw new Error('User is not authenticated');
    const here = navigator.location().href;
    let endSessionUrl: string | null = null;
    try {
      const answer = await http.post<{ endSessionUrl?: unknown } | undefined>(
        endpoints.logout,
        undefined,
        { notifyUnauthorized: false },
      );
      if (typeof answer?.endSessionUrl === 'string') endSessionUrl = answer.endSessionUrl;
    } catch (error) {
      // 401: the session had already ended, which is what was asked.
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    await reset();
    // Signed in through the organisation's provider: its session ends there too, and the
    // provider sends the browser back to the login page (on a shared classroom computer, the
    // next student must not find the previous one still signed in there).
    if (endSessionUrl) return navigator.assign(endSessionUrl);
    if (redirect.onLogout === false) return;
    await navigator.navigate(
      reason
        ? withQuery(redirect.onLogout, { [SIGN_OUT_REASON_PARAM]: reason, [REDIRECT_PARAM]: here })
        : redirect.onLogout,
      { replace: true },
    );
  };

  const loginPath = (returnTo: string, reason?: SignOutReason) => {
    if (redirect.onAuthOnly === false) return null;
    const why = reason ?? (expiredSession ? 'session_expired' : undefined);
    expiredSession = false;
    return withQuery(redirect.onAuthOnly, {
      [REDIRECT_PARAM]: safeRedirectPath(returnTo) ?? undefined,
      [SIGN_OUT_REASON_PARAM]: why,
    });
  };

  const isOnLoginPage = () => {
    const { path } = navigator.location();
    return path === redirect.onAuthOnly || path === redirect.onLogout;
  };

  const forgetSession = async (reason?: SignOutReason) => {
    await reset();
    const target = loginPath(navigator.location().href, reason);
    if (target && !isOnLoginPage()) await navigator.navigate(target, { replace: true });
  };

  /** A 401 resets the user and sends the visitor to log in, keeping where they were. */
  const handleUnauthorized = (error: ApiError) => {
    store.set(null);
    const reason = error.code === 'auth.session_expired' ? 'session_expired' : undefined;
    const target = loginPath(navigator.location().href, reason);
    if (target && !isOnLoginPage()) void navigator.navigate(target);
  };

  /** In cookie mode, a redirect answer takes the visitor to its target. */
  const followRedirect = (response: Response) => {
    const target = response.headers.get('Location') || response.url;
    if (!target) return;
    const url = new URL(target, origin);
    if (url.origin === origin) void navigator.navigate(`${url.pathname}${url.search}${url.hash}`);
    else navigator.assign(url.href);
  };

  const owns = (request: Pick<ApiRequest, 'url'>) => config.ownsRequest(request.url);

  const install = () => {
    const removers: (() => void)[] = [];
    if (tokenMode) {
      // Bearer requests need no CSRF token; the token goes on this client's calls only.
      http.configureCsrf(null);
      const bearer = createBearerTokenInterceptor(() => config.tokenStorage!.get());
      removers.push(http.use((request) => (owns(request) ? bearer(request) : request)));
    } else {
      http.configureCsrf({
        endpoint: endpoints.csrf,
        cookieName: config.csrf.cookie,
        headerName: config.csrf.header,
      });
      removers.push(
        http.onRedirect((response) => {
          if (owns(response)) followRedirect(response);
        }),
      );
    }
    removers.push(
      http.onUnauthorized((error, request) => {
        if (owns(request)) handleUnauthorized(error);
      }),
      http.onError((error, request) => {
        if (error.status === 419 && owns(request)) logger.warn('CSRF mismatch', request.url);
      }),
    );
    return () => removers.forEach((remove) => remove());
  };

  return {
    config,
    user,
    isAuthenticated,
    fetchIdentity,
    refreshIdentity,
    streamPosition: (account) => (ownStream?.account === account ? ownStream.position : null),
    resolveIdentity,
    login,
    loginWithMagicLink,
    logout,
    reset,
    forgetSession,
    loginPath,
    install,
  };
};
