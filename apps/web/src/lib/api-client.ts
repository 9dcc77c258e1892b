import { CSRF_COOKIE_PATH, cookieNames, type HttpMethod } from '@rampart/contracts';
import { ApiError, parseRetryAfter } from './api-error';
import { createCsrfInterceptor } from './api-interceptors';
import { readCookie } from './cookies';
import { loadContractSchemas } from './load-contract-schemas';

export { ApiError, isApiError, clientErrorCodes, parseRetryAfter } from './api-error';
export type { ApiErrorCode, ClientErrorCode } from './api-error';

/** A request as interceptors see it, after body encoding and before `fetch`. */
export interface ApiRequest {
  url: string;
  method: HttpMethod;
  headers: Headers;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
}

/** Runs before every request, in the order added; may change headers or return a new request. */
export type RequestInterceptor = (request: ApiRequest) => ApiRequest | Promise<ApiRequest>;

export interface Parser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Plain values are sent as JSON; `FormData`, `URLSearchParams` and `Blob` as they are. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Validates the success body (a zod schema of the contracts fits). */
  schema?: Parser<T>;
  /** Overrides the client's retry choice for this request. */
  retry?: boolean;
  /** `false` for calls where a 401 is an answer, not an expired session (the identity probe). */
  notifyUnauthorized?: boolean;
  /**
   * The call replaces this browser's session by a new one (a password change ends every session
   * and opens a new one). Calls made while it is under way leave once it is over; those that had
   * left before with the old cookie and meet a 401 are sent again once it succeeded, instead of
   * ending the session in the auth layer.
   */
  renewsSession?: boolean;
}

export type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export type StreamRequestOptions = Pick<
  RequestOptions<never>,
  'query' | 'headers' | 'signal' | 'notifyUnauthorized'
>;

/** Cookie mode CSRF: where the cookie comes from and how it travels back. */
export interface CsrfSettings {
  /** Answers with the CSRF cookie (`GET /api/csrf-cookie`). */
  endpoint: string;
  cookieName: string;
  headerName: string;
}

export interface ApiClientConfig {
  baseUrl?: string;
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * One retry after a transient failure: idempotent requests after a network failure
   * or a 502/503/504, and any write refused with 419 once a fresh CSRF cookie is fetched.
   */
  retry?: boolean;
  retryDelayMs?: number;
  interceptors?: readonly RequestInterceptor[];
  /** Sends the CSRF cookie back on writes; `null` (token mode) sends none. */
  csrf?: CsrfSettings | null;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: BodylessOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: BodylessOptions<T>): Promise<T>;
  /**
   * A GET whose body the caller reads as it arrives (an event stream): the same interceptors
   * (bearer token), credentials and error handling as `request` (an error status rejects with an
   * ApiError and reaches the 401 and error hooks), but the response is returned unread. Never
   * retried here: a stream reconnects on its own schedule.
   */
  openStream(path: string, options?: StreamRequestOptions): Promise<Response>;
  /**
   * Sends a GET before anything asks for it (a page's first reads, while its code loads). The
   * first call for the same URL (path and query) within `PRELOAD_TTL_MS` takes its answer in
   * place of sending its own, and handles it as its own (statuses, hooks, schema); an answer
   * nobody takes is dropped. Only for reads whose URL the caller names exactly as its query will.
   */
  preload(path: string, options?: Pick<RequestOptions<never>, 'query'>): void;
  /** Drops the preloaded answers no call has taken (another account's, once it has changed). */
  forgetPreloads(): void;
  /** Adds an interceptor; returns the function that removes it. */
  use(interceptor: RequestInterceptor): () => void;
  /**
   * Replaces the CSRF settings (one slot: clients sharing this one never send the header twice
   * nor fetch the cookie twice); `null` turns CSRF off.
   */
  configureCsrf(settings: CsrfSettings | null): void;
  /** Called on every 401 (reset the user, go to the login page). */
  onUnauthorized(listener: (error: ApiError, request: ApiRequest) => void): () => void;
  /** Called on every answer with an error status (4xx, 5xx), after the 401 hook. */
  onError(listener: (error: ApiError, request: ApiRequest) => void): () => void;
  /**
   * Called when the server answers a redirect, which `redirect: 'manual'` leaves opaque (its
   * `url` is then the request's).
   */
  onRedirect(listener: (response: Response) => void): () => void;
}

/** How long a preloaded answer waits for its call (a page's first screen asks within a second). */
export const PRELOAD_TTL_MS = 10_000;

const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'PUT', 'DELETE']);
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const JSON_TYPE = 'application/json';
const CSRF_MISMATCH_STATUS = 419;

const buildUrl = (
  baseUrl: string,
  path: string,
  query: RequestOptions<unknown>['query'],
): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `${path.includes('?') ? '&' : '?'}${queryString}` : ''}`;
};

const isRawBody = (body: unknown): body is BodyInit =>
  body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob;

/** Encodes the body; a PUT of form data travels as POST with `_method=PUT`. */
const encodeBody = (method: HttpMethod, body: unknown, headers: Headers) => {
  if (body === undefined) return { method, body: undefined };
  if (body instanceof FormData && method === 'PUT') {
    const form = new FormData();
    for (const [name, value] of body) form.append(name, value);
    form.set('_method', 'PUT');
    return { method: 'POST' as const, body: form };
  }
  if (isRawBody(body)) return { method, body };
  headers.set('Content-Type', 'application/json');
  return { method, body: JSON.stringify(body) };
};

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');

const readErrorBody = async (response: Response): Promise<ApiError> => {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // The schema chunk may fail to load (a redeploy replaced it): the error stays an ApiError.
  const schemas = await loadContractSchemas().catch(() => null);
  const parsed = schemas?.errorBodySchema.safeParse(json);
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  if (parsed?.success) {
    const { code, message, issues } = parsed.data.error;
    return new ApiError({
      status: response.status,
      code,
      message,
      retryAfterSeconds,
      ...(issues ? { issues } : {}),
    });
  }
  return new ApiError({
    status: response.status,
    code: 'client.unexpected_response',
    message: `HTTP ${response.status} without an API error body`,
    retryAfterSeconds,
  });
};

const readSuccessBody = async <T>(
  response: Response,
  schema: Parser<T> | undefined,
): Promise<T> => {
  const text = response.status === 204 || response.status === 205 ? '' : await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: 'client.unexpected_response',
      message: 'Response is not JSON',
      cause,
    });
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: 'client.unexpected_response',
      message: 'Response does not match its contract',
      cause,
    });
  }
};

const subscribe = <L>(listeners: Set<L>, listener: L) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const createApiClient = (config: ApiClientConfig = {}): ApiClient => {
  const { baseUrl = '', retry: retryByDefault = false, retryDelayMs = 250 } = config;
  const interceptors: RequestInterceptor[] = [...(config.interceptors ?? [])];
  const unauthorizedListeners = new Set<(error: ApiError, request: ApiRequest) => void>();
  const errorListeners = new Set<(error: ApiError, request: ApiRequest) => void>();
  const redirectListeners = new Set<(response: Response) => void>();

  // The CSRF interceptor runs after the others, so that it sees a bearer token they added.
  let csrf: { settings: CsrfSettings; interceptor: RequestInterceptor } | null = null;
  const configureCsrf = (settings: CsrfSettings | null) => {
    csrf = settings && {
      settings,
      interceptor: createCsrfInterceptor({
        fetchCsrfCookie: () => fetchCsrfCookie(settings),
        cookieName: settings.cookieName,
        headerName: settings.headerName,
      }),
    };
  };

  const send = async (request: ApiRequest): Promise<Response> => {
    const fetchImpl = config.fetch ?? globalThis.fetch;
    return fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      credentials: 'include',
      redirect: 'manual',
      ...(request.signal ? { signal: request.signal } : {}),
    });
  };

  /** Sends once, and once more when allowed and the failure may be transient. */
  const sendWithRetry = async (request: ApiRequest, mayRetry: boolean): Promise<Response> => {
    for (let attempt = 1; ; attempt += 1) {
      const canRetry = mayRetry && attempt === 1;
      try {
        const response = await send(request);
        if (!canRetry || !RETRYABLE_STATUSES.has(response.status)) return response;
      } catch (cause) {
        if (isAbort(cause, request.signal)) throw cause;
        if (!canRetry) {
          throw new ApiError({
            status: 0,
            code: 'client.network',
            message: 'The server cannot be reached',
            cause,
          });
        }
      }
      await wait(retryDelayMs);
    }
  };

  /**
   * A 419 means the CSRF token no longer matches the session (a guest session that expired, a
   * cookie from before a restart). The server refused the write before doing anything, so it
   * is safe to fetch a fresh cookie and send it again, once.
   */
  const retryAfterCsrfMismatch = async (request: ApiRequest): Promise<Response | null> => {
    const current = csrf;
    if (!current || !request.headers.has(current.settings.headerName)) return null;
    await fetchCsrfCookie(current.settings);
    const token = readCookie(current.settings.cookieName);
    if (token === null) return null;
    request.headers.set(current.settings.headerName, token);
    return send(request);
  };

  // Session renewals under way, and how many succeeded: a 401 answered to a call that left
  // before the last success carried the replaced session, not an expired one. Calls made during
  // a renewal wait for it (`exchange`); this covers those that left before it.
  const renewals = new Set<Promise<unknown>>();
  let renewed = 0;
  const sendRenewing = (request: ApiRequest, mayRetry: boolean): Promise<Response> => {
    const sent = sendWithRetry(request, mayRetry);
    const settled: Promise<unknown> = sent
      .then(
        (response) => {
          if (response.ok) renewed += 1;
        },
        () => undefined,
      )
      .finally(() => renewals.delete(settled));
    renewals.add(settled);
    return sent;
  };

  /** Preloaded answers by URL, each taken once (`preload`). */
  const preloaded = new Map<string, Promise<Response>>();
  const takePreloaded = (url: string, method: HttpMethod, accept: string) => {
    if (method !== 'GET' || accept !== JSON_TYPE) return null;
    const answer = preloaded.get(url) ?? null;
    preloaded.delete(url);
    return answer;
  };

  /** The request as interceptors leave it, ready for `fetch`. */
  const prepare = async (
    url: string,
    options: RequestOptions<unknown>,
    accept: string,
  ): Promise<ApiRequest> => {
    const headers = new Headers(options.headers);
    headers.set('Accept', accept);
    const encoded = encodeBody(options.method ?? 'GET', options.body, headers);
    let prepared: ApiRequest = {
      url,
      method: encoded.method,
      headers,
      body: encoded.body,
      signal: options.signal,
    };
    for (const interceptor of interceptors) prepared = await interceptor(prepared);
    if (csrf) prepared = await csrf.interceptor(prepared);
    return prepared;
  };

  /** Sends a request through the interceptors; answers the response of a success status. */
  const exchange = async (
    path: string,
    options: RequestOptions<unknown>,
    accept: string,
    resent = false,
  ): Promise<Response> => {
    const url = buildUrl(baseUrl, path, options.query);
    const early = resent ? null : takePreloaded(url, options.method ?? 'GET', accept);
    // A call made while a renewal is under way leaves once it is over: sent now, it would carry
    // the session being replaced, be refused, and go again (a 401 in the browser's console).
    if (renewals.size > 0 && early === null && !options.renewsSession) await Promise.all(renewals);
    const renewedAtSend = renewed;
    const prepared = await prepare(url, options, accept);
    const mayRetry = options.retry ?? (retryByDefault && IDEMPOTENT_METHODS.has(prepared.method));
    let response = await (early ??
      (options.renewsSession ? sendRenewing : sendWithRetry)(prepared, mayRetry));
    if (response.status === 401 && !options.renewsSession && !resent) {
      // Refused with the session a renewal replaced: once the renewal is over, the browser
      // holds the new cookie (and XSRF token), and the call goes again through the interceptors.
      await Promise.all(renewals);
      if (renewed !== renewedAtSend) return exchange(path, options, accept, true);
    }
    if (response.status === CSRF_MISMATCH_STATUS && (options.retry ?? retryByDefault)) {
      response = (await retryAfterCsrfMismatch(prepared)) ?? response;
    }

    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      for (const listener of redirectListeners) listener(response);
      throw new ApiError({
        status: response.status,
        code: 'client.redirected',
        message: 'The server redirected the request',
      });
    }
    if (!response.ok) {
      const error = await readErrorBody(response);
      if (response.status === 401 && options.notifyUnauthorized !== false) {
        for (const listener of unauthorizedListeners) listener(error, prepared);
      }
      for (const listener of errorListeners) listener(error, prepared);
      throw error;
    }
    return response;
  };

  const request = async <T>(path: string, options: RequestOptions<T> = {}): Promise<T> =>
    readSuccessBody(await exchange(path, options, JSON_TYPE), options.schema);

  const preload = (path: string, options: Pick<RequestOptions<never>, 'query'> = {}) => {
    const url = buildUrl(baseUrl, path, options.query);
    if (preloaded.has(url)) return;
    const answer = prepare(url, { method: 'GET' }, JSON_TYPE).then((prepared) =>
      sendWithRetry(prepared, retryByDefault),
    );
    // A failure is the taker's to handle, as its own send's would be; untaken, it is dropped.
    answer.catch(() => undefined);
    preloaded.set(url, answer);
    setTimeout(() => {
      if (preloaded.get(url) === answer) preloaded.delete(url);
    }, PRELOAD_TTL_MS);
  };

  // Concurrent callers (the interceptor, a 419 retry) share one cookie fetch.
  let pendingCsrfCookie: Promise<unknown> | null = null;
  const fetchCsrfCookie = (settings: CsrfSettings): Promise<unknown> =>
    (pendingCsrfCookie ??= request(settings.endpoint, { notifyUnauthorized: false }).finally(() => {
      pendingCsrfCookie = null;
    }));

  configureCsrf(config.csrf ?? null);

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    preload,
    forgetPreloads: () => preloaded.clear(),
    openStream: (path, options) =>
      exchange(path, { ...options, method: 'GET', retry: false }, 'text/event-stream'),
    use: (interceptor) => {
      interceptors.push(interceptor);
      return () => {
        const index = interceptors.indexOf(interceptor);
        if (index !== -1) interceptors.splice(index, 1);
      };
    },
    configureCsrf,
    onUnauthorized: (listener) => subscribe(unauthorizedListeners, listener),
    onError: (listener) => subscribe(errorListeners, listener),
    onRedirect: (listener) => subscribe(redirectListeners, listener),
  };
};

/** The header the server reads the CSRF token from. */
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * The client every feature uses: same-origin cookie mode, CSRF header on writes, one retry of
 * transient failures. The auth feature (features/auth) configures it from its own configuration:
 * CSRF settings, bearer token in token mode, 401 and redirect handling.
 */
export const apiClient: ApiClient = createApiClient({
  retry: true,
  csrf: { endpoint: CSRF_COOKIE_PATH, cookieName: cookieNames.csrf, headerName: CSRF_HEADER_NAME },
});
