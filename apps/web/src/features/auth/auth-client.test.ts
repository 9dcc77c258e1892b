import type { AuthUser } from '@rampart/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { splitLocalePrefix } from '../../lib/locale';
import type { AuthConfig } from './auth-config';
import { createAuthClient, type AuthUserStore } from './auth-client';
import { createMemoryTokenStorage } from './token-storage';

const alice: AuthUser = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  username: 'alice',
  pseudo: 'Alice',
  role: 'player',
  avatarId: 'sentinel',
  locale: 'en',
  capabilities: ['profile.manage', 'game.play'],
};

const cookieConfig = (): AuthConfig => ({
  mode: 'cookie',
  endpoints: {
    csrf: '/api/csrf-cookie',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    user: '/api/auth/user',
    magicLogin: '/api/auth/magic-login',
  },
  csrf: { cookie: 'XSRF-TOKEN', header: 'X-XSRF-TOKEN' },
  redirect: {
    onLogin: '/videoTransitionConnexion',
    onLogout: '/login',
    onAuthOnly: '/auth/login',
    onGuestOnly: '/',
  },
  ownsRequest: (url) => !url.startsWith('/api/trainer/'),
});

const tokenConfig = (token: string | null = null): AuthConfig => ({
  ...cookieConfig(),
  mode: 'token',
  endpoints: { ...cookieConfig().endpoints, login: '/api/auth/token' },
  tokenStorage: createMemoryTokenStorage(token),
  deviceName: 'Test browser',
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const apiError = (code: string, status: number, headers: Record<string, string> = {}) =>
  json({ error: { code, message: `server says ${code}` } }, status, headers);
const noContent = () => new Response(null, { status: 204 });

type Route = (init: RequestInit) => Response | Promise<Response>;

/** An auth client over a real API client whose `fetch` answers from `routes` ("METHOD /path"). */
const setup = ({
  config = cookieConfig(),
  routes = {},
  user,
  at = '/login',
  retry = false,
}: {
  config?: AuthConfig;
  routes?: Record<string, Route>;
  user?: AuthUser | null;
  at?: string;
  retry?: boolean;
} = {}) => {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const route = routes[`${init.method} ${url}`];
    if (!route) throw new Error(`unexpected request ${init.method} ${url}`);
    return route(init);
  });
  const http = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    retry,
    retryDelayMs: 0,
  });
  let current = new URL(at, 'http://localhost');
  const navigator = {
    location: () => ({
      path: splitLocalePrefix(current.pathname).path,
      search: current.search,
      href: `${current.pathname}${current.search}${current.hash}`,
    }),
    navigate: vi.fn((to: string) => {
      current = new URL(to, 'http://localhost');
    }),
    assign: vi.fn(),
  };
  let stored = user;
  const store: AuthUserStore = { get: () => stored, set: (next) => (stored = next) };
  const logger = { warn: vi.fn(), error: vi.fn() };
  const client = createAuthClient(config, {
    http,
    store,
    navigator,
    logger,
    origin: 'http://localhost',
  });
  const uninstall = client.install();
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  const headersOf = (index: number) => new Headers(fetchMock.mock.calls[index]![1].headers);
  return { client, http, fetchMock, navigator, store, logger, calls, headersOf, uninstall };
};

const setCsrfCookie = (value = 'csrf%3D1', name = 'XSRF-TOKEN') => {
  document.cookie = `${name}=${value}; Path=/`;
};

/** The server's side of the CSRF cookie: `GET /api/csrf-cookie` sets it. */
const csrfCookieRoute =
  (value = 'csrf%3D1', name = 'XSRF-TOKEN'): Route =>
  () => {
    setCsrfCookie(value, name);
    return noContent();
  };

const userRoute = (): Route => () => json({ user: alice });

describe('auth configuration', () => {
  const without = (config: AuthConfig, path: string): AuthConfig => {
    const copy = structuredClone({ ...config, ownsRequest: undefined, tokenStorage: undefined });
    const [section, key] = path.split('.') as [keyof AuthConfig, string | undefined];
    if (key) delete (copy[section] as Record<string, unknown>)[key];
    else delete copy[section];
    return { ...copy, tokenStorage: path === 'tokenStorage' ? undefined : config.tokenStorage };
  };

  it.each([
    ['endpoints.csrf', 'csrf endpoint'],
    ['endpoints.login', 'login endpoint'],
    ['endpoints.logout', 'logout endpoint'],
    ['endpoints.user', 'user endpoint'],
    ['redirect.onLogin', 'redirect onLogin'],
    ['redirect.onLogout', 'redirect onLogout'],
    ['csrf.cookie', 'csrf cookie name'],
    ['csrf.header', 'csrf header name'],
  ])('refuses a cookie-mode configuration without %s', (path, item) => {
    expect(() => setup({ config: without(cookieConfig(), path) })).toThrow(
      new Error(`${item} is not defined`),
    );
  });

  it('refuses a token-mode configuration without a token storage', () => {
    expect(() => setup({ config: without(tokenConfig(), 'tokenStorage') })).toThrow(
      new Error('token storage is not defined'),
    );
  });

  it('refuses an empty value as firmly as a missing one', () => {
    const config = cookieConfig();
    expect(() =>
      setup({ config: { ...config, endpoints: { ...config.endpoints, user: ' ' } } }),
    ).toThrow('user endpoint is not defined');
  });

  it('asks each mode only for what it uses', () => {
    const { tokenStorage: _unused, ...cookieOnly } = cookieConfig();
    expect(() => setup({ config: cookieOnly })).not.toThrow();
    const { csrf: _csrf, ...tokenOnly } = tokenConfig();
    const endpoints = { ...tokenOnly.endpoints, csrf: undefined };
    expect(() => setup({ config: { ...tokenOnly, endpoints } })).not.toThrow();
  });

  it('defaults to cookie mode', () => {
    const { mode: _mode, ...config } = cookieConfig();
    expect(setup({ config }).client.config.mode).toBe('cookie');
  });
});

describe('cookie mode requests', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'fetches the missing CSRF cookie before a %s and sends it in the configured header',
    async (method) => {
      const config = { ...cookieConfig(), csrf: { cookie: 'MY-XSRF', header: 'X-My-Csrf' } };
      const { http, calls, headersOf } = setup({
        config: { ...config, endpoints: { ...config.endpoints, csrf: '/api/csrf' } },
        routes: {
          'GET /api/csrf': csrfCookieRoute('t%2B1', 'MY-XSRF'),
          [`${method} /api/thing`]: noContent,
        },
      });
      await http.request('/api/thing', { method: method as 'POST' });
      expect(calls()).toEqual(['GET /api/csrf', `${method} /api/thing`]);
      expect(headersOf(1).get('X-My-Csrf')).toBe('t+1'); // the cookie's URI-decoded value
    },
  );

  it('uses the CSRF cookie already there without fetching it again', async () => {
    setCsrfCookie('present');
    const { http, calls, headersOf } = setup({ routes: { 'POST /api/thing': noContent } });
    await http.post('/api/thing', {});
    expect(calls()).toEqual(['POST /api/thing']);
    expect(headersOf(0).get('X-XSRF-TOKEN')).toBe('present');
  });

  it('sends no CSRF header on a GET and no Authorization header at all', async () => {
    const { http, headersOf } = setup({ routes: { 'GET /api/thing': () => json({}) } });
    await http.get('/api/thing');
    expect(headersOf(0).has('X-XSRF-TOKEN')).toBe(false);
    expect(headersOf(0).has('Authorization')).toBe(false);
  });

  it('handles redirects manually, with credentials and JSON', async () => {
    const { http, fetchMock } = setup({ routes: { 'GET /api/thing': () => json({}) } });
    await http.get('/api/thing');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      redirect: 'manual',
      credentials: 'include',
    });
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Accept')).toBe('application/json');
  });

  it('sends a form PUT as POST with _method=PUT', async () => {
    setCsrfCookie();
    const { http, fetchMock } = setup({ routes: { 'POST /api/teams/t1': () => json({}) } });
    const form = new FormData();
    form.set('name', 'Blue');
    await http.put('/api/teams/t1', form);
    const body = fetchMock.mock.calls[0]![1].body as FormData;
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('name')).toBe('Blue');
  });

  it('navigates to the target of a redirect answer', async () => {
    const { http, navigator } = setup({
      routes: {
        'GET /api/sso': () =>
          new Response(null, { status: 302, headers: { Location: '/home?from=sso' } }),
      },
    });
    await expect(http.get('/api/sso')).rejects.toMatchObject({ code: 'client.redirected' });
    expect(navigator.navigate).toHaveBeenCalledWith('/home?from=sso');
  });

  it('leaves the app for a redirect to another origin, and reloads the request for an opaque one', async () => {
    // What a browser gives for `redirect: 'manual'`: no status, no headers, the request's URL.
    const opaque = () =>
      ({
        type: 'opaqueredirect',
        status: 0,
        ok: false,
        url: 'http://localhost/api/idp/start',
        headers: new Headers(),
      }) as Response;
    const { http, navigator } = setup({
      routes: {
        'GET /api/idp': () =>
          new Response(null, { status: 303, headers: { Location: 'https://idp.example/auth' } }),
        'GET /api/idp/start': opaque,
      },
    });
    await http.get('/api/idp').catch(() => undefined);
    expect(navigator.assign).toHaveBeenCalledWith('https://idp.example/auth');
    await http.get('/api/idp/start').catch(() => undefined);
    expect(navigator.navigate).toHaveBeenCalledWith('/api/idp/start');
  });
});

describe('token mode requests', () => {
  it('sends Authorization: Bearer with the stored token, and no CSRF', async () => {
    const { http, calls, headersOf } = setup({
      config: tokenConfig('tok-1'),
      routes: { 'POST /api/thing': noContent, 'POST /api/trainer/thing': noContent },
    });
    await http.post('/api/thing', {});
    expect(calls()).toEqual(['POST /api/thing']); // no CSRF cookie fetch
    expect(headersOf(0).get('Authorization')).toBe('Bearer tok-1');
    expect(headersOf(0).has('X-XSRF-TOKEN')).toBe(false);
    await http.post('/api/trainer/thing', {});
    expect(headersOf(1).has('Authorization')).toBe(false); // another interface's call
  });

  it('stores the token of the login answer, then reloads the user with it', async () => {
    const config = tokenConfig();
    const { client, fetchMock, headersOf } = setup({
      config,
      routes: {
        'POST /api/auth/token': () => json({ token: 'fresh', tokenType: 'Bearer', user: alice }),
        'GET /api/auth/user': userRoute(),
      },
    });
    await client.login({ username: 'alice', password: 'pw' });
    expect(await config.tokenStorage!.get()).toBe('fresh');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      username: 'alice',
      password: 'pw',
      deviceName: 'Test browser',
    });
    expect(headersOf(1).get('Authorization')).toBe('Bearer fresh');
    expect(client.user()).toEqual(alice);
  });

  it('raises "Token was not returned from the API" for a login answer without token', async () => {
    const { client, store } = setup({
      config: tokenConfig(),
      routes: { 'POST /api/auth/token': () => json({ user: alice }) },
    });
    await expect(client.login({ username: 'alice', password: 'pw' })).rejects.toThrow(
      new Error('Token was not returned from the API'),
    );
    expect(store.get()).toBeUndefined();
  });

  it('forgets the token on logout', async () => {
    const config = tokenConfig('tok-1');
    const { client } = setup({
      config,
      user: alice,
      routes: { 'POST /api/auth/logout': noContent },
    });
    await client.logout();
    expect(await config.tokenStorage!.get()).toBeNull();
    expect(client.user()).toBeNull();
  });

  it('does not follow redirect answers', async () => {
    const { http, navigator } = setup({
      config: tokenConfig('tok'),
      routes: {
        'GET /api/sso': () => new Response(null, { status: 302, headers: { Location: '/x' } }),
      },
    });
    await http.get('/api/sso').catch(() => undefined);
    expect(navigator.navigate).not.toHaveBeenCalled();
  });
});

describe('login', () => {
  const loginRoutes = (): Record<string, Route> => ({
    'GET /api/csrf-cookie': csrfCookieRoute(),
    'POST /api/auth/login': () => json({ user: alice }),
    'GET /api/auth/user': userRoute(),
  });

  it('posts the credentials, reloads the user, then goes to the post-login route', async () => {
    const { client, calls, navigator, fetchMock } = setup({ routes: loginRoutes() });
    await expect(client.login({ username: 'alice', password: 'pw' })).resolves.toEqual(alice);
    expect(calls()).toEqual(['GET /api/csrf-cookie', 'POST /api/auth/login', 'GET /api/auth/user']);
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toEqual({
      username: 'alice',
      password: 'pw',
    });
    expect(client.user()).toEqual(alice);
    expect(navigator.navigate).toHaveBeenCalledWith('/videoTransitionConnexion', { replace: true });
  });

  it('goes to the page named by the redirect query value', async () => {
    const { client, navigator } = setup({
      routes: loginRoutes(),
      at: '/fr/login?redirect=%2Ffr%2Fsessions%2Fs1%2Flobby%3Ftab%3Dteams',
    });
    await client.login({ username: 'alice', password: 'pw' });
    expect(navigator.navigate).toHaveBeenCalledWith('/fr/sessions/s1/lobby?tab=teams', {
      replace: true,
    });
  });

  it.each([
    'https://evil.example/home',
    '//evil.example/home',
    '/\\evil.example',
    'javascript:alert(1)',
  ])(
    'ignores a redirect to %s (open redirect) and goes to the post-login route',
    async (target) => {
      const { client, navigator } = setup({
        routes: loginRoutes(),
        at: `/login?redirect=${encodeURIComponent(target)}`,
      });
      await client.login({ username: 'alice', password: 'pw' });
      expect(navigator.navigate).toHaveBeenCalledTimes(1);
      expect(navigator.navigate).toHaveBeenCalledWith('/videoTransitionConnexion', {
        replace: true,
      });
    },
  );

  it('redirects instead of logging in again when already authenticated, if configured so', async () => {
    const { client, fetchMock, navigator } = setup({
      config: { ...cookieConfig(), redirectIfAuthenticated: true },
      user: alice,
      at: '/login?redirect=%2Fprofile',
    });
    await expect(client.login({ username: 'alice', password: 'pw' })).resolves.toEqual(alice);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigator.navigate).toHaveBeenCalledWith('/profile', { replace: true });
  });

  it('raises "User is already authenticated" otherwise', async () => {
    const { client, fetchMock } = setup({ user: alice });
    await expect(client.login({ username: 'alice', password: 'pw' })).rejects.toThrow(
      new Error('User is already authenticated'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects with the API error of a refused login, without the 401 redirect', async () => {
    setCsrfCookie();
    const { client, navigator, store } = setup({
      routes: { 'POST /api/auth/login': () => apiError('auth.invalid_credentials', 401) },
    });
    await expect(client.login({ username: 'alice', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      code: 'auth.invalid_credentials',
    });
    expect(navigator.navigate).not.toHaveBeenCalled();
    expect(store.get()).toBeUndefined();
  });

  it('reports how long to wait when the server limits attempts', async () => {
    setCsrfCookie();
    const { client } = setup({
      routes: {
        'POST /api/auth/login': () =>
          apiError('auth.too_many_attempts', 429, { 'Retry-After': '120' }),
      },
    });
    await expect(client.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'auth.too_many_attempts',
      retryAfterSeconds: 120,
    });
  });

  it('logs in with a magic link: posts the token, reloads the user, goes on', async () => {
    setCsrfCookie();
    const { client, calls, fetchMock, navigator } = setup({
      at: '/login?magic=abc',
      routes: {
        'POST /api/auth/magic-login': () => json({ user: alice }),
        'GET /api/auth/user': userRoute(),
      },
    });
    await client.loginWithMagicLink('abc');
    expect(calls()).toEqual(['POST /api/auth/magic-login', 'GET /api/auth/user']);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ token: 'abc' });
    expect(navigator.navigate).toHaveBeenCalledWith('/videoTransitionConnexion', { replace: true });
  });

  it.each([
    ['auth.magic_link_disabled', 403],
    ['auth.magic_link_invalid', 404],
    ['auth.magic_link_expired', 410],
  ])('rejects a refused magic link with its code %s', async (code, status) => {
    setCsrfCookie();
    const { client } = setup({
      routes: { 'POST /api/auth/magic-login': () => apiError(code, status) },
    });
    await expect(client.loginWithMagicLink('abc')).rejects.toMatchObject({ code, status });
  });
});

describe('logout', () => {
  it('posts, clears the user, then goes to the logout route', async () => {
    setCsrfCookie();
    const { client, calls, navigator } = setup({
      user: alice,
      at: '/home',
      routes: { 'POST /api/auth/logout': noContent },
    });
    await client.logout();
    expect(calls()).toEqual(['POST /api/auth/logout']);
    expect(client.user()).toBeNull();
    expect(navigator.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("ends the identity provider's session too when the server says where", async () => {
    setCsrfCookie();
    const endSessionUrl = 'https://id.school.example/logout?client_id=rampart';
    const { client, navigator } = setup({
      user: alice,
      at: '/home',
      routes: { 'POST /api/auth/logout': () => json({ endSessionUrl }) },
    });
    await client.logout();
    expect(client.user()).toBeNull();
    expect(navigator.assign).toHaveBeenCalledWith(endSessionUrl);
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('raises "User is not authenticated" when nobody is', async () => {
    const { client, fetchMock } = setup({ user: null });
    await expect(client.logout()).rejects.toThrow(new Error('User is not authenticated'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the login page why, and where to come back, when signing out for a reason', async () => {
    setCsrfCookie();
    const { client, navigator } = setup({
      user: alice,
      at: '/fr/home',
      routes: { 'POST /api/auth/logout': noContent },
    });
    await client.logout({ reason: 'inactivity' });
    expect(navigator.navigate).toHaveBeenCalledWith(
      '/login?reason=inactivity&redirect=%2Ffr%2Fhome',
      { replace: true },
    );
  });

  it('counts a session that had already ended as logged out', async () => {
    setCsrfCookie();
    const { client } = setup({
      user: alice,
      routes: { 'POST /api/auth/logout': () => apiError('auth.unauthenticated', 401) },
    });
    await client.logout();
    expect(client.user()).toBeNull();
  });

  it('keeps the user when the server could not be reached', async () => {
    setCsrfCookie();
    const { client } = setup({
      user: alice,
      routes: {
        'POST /api/auth/logout': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await expect(client.logout()).rejects.toMatchObject({ code: 'client.network' });
    expect(client.user()).toEqual(alice);
  });
});

describe('identity on navigation', () => {
  it('is fetched once, on the first navigation, while the CSRF cookie is there', async () => {
    setCsrfCookie();
    const { client, calls } = setup({ routes: { 'GET /api/auth/user': userRoute() } });
    await Promise.all([client.resolveIdentity(), client.resolveIdentity()]);
    await expect(client.resolveIdentity()).resolves.toEqual(alice);
    expect(calls()).toEqual(['GET /api/auth/user']);
  });

  it.each([
    ['401', () => apiError('auth.unauthenticated', 401)],
    ['419', () => apiError('auth.csrf_mismatch', 419)],
  ])('means nobody when the first fetch answers %s', async (_status, answer) => {
    setCsrfCookie();
    const { client, logger, navigator } = setup({ routes: { 'GET /api/auth/user': answer } });
    await expect(client.resolveIdentity()).resolves.toBeNull();
    expect(client.user()).toBeNull();
    expect(logger.error).not.toHaveBeenCalled();
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('logs other failures as "unable to load user identity"', async () => {
    setCsrfCookie();
    const { client, logger } = setup({
      routes: { 'GET /api/auth/user': () => apiError('server.internal', 500) },
    });
    await expect(client.resolveIdentity()).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledWith(
      'unable to load user identity',
      expect.objectContaining({ code: 'server.internal' }),
    );
  });

  it('is refreshed on a later navigation when the CSRF cookie has gone', async () => {
    setCsrfCookie();
    let answer: Route = userRoute();
    const { client, calls } = setup({ routes: { 'GET /api/auth/user': (init) => answer(init) } });
    await client.resolveIdentity();
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
    answer = () => apiError('auth.unauthenticated', 401);
    await expect(client.resolveIdentity()).resolves.toBeNull();
    expect(calls()).toEqual(['GET /api/auth/user', 'GET /api/auth/user']);
  });

  it('is refreshed in token mode when the token has gone', async () => {
    const config = tokenConfig('tok');
    const { client, calls } = setup({
      config,
      routes: { 'GET /api/auth/user': userRoute() },
    });
    await client.resolveIdentity();
    await client.resolveIdentity();
    expect(calls()).toHaveLength(1);
    await config.tokenStorage!.set(null);
    await client.resolveIdentity();
    expect(calls()).toHaveLength(2);
  });

  it('remembers that the session died of inactivity for the login page', async () => {
    setCsrfCookie();
    const { client } = setup({
      routes: { 'GET /api/auth/user': () => apiError('auth.session_expired', 401) },
    });
    await client.resolveIdentity();
    expect(client.loginPath('/fr/home')).toBe(
      '/auth/login?redirect=%2Ffr%2Fhome&reason=session_expired',
    );
    expect(client.loginPath('/fr/home')).toBe('/auth/login?redirect=%2Ffr%2Fhome');
  });
});

describe('answers of the API', () => {
  it('resets the user on a 401 anywhere and sends to the login page, keeping redirect', async () => {
    const { http, client, navigator } = setup({
      user: alice,
      at: '/fr/sessions/s1/game?tab=chat',
      routes: { 'GET /api/home': () => apiError('auth.unauthenticated', 401) },
    });
    await http.get('/api/home').catch(() => undefined);
    expect(client.user()).toBeNull();
    expect(navigator.navigate).toHaveBeenCalledWith(
      '/auth/login?redirect=%2Ffr%2Fsessions%2Fs1%2Fgame%3Ftab%3Dchat',
    );
  });

  it('says why when the server ended an idle session', async () => {
    const { http, navigator } = setup({
      user: alice,
      at: '/home',
      routes: { 'GET /api/home': () => apiError('auth.session_expired', 401) },
    });
    await http.get('/api/home').catch(() => undefined);
    expect(navigator.navigate).toHaveBeenCalledWith(
      '/auth/login?redirect=%2Fhome&reason=session_expired',
    );
  });

  it('stays on the login page on a 401 there', async () => {
    const { http, navigator, client } = setup({
      user: alice,
      at: '/login',
      routes: { 'GET /api/home': () => apiError('auth.unauthenticated', 401) },
    });
    await http.get('/api/home').catch(() => undefined);
    expect(client.user()).toBeNull();
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('leaves the 401 of another interface to that interface', async () => {
    const { http, navigator, client } = setup({
      user: alice,
      at: '/home',
      routes: { 'GET /api/trainer/players': () => apiError('auth.unauthenticated', 401) },
    });
    await http.get('/api/trainer/players').catch(() => undefined);
    expect(client.user()).toEqual(alice);
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('logs a 419 as "CSRF mismatch"', async () => {
    setCsrfCookie();
    const { http, logger } = setup({
      routes: { 'POST /api/thing': () => apiError('auth.csrf_mismatch', 419) },
    });
    await expect(http.post('/api/thing', {})).rejects.toMatchObject({ status: 419 });
    expect(logger.warn).toHaveBeenCalledWith('CSRF mismatch', '/api/thing');
  });

  it('retries once when enabled: a failed identity fetch, a write refused with 419', async () => {
    setCsrfCookie('stale');
    let identityAnswers = [() => apiError('database.unavailable', 503), userRoute()];
    const { client, http, calls, headersOf } = setup({
      retry: true,
      routes: {
        'GET /api/auth/user': (init) => identityAnswers.shift()!(init),
        'GET /api/csrf-cookie': csrfCookieRoute('fresh'),
        'POST /api/thing': (init) =>
          new Headers(init.headers).get('X-XSRF-TOKEN') === 'fresh'
            ? noContent()
            : apiError('auth.csrf_mismatch', 419),
      },
    });
    await expect(client.resolveIdentity()).resolves.toEqual(alice);
    await expect(http.post('/api/thing', {})).resolves.toBeUndefined();
    expect(calls()).toEqual([
      'GET /api/auth/user',
      'GET /api/auth/user',
      'POST /api/thing',
      'GET /api/csrf-cookie',
      'POST /api/thing',
    ]);
    expect(headersOf(4).get('X-XSRF-TOKEN')).toBe('fresh');
    identityAnswers = [];
  });

  it('does not retry when retry is off', async () => {
    setCsrfCookie('stale');
    const { client, http, calls, logger } = setup({
      routes: {
        'GET /api/auth/user': () => apiError('database.unavailable', 503),
        'POST /api/thing': () => apiError('auth.csrf_mismatch', 419),
      },
    });
    await client.resolveIdentity();
    await http.post('/api/thing', {}).catch(() => undefined);
    expect(calls()).toEqual(['GET /api/auth/user', 'POST /api/thing']);
    expect(logger.error).toHaveBeenCalledWith('unable to load user identity', expect.anything());
  });

  it('unhooks from the API client on uninstall', async () => {
    const { http, navigator, client, uninstall } = setup({
      user: alice,
      at: '/home',
      routes: { 'GET /api/home': () => apiError('auth.unauthenticated', 401) },
    });
    uninstall();
    await http.get('/api/home').catch(() => undefined);
    expect(client.user()).toEqual(alice);
    expect(navigator.navigate).not.toHaveBeenCalled();
  });
});
