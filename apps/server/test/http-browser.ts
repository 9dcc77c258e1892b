import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TestBrowser } from './browser.js';

/**
 * A `TestBrowser` that goes over real HTTP to a listening app (`fetch`), as an attacker's
 * client does: the same cookies and XSRF header, through the socket, the parsers and every hook.
 * Its answers have the fields the tests read from `inject`'s.
 */
export class HttpBrowser extends TestBrowser {
  constructor(
    app: FastifyInstance,
    private readonly base: string,
  ) {
    super(app);
  }

  override async request(
    options: InjectOptions & { csrf?: boolean; bearer?: string },
  ): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
      ...(options.headers as Record<string, string> | undefined),
    };
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (write && options.csrf !== false && !options.bearer) {
      if (!this.xsrf) await this.request({ url: '/api/csrf-cookie' });
      headers['x-xsrf-token'] = this.xsrf!;
    }
    if (this.cookies.size > 0 && !options.bearer) headers.cookie = this.cookieHeader();
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    const payload = options.payload as unknown;
    if (payload instanceof Uint8Array) body = payload as Uint8Array<ArrayBuffer>;
    else if (typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.base}${String(options.url)}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const maxAge = attributes.find((a) => a.trim().toLowerCase().startsWith('max-age='));
      const expired =
        value === '' ||
        (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) ||
        (expires !== undefined && Date.parse(expires.split('=')[1]!) < Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const raw = Buffer.from(await response.arrayBuffer());
    const text = raw.toString('utf8');
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      rawPayload: raw,
      payload: text,
      json: () => JSON.parse(text) as unknown,
      cookies: [],
    } as unknown as LightMyRequestResponse;
  }
}
