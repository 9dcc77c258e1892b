import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from './api-client';
import { createBearerTokenInterceptor, createCsrfInterceptor } from './api-interceptors';

const request = (method: ApiRequest['method'], headers: HeadersInit = {}): ApiRequest => ({
  url: '/api/x',
  method,
  headers: new Headers(headers),
  body: undefined,
  signal: undefined,
});

describe('CSRF interceptor', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'sends the cookie back on %s',
    async (method) => {
      const interceptor = createCsrfInterceptor({
        fetchCsrfCookie: vi.fn(),
        readCookie: () => 'token-1',
      });
      const result = await interceptor(request(method));
      expect(result.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    },
  );

  it('leaves GET alone', async () => {
    const fetchCsrfCookie = vi.fn();
    const interceptor = createCsrfInterceptor({ fetchCsrfCookie, readCookie: () => null });
    const result = await interceptor(request('GET'));
    expect(result.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(fetchCsrfCookie).not.toHaveBeenCalled();
  });

  it('fetches the cookie once for concurrent writes when it is missing', async () => {
    let cookie: string | null = null;
    const fetchCsrfCookie = vi.fn(async () => {
      await Promise.resolve();
      cookie = 'fresh';
    });
    const interceptor = createCsrfInterceptor({ fetchCsrfCookie, readCookie: () => cookie });
    const results = await Promise.all([
      interceptor(request('POST')),
      interceptor(request('DELETE')),
    ]);
    expect(fetchCsrfCookie).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.headers.get('X-XSRF-TOKEN'))).toEqual(['fresh', 'fresh']);
  });

  it('needs no CSRF token for a bearer-authenticated request', async () => {
    const fetchCsrfCookie = vi.fn();
    const interceptor = createCsrfInterceptor({ fetchCsrfCookie, readCookie: () => null });
    const result = await interceptor(request('POST', { Authorization: 'Bearer abc' }));
    expect(result.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(fetchCsrfCookie).not.toHaveBeenCalled();
  });

  it('honours a configured cookie and header name', async () => {
    const readCookie = vi.fn(() => 'v');
    const interceptor = createCsrfInterceptor({
      fetchCsrfCookie: vi.fn(),
      readCookie,
      cookieName: 'C',
      headerName: 'X-C',
    });
    expect((await interceptor(request('POST'))).headers.get('X-C')).toBe('v');
    expect(readCookie).toHaveBeenCalledWith('C');
  });
});

describe('bearer token interceptor', () => {
  it('adds Authorization when a token is stored, nothing otherwise', async () => {
    let token: string | null = null;
    const interceptor = createBearerTokenInterceptor(() => token);
    expect((await interceptor(request('GET'))).headers.has('Authorization')).toBe(false);
    token = 'abc';
    expect((await interceptor(request('GET'))).headers.get('Authorization')).toBe('Bearer abc');
  });
});
