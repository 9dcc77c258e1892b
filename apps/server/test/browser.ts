import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client for `app.inject`: keeps cookies between requests and, like the web
 * client, sends the XSRF-TOKEN cookie back in X-XSRF-TOKEN on writes (unless told not to).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get xsrf() {
    const value = this.cookies.get('XSRF-TOKEN');
    return value ? decodeURIComponent(value) : undefined;
  }

  async request(
    options: InjectOptions & { csrf?: boolean; bearer?: string },
  ): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      ...(options.headers as Record<string, string> | undefined),
    };
    if (this.cookies.size > 0 && !options.bearer) headers.cookie = this.cookieHeader();
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (write && options.csrf !== false && !options.bearer) {
      if (!this.xsrf) await this.request({ url: '/api/csrf-cookie' });
      headers['x-xsrf-token'] = this.xsrf!;
      headers.cookie = this.cookieHeader();
    }
    const { csrf: _csrf, bearer: _bearer, ...inject } = options;
    const response = await this.app.inject({ ...inject, method: method as never, headers });
    this.store(response);
    return response;
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && new Date(cookie.expires).getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get = (url: string, options: Partial<InjectOptions> & { bearer?: string } = {}) =>
    this.request({ ...options, url, method: 'GET' });
  post = (
    url: string,
    payload?: unknown,
    options: Partial<InjectOptions> & { csrf?: boolean; bearer?: string } = {},
  ) =>
    this.request({
      ...options,
      url,
      method: 'POST',
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  put = (
    url: string,
    payload?: unknown,
    options: Partial<InjectOptions> & { csrf?: boolean; bearer?: string } = {},
  ) =>
    this.request({
      ...options,
      url,
      method: 'PUT',
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  delete = (
    url: string,
    options: Partial<InjectOptions> & { csrf?: boolean; bearer?: string } = {},
  ) => this.request({ ...options, url, method: 'DELETE' });

  async login(username: string, password: string, side: 'player' | 'trainer' = 'player') {
    const path = side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login';
    const response = await this.post(path, { username, password });
    if (response.statusCode !== 200)
      throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
