import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiClient,
  createApiClient,
  parseRetryAfter,
  PRELOAD_TTL_MS,
  type ApiClientConfig,
} from './api-client';
import { eventually } from '../test/eventually';

type FetchArgs = [input: string, init: RequestInit];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const errorBody = (code: string, message = 'server says no', issues?: unknown) => ({
  error: { code, message, issues },
});

/** A client over a stubbed `fetch` answering `responses` in turn (a function may throw). */
const setup = (responses: Array<Response | (() => Response)>, config: ApiClientConfig = {}) => {
  const queue = [...responses];
  const fetchMock = vi.fn(async (..._args: FetchArgs) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected request');
    return typeof next === 'function' ? next() : next;
  });
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    retryDelayMs: 0,
    ...config,
  });
  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index]!;
    return { url, init, headers: new Headers(init.headers) };
  };
  return { client, fetchMock, call };
};

const networkFailure = () => {
  throw new TypeError('Failed to fetch');
};

describe('api client requests', () => {
  it('asks for JSON, includes credentials and handles redirects manually', async () => {
    const { client, call } = setup([json({ ok: true })]);
    await expect(client.get('/api/thing')).resolves.toEqual({ ok: true });
    const { url, init, headers } = call();
    expect(url).toBe('/api/thing');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'manual' });
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('builds the query string, leaving out empty values', async () => {
    const { client, call } = setup([json([])]);
    await client.get('/api/sessions', {
      query: { page: 2, status: 'running', owner: undefined, q: null },
    });
    expect(call().url).toBe('/api/sessions?page=2&status=running');
  });

  it('sends plain values as JSON', async () => {
    const { client, call } = setup([json({ id: 1 }, 201)]);
    await client.post('/api/sessions', { missionUuid: 'm-1' });
    expect(call().init.body).toBe('{"missionUuid":"m-1"}');
    expect(call().headers.get('Content-Type')).toBe('application/json');
  });

  it('sends a form PUT as POST with _method=PUT, without touching the caller’s form', async () => {
    const { client, call } = setup([json({})]);
    const form = new FormData();
    form.set('name', 'Blue team');
    await client.put('/api/teams/t-1', form);
    const { init, headers } = call();
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('_method')).toBe('PUT');
    expect((init.body as FormData).get('name')).toBe('Blue team');
    expect(headers.has('Content-Type')).toBe(false); // the browser sets the multipart boundary
    expect(form.has('_method')).toBe(false);
  });

  it('keeps a JSON PUT a PUT', async () => {
    const { client, call } = setup([json({})]);
    await client.put('/api/profile/locale', { locale: 'en' });
    expect(call().init.method).toBe('PUT');
  });

  it('resolves undefined for 204 No Content', async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    await expect(client.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('validates the body with the given schema', async () => {
    const schema = { parse: (data: unknown) => (data as { n: number }).n * 2 };
    const { client } = setup([json({ n: 21 })]);
    await expect(client.get('/api/n', { schema })).resolves.toBe(42);
  });

  it('reports a body that breaks its contract as an unexpected response', async () => {
    const schema = {
      parse: () => {
        throw new Error('invalid');
      },
    };
    const { client } = setup([json({})]);
    await expect(client.get('/api/n', { schema })).rejects.toMatchObject({
      status: 200,
      code: 'client.unexpected_response',
    });
  });
});

describe('api client errors', () => {
  it('parses the shared error body into an ApiError', async () => {
    const issues = [{ path: 'password', message: 'too short' }];
    const { client } = setup([
      json(errorBody('request.invalid', 'Validation failed', issues), 422),
    ]);
    const error = await client.post('/api/profile/password', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'request.invalid',
      message: 'Validation failed',
      issues,
    });
  });

  it('gives a generic code to an error without the shared body', async () => {
    const { client } = setup([
      new Response('<html>Bad gateway</html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    ]);
    await expect(client.post('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'client.unexpected_response',
      issues: [],
    });
  });

  it('gives a generic code to JSON that is not the error shape', async () => {
    const { client } = setup([json({ message: 'nope' }, 500)]);
    await expect(client.get('/api/x', { retry: false })).rejects.toMatchObject({
      status: 500,
      code: 'client.unexpected_response',
    });
  });

  it('turns a network failure into client.network with status 0', async () => {
    const { client } = setup([networkFailure]);
    await expect(client.post('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'client.network',
    });
  });

  it('lets an abort through as an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = setup([
      () => {
        throw new DOMException('Aborted', 'AbortError');
      },
    ]);
    const error = await client
      .get('/api/x', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('calls the 401 hook, unless the call opts out', async () => {
    const { client } = setup([
      json(errorBody('auth.unauthenticated'), 401),
      json(errorBody('auth.unauthenticated'), 401),
    ]);
    const listener = vi.fn();
    client.onUnauthorized(listener);
    await expect(client.get('/api/home')).rejects.toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toBeInstanceOf(ApiError);
    await expect(
      client.get('/api/auth/user', { notifyUnauthorized: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops calling a hook once unsubscribed', async () => {
    const { client } = setup([json(errorBody('auth.unauthenticated'), 401)]);
    const listener = vi.fn();
    client.onUnauthorized(listener)();
    await client.get('/api/home').catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
  });

  it('reports a redirect to the redirect hook', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false } as Response;
    const { client } = setup([opaque]);
    const listener = vi.fn();
    client.onRedirect(listener);
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({
      code: 'client.redirected',
    });
    expect(listener).toHaveBeenCalledWith(opaque);
  });
});

describe('api client session renewal', () => {
  /** A fetch whose every call waits until the test answers it (`answer`), in the order sent. */
  const heldFetch = () => {
    const calls: { url: string; respond: (response: Response) => void }[] = [];
    const fetchMock = vi.fn(
      (url: string) => new Promise<Response>((respond) => calls.push({ url, respond })),
    );
    const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    const unauthorized = vi.fn();
    client.onUnauthorized(unauthorized);
    const sent = () => calls.map((call) => call.url);
    const answered = new Set<number>();
    /** Answers the oldest unanswered call to `url`, once it has been sent. */
    const answer = async (url: string, response: () => Response) => {
      const index = () => calls.findIndex((call, i) => call.url === url && !answered.has(i));
      await eventually(() => expect(index()).toBeGreaterThanOrEqual(0));
      const next = index();
      answered.add(next);
      calls[next]!.respond(response());
    };
    /**
     * Answers the call to /api/home and the stream as the server does on the new session: both
     * succeed, `/api/home` having been sent `homeSends` times, and nothing signed the page out.
     */
    const servedOnTheNewSession = async (
      home: Promise<unknown>,
      events: Promise<Response>,
      homeSends: number,
    ) => {
      await answer('/api/home', () => json({ ok: true }));
      await answer('/api/events', stream);
      await expect(home).resolves.toEqual({ ok: true });
      expect((await events).status).toBe(200);
      expect(sent().filter((url) => url === '/api/home')).toHaveLength(homeSends);
      expect(unauthorized).not.toHaveBeenCalled();
    };
    return { client, unauthorized, sent, answer, servedOnTheNewSession };
  };
  const unauthenticated = () => json(errorBody('auth.unauthenticated'), 401);
  const stream = () => new Response('', { headers: { 'Content-Type': 'text/event-stream' } });

  it('holds the calls made during a renewal until it is over: they leave with the new session', async () => {
    const { client, sent, answer, servedOnTheNewSession } = heldFetch();
    const change = client.put('/api/password', {}, { renewsSession: true });
    await eventually(() => expect(sent()).toEqual(['/api/password']));
    const home = client.get('/api/home');
    const events = client.openStream('/api/events');
    // Nothing else leaves while the server replaces the session.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent()).toEqual(['/api/password']);
    await answer('/api/password', () => new Response(null, { status: 204 }));
    await change;
    await servedOnTheNewSession(home, events, 1);
  });

  it('sends again, once the new session is set, a call that left before and met the replaced one', async () => {
    const { client, sent, answer, servedOnTheNewSession } = heldFetch();
    const home = client.get('/api/home');
    const events = client.openStream('/api/events');
    await eventually(() => expect(sent()).toEqual(['/api/home', '/api/events']));
    const change = client.put('/api/password', {}, { renewsSession: true });
    // The server answers them once it has ended the old session.
    await answer('/api/home', unauthenticated);
    await answer('/api/events', unauthenticated);
    await answer('/api/password', () => new Response(null, { status: 204 }));
    await change;
    await servedOnTheNewSession(home, events, 2);
  });

  it('ends the session as usual when the renewal itself fails', async () => {
    const { client, unauthorized, sent, answer } = heldFetch();
    const home = client.get('/api/home').catch((error: unknown) => error);
    await eventually(() => expect(sent()).toEqual(['/api/home']));
    const change = client.put('/api/password', {}, { renewsSession: true }).catch(() => null);
    const later = client.get('/api/later');
    await answer('/api/home', unauthenticated);
    await answer('/api/password', () => json(errorBody('profile.wrong_password'), 422));
    await change;
    expect(await home).toMatchObject({ status: 401 });
    expect(sent().filter((url) => url === '/api/home')).toHaveLength(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    // The call held meanwhile still leaves, with the session kept.
    await answer('/api/later', () => json({ ok: true }));
    await expect(later).resolves.toEqual({ ok: true });
  });
});

describe('api client retry', () => {
  it('retries an idempotent call once after a network failure', async () => {
    const { client, fetchMock } = setup([networkFailure, json({ ok: true })], { retry: true });
    await expect(client.get('/api/x')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries once after a 503, not twice', async () => {
    const unavailable = () => json(errorBody('database.unavailable'), 503);
    const { client, fetchMock } = setup([unavailable, unavailable, unavailable], { retry: true });
    await expect(client.get('/api/x')).rejects.toMatchObject({
      status: 503,
      code: 'database.unavailable',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries a POST unless asked', async () => {
    const { client, fetchMock } = setup([networkFailure, json({})], { retry: true });
    await expect(client.post('/api/answers', { answer: 'flag' })).rejects.toMatchObject({
      code: 'client.network',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry when retry is off', async () => {
    const { client, fetchMock } = setup([networkFailure, json({})]);
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 'client.network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a single call that asks for it', async () => {
    const { client, fetchMock } = setup([networkFailure, json({})]);
    await client.get('/api/x', { retry: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client interceptors', () => {
  it('runs interceptors in order before sending, and removes them on demand', async () => {
    const order: string[] = [];
    const { client, call } = setup([json({}), json({})], {
      interceptors: [
        (request) => {
          order.push('config');
          return request;
        },
      ],
    });
    const remove = client.use(async (request) => {
      order.push('added');
      request.headers.set('X-Trace', 'abc');
      return request;
    });
    await client.get('/api/x');
    expect(order).toEqual(['config', 'added']);
    expect(call(0).headers.get('X-Trace')).toBe('abc');
    remove();
    await client.get('/api/x');
    expect(call(1).headers.has('X-Trace')).toBe(false);
  });
});

describe('api client preloads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a preloaded answer to the first call for its URL, once', async () => {
    const { client, fetchMock, call } = setup([json({ first: true }), json({ second: true })]);
    client.preload('/api/home', { query: { locale: 'en' } });
    await eventually(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(call(0).url).toBe('/api/home?locale=en');
    expect(call(0).headers.get('Accept')).toBe('application/json');
    await expect(client.get('/api/home', { query: { locale: 'en' } })).resolves.toEqual({
      first: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken: the next call asks for itself.
    await expect(client.get('/api/home', { query: { locale: 'en' } })).resolves.toEqual({
      second: true,
    });
  });

  it('leaves other URLs, and writes, to ask for themselves', async () => {
    const { client, fetchMock } = setup([json({ en: true }), json({ fr: true }), json({})]);
    client.preload('/api/home', { query: { locale: 'en' } });
    await expect(client.get('/api/home', { query: { locale: 'fr' } })).resolves.toEqual({
      fr: true,
    });
    await client.post('/api/home', {}, { retry: false });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('handles a preloaded error as the call’s own: its code, its hooks', async () => {
    const { client } = setup([json(errorBody('auth.unauthenticated'), 401)]);
    const listener = vi.fn();
    client.onUnauthorized(listener);
    client.preload('/api/home');
    await expect(client.get('/api/home')).rejects.toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets the answers no call took when told (another account signed in)', async () => {
    const { client, fetchMock } = setup([json({ theirs: true }), json({ mine: true })]);
    client.preload('/api/home');
    client.forgetPreloads();
    await expect(client.get('/api/home')).resolves.toEqual({ mine: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops an answer no call took in time', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup([json({ old: true }), json({ fresh: true })]);
    client.preload('/api/home');
    await vi.advanceTimersByTimeAsync(PRELOAD_TTL_MS);
    await expect(client.get('/api/home')).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client streams', () => {
  const eventStream = () =>
    new Response('id: 1\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } });

  it('asks for an event stream through the interceptors and hands back the unread response', async () => {
    const { client, call } = setup([eventStream()]);
    client.use((request) => {
      request.headers.set('Authorization', 'Bearer t');
      return request;
    });
    const response = await client.openStream('/api/me/events', {
      headers: { 'Last-Event-ID': '41' },
    });
    expect(await response.text()).toBe('id: 1\ndata: {}\n\n');
    const { url, init, headers } = call();
    expect(url).toBe('/api/me/events');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'manual' });
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer t');
    expect(headers.get('Last-Event-ID')).toBe('41');
  });

  it('rejects a refused stream with an ApiError and tells the 401 hook', async () => {
    const { client } = setup([json(errorBody('auth.unauthenticated'), 401)]);
    const listener = vi.fn();
    client.onUnauthorized(listener);
    await expect(client.openStream('/api/me/events')).rejects.toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
    });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('never retries a stream itself, even on a client that retries', async () => {
    const { client, fetchMock } = setup([json(errorBody('database.unavailable'), 503)], {
      retry: true,
    });
    await expect(client.openStream('/api/me/events')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('the app client', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
  });

  it('fetches the CSRF cookie before a first write and sends it back in X-XSRF-TOKEN', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=tok%3D1; Path=/';
        return new Response(null, { status: 204 });
      }
      return json({ ok: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.post('/api/auth/login', { username: 'alice', password: 'x' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/csrf-cookie',
      '/api/auth/login',
    ]);
    const init = (fetchMock.mock.calls[1] as unknown as FetchArgs)[1];
    expect(new Headers(init.headers).get('X-XSRF-TOKEN')).toBe('tok=1');
  });

  it('sends no CSRF header on reads', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => json({}));
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.get('/api/home');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('api client CSRF settings', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
  });

  it('keeps one CSRF slot: configuring it again replaces it, null turns it off', async () => {
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    const { client, call } = setup([json({}), json({})], {
      csrf: { endpoint: '/api/csrf-cookie', cookieName: 'XSRF-TOKEN', headerName: 'X-XSRF-TOKEN' },
    });
    client.configureCsrf({
      endpoint: '/api/csrf-cookie',
      cookieName: 'XSRF-TOKEN',
      headerName: 'X-XSRF-TOKEN',
    });
    await client.post('/api/x', {});
    expect(call(0).headers.get('X-XSRF-TOKEN')).toBe('abc');
    client.configureCsrf(null);
    await client.post('/api/x', {});
    expect(call(1).headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('does not retry a write refused with 419 when retry is off', async () => {
    document.cookie = 'XSRF-TOKEN=stale; Path=/';
    const { client, fetchMock } = setup([json(errorBody('auth.csrf_mismatch'), 419)], {
      csrf: { endpoint: '/api/csrf-cookie', cookieName: 'XSRF-TOKEN', headerName: 'X-XSRF-TOKEN' },
    });
    await expect(client.post('/api/x', {})).rejects.toMatchObject({ status: 419 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('api client error details', () => {
  it('reads Retry-After in seconds', async () => {
    const { client } = setup([
      json(errorBody('auth.too_many_attempts'), 429, { 'Retry-After': '90' }),
    ]);
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({
      code: 'auth.too_many_attempts',
      retryAfterSeconds: 90,
    });
  });

  it('reads Retry-After as an HTTP date, and nothing when absent', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 10:02:30 GMT', now)).toBe(150);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('tells the error hook about every failed answer, with its request', async () => {
    const { client } = setup([json(errorBody('request.not_found'), 404)]);
    const listener = vi.fn();
    client.onError(listener);
    await client.get('/api/missing').catch(() => undefined);
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'request.not_found' }),
      expect.objectContaining({ url: '/api/missing', method: 'GET' }),
    );
  });
});
