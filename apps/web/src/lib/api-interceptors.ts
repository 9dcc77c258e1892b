import { cookieNames } from '@rampart/contracts';
import type { ApiRequest, RequestInterceptor } from './api-client';
import { readCookie } from './cookies';

const UNSAFE_METHODS: ReadonlySet<ApiRequest['method']> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);

export interface CsrfInterceptorOptions {
  /** Starts a guest session that sets the CSRF cookie (`GET /api/csrf-cookie`). */
  fetchCsrfCookie: () => Promise<unknown>;
  cookieName?: string;
  headerName?: string;
  readCookie?: (name: string) => string | null;
}

/**
 * Cookie mode CSRF: before a POST, PUT, PATCH or DELETE, send the
 * `XSRF-TOKEN` cookie back in `X-XSRF-TOKEN`, fetching the cookie first when it is absent.
 * Requests that carry a bearer token need no CSRF header and are left alone.
 */
export const createCsrfInterceptor = ({
  fetchCsrfCookie,
  cookieName = cookieNames.csrf,
  headerName = 'X-XSRF-TOKEN',
  readCookie: read = readCookie,
}: CsrfInterceptorOptions): RequestInterceptor => {
  // Concurrent writes on a fresh page share one cookie fetch.
  let pending: Promise<unknown> | null = null;
  const ensureCookie = async () => {
    pending ??= fetchCsrfCookie().finally(() => {
      pending = null;
    });
    await pending;
  };

  return async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.headers.has('Authorization')) return request;
    let token = read(cookieName);
    if (token === null) {
      await ensureCookie();
      token = read(cookieName);
    }
    if (token !== null) request.headers.set(headerName, token);
    return request;
  };
};

/** Token mode: `Authorization: Bearer <token>` whenever a token is stored. */
export const createBearerTokenInterceptor =
  (getToken: () => string | null | Promise<string | null>): RequestInterceptor =>
  async (request) => {
    const token = await getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  };
