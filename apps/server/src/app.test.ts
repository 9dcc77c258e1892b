import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { apiRoutes, defineRoute, errorBodySchema, socketRoutes } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/app.js';
import { TestBrowser } from '../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database.js';
import { buildAccount } from '../test/factories.js';
import { route } from './http/route.js';

const echo = defineRoute({
  method: 'POST',
  path: '/api/test/echo/{id}',
  summary: 'test route',
  tag: 'test',
  access: 'public',
  params: z.object({ id: z.uuid() }),
  body: z.object({ name: z.string().min(1).max(20) }).strict(),
  responses: { 200: z.object({ id: z.string(), name: z.string() }) },
});

const explode = defineRoute({
  method: 'GET',
  path: '/api/test/explode',
  summary: 'test route',
  tag: 'test',
  access: 'public',
  responses: { 200: z.object({}) },
});

const uuid = '0196f3b0-9d7e-7b7a-8c1e-2f3a4b5c6d7e';

const expectErrorShape = (body: string, code: string) => {
  const parsed = errorBodySchema.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return parsed;
};

describe(`HTTP application on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { APP_NAME: 'Cyber Range 42' }, (instance) => {
      route(instance, echo, async ({ params, body }) => ({ id: params.id, name: body.name }));
      route(instance, explode, async () => {
        throw new Error('secret internals: password=hunter2 at /srv/app.js:12');
      });
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('GET /api/app-info', () => {
    it('returns exactly the four keys of the spec, from configuration', async () => {
      const response = await app.inject({ url: '/api/app-info' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toStrictEqual({
        'app-name': 'Cyber Range 42',
        mentions: null,
        'available-locales': ['fr', 'en'],
        'go-home-enabled': true,
      });
    });

    it('uses sensible defaults and the configured mentions and go-home flag', async () => {
      const configured = await createTestApp(database, {
        APP_MENTIONS: 'Operated by the training centre',
        GO_HOME_ENABLED: 'false',
      });
      const body = (await configured.inject({ url: '/api/app-info' })).json();
      await configured.close();
      expect(body).toStrictEqual({
        'app-name': 'Rampart',
        mentions: 'Operated by the training centre',
        'available-locales': ['fr', 'en'],
        'go-home-enabled': false,
      });
    });
  });

  describe('GET /api/health', () => {
    it('reports the database as up', async () => {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        database: { kind: testDatabaseKind(), state: 'up' },
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('errors', () => {
    it('answers an unknown API route with a JSON 404 in the error shape', async () => {
      const response = await app.inject({ url: '/api/does-not-exist?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectErrorShape(response.body, 'request.not_found');
    });

    it('answers an unknown method on an API path with a JSON 404', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/app-info' });
      expect(response.statusCode).toBe(404);
      expectErrorShape(response.body, 'request.not_found');
    });

    it('rejects malformed JSON with 400 request.malformed', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "unterminated',
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.body, 'request.malformed');
    });

    it('rejects an unsupported content type with 415', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        headers: { 'content-type': 'application/xml' },
        payload: '<name>x</name>',
      });
      expect(response.statusCode).toBe(415);
      expectErrorShape(response.body, 'request.unsupported_media_type');
    });

    it('rejects a body over the limit with 413', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expectErrorShape(response.body, 'request.too_large');
    });

    it('rejects invalid fields with 422 and names them', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: '/api/test/echo/not-a-uuid',
        payload: { name: '' },
      });
      expect(response.statusCode).toBe(422);
      const body = expectErrorShape(response.body, 'request.invalid');
      expect(body.error.issues?.map((issue) => issue.path)).toEqual(['params.id']);

      const extra = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        payload: { name: 'ok', role: 'trainer' },
      });
      expect(extra.statusCode).toBe(422);
      expect(expectErrorShape(extra.body, 'request.invalid').error.issues?.[0]?.path).toBe('body');
    });

    it('rejects an empty JSON body with a 4xx', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      errorBodySchema.parse(response.json());
    });

    it('accepts a valid request through the same route', async () => {
      const response = await new TestBrowser(app).request({
        method: 'POST',
        url: `/api/test/echo/${uuid}`,
        payload: { name: 'Blue team' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: uuid, name: 'Blue team' });
    });

    it('hides internals in a 500', async () => {
      const response = await app.inject({ url: '/api/test/explode' });
      expect(response.statusCode).toBe(500);
      expectErrorShape(response.body, 'server.internal');
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('hunter2');
    });

    it('refuses to register an API route without a contract', async () => {
      await expect(
        createTestApp(database, {}, (instance) => {
          instance.get('/api/undeclared', async () => ({}));
        }),
      ).rejects.toThrow(/GET \/api\/undeclared has no contract/);
    });
  });

  describe('security headers', () => {
    it('lets nothing run, load or frame an API answer, with nosniff and no referrer', async () => {
      for (const url of ['/api/app-info', '/api/no-such-route']) {
        const response = await app.inject({ url });
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        // The document-only headers stay on documents.
        expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('adds HSTS to API answers and documents when the server is told it is behind HTTPS', async () => {
      const https = await createTestApp(database, { HSTS: 'true' });
      for (const url of ['/api/app-info', '/home']) {
        const response = await https.inject({ url });
        expect(response.headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
      await https.close();
    });
  });

  describe('GET /api/openapi.json', () => {
    it('is OpenAPI 3.1 and documents exactly the routes the app serves', async () => {
      const production = await createTestApp(database);
      const document = (await production.inject({ url: '/api/openapi.json' })).json() as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      };
      // Every API route as registered, the form twins of the PUTs included, and the WebSockets.
      const served = [
        ...production.registeredRoutes.map(
          ({ method, url }) => `${method} ${url.replace(/:([a-zA-Z_]+)/g, '{$1}')}`,
        ),
        ...socketRoutes.map((c) => `${c.method} ${c.path}`),
      ].sort();
      await production.close();

      expect(document.openapi).toBe('3.1.0');
      const documented = Object.entries(document.paths)
        .flatMap(([pathName, operations]) =>
          Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathName}`),
        )
        .sort();
      expect(documented).toEqual(served);
      expect(documented).toEqual(
        expect.arrayContaining(apiRoutes.map((c) => `${c.method} ${c.path}`)),
      );
      expect(document.paths['/api/app-info']?.get).toMatchObject({
        responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } },
      });
    });
  });
});

/** As apps/web's build writes it (build-plugins/first-load-files.ts). */
const firstLoad = {
  boot: ['/assets/schemas.js', '/assets/zod.js'],
  layouts: { default: ['/assets/header.js', '/assets/header.css'] },
  screens: {
    home: ['/assets/home.js', '/assets/zod.js'],
    sessionGame: ['/assets/game.js', '/assets/game.css', '/assets/zod.js'],
    display: ['/assets/display.js'],
  },
  catalogues: { en: ['/assets/en.js'], fr: ['/assets/fr.js'] },
};

/** What a page announces in its head, in order: `modulepreload` scripts, preloaded styles. */
const announced = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return [
    ...head.matchAll(
      /<link rel="(?:modulepreload|preload" as="style)" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g,
    ),
  ].map((match) => match[1]!);
};

/** The API answers a page announces in its head, in order, as the browser reads their URLs. */
const announcedReads = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return [
    ...head.matchAll(
      /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g,
    ),
  ].map((match) => match[1]!.replaceAll('&#38;', '&'));
};

describe('serving the web app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let webDist: string;
  /** The cookies of a signed-in player, of a signed-in trainer, and of a guest (no sign-in). */
  let player: string;
  let trainer: string;
  let guest: string;
  let playerToken: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    // Each page carries the boot shell's frame as apps/web builds it: named `rework`.
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="fr" dir="ltr"><head><title>Rampart</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><div class="boot-shell" data-layout="rework"></div>',
    );
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, '.vite', 'first-load.json'), JSON.stringify(firstLoad));
    fs.writeFileSync(
      path.join(webDist, 'login.html'),
      '<!doctype html><title>Rampart</title><meta name="page" content="login">',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(webDist, 'assets', 'index-Ab12Cd34.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(
      path.join(webDist, 'assets', 'index-Ab12Cd34.js.gz'),
      zlib.gzipSync('console.log(1)'),
    );
    fs.writeFileSync(
      path.join(webDist, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    database = await createTestDatabase();
    app = await createTestApp(database, { WEB_DIST: webDist });
    const signIn = async (role: 'player' | 'trainer') => {
      const account = await buildAccount(database.db, { role });
      const browser = new TestBrowser(app);
      const path = role === 'player' ? '/api/auth/login' : '/api/trainer/auth/login';
      const login = await browser.post(path, {
        username: account.username,
        password: account.password,
      });
      expect(login.statusCode).toBe(200);
      return { browser, account };
    };
    // The session cookies alone: the language tests set the `locale` cookie themselves.
    player = `rampart_session=${(await signIn('player')).browser.cookies.get('rampart_session')}`;
    trainer = `rampart_trainer_session=${(await signIn('trainer')).browser.cookies.get('rampart_trainer_session')}`;
    // A visitor who has only been to the sign-in page holds a guest session cookie.
    const visitor = new TestBrowser(app);
    await visitor.get('/api/csrf-cookie');
    guest = visitor.cookieHeader();
    expect(guest).toContain('rampart_session=');
    const { account } = await signIn('player');
    const issued = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: account.username, password: account.password },
    });
    playerToken = (issued.json() as { token: string }).token;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("gives documents the app's CSP: scripts from this origin only, no framing", async () => {
    const response = await app.inject({ url: '/home' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it("gives the build's files the short set of a file, not a document's", async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/no-such-file.js']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(response.headers[documentOnly]).toBeUndefined();
      }
    }
    // A file outside the build's folder may be opened as a page: it keeps the document's set.
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("sends the build's compressed copy of an asset to a browser that accepts it", async () => {
    const brotli = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('revalidates files whose names are not hashed', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/home', '/fr/home', '/sessions/abc/game', '/profile/sessions/xyz'])(
    'answers the screen %s with the app shell',
    async (url) => {
      const response = await app.inject({
        url,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Rampart</title>');
      expect(response.body).not.toContain('content="login"');
    },
  );

  it.each([
    ['/home', 'default'],
    ['/fr/home', 'default'],
    ['/en/sessions/abc/game', 'rework'],
    ['/trainer', 'default'],
    ['/display/some-token', 'display'],
    ['/no/such/page', 'error'],
  ])('paints %s in the frame of its layout before the script runs (%s)', async (url, layout) => {
    const response = await app.inject({
      url,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' },
    });
    expect(response.body).toContain(`<div class="boot-shell" data-layout="${layout}">`);
  });

  it.each([
    ['/en/home', 'en'],
    ['/en', 'en'],
    ['/fr/sessions/abc/game', 'fr'],
    ['/home', 'fr'],
  ])('names the language of %s in the page before the script runs (%s)', async (url, lang) => {
    const response = await app.inject({
      url,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' },
    });
    expect(response.body).toContain(`<html lang="${lang}" dir="ltr">`);
  });

  it.each(['/login', '/fr/login', '/en/auth/login', '/trainer/login', '/fr/trainer/login/'])(
    'answers the sign-in screen %s with the login page',
    async (url) => {
      const response = await app.inject({
        url: `${url}?redirect=%2Fhome`,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('content="login"');
    },
  );

  it("announces the screen's first files to a visitor who may be signed in", async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 Chrome/130' };
    const game = await app.inject({
      url: '/en/sessions/abc/game',
      headers: { ...browser, cookie: player },
    });
    // The boot's schemas, the page's catalogue, the screen's code: each once, after the page's
    // own script; the rework layout has no files of its own.
    expect(announced(game.body)).toEqual([
      '/assets/schemas.js',
      '/assets/zod.js',
      '/assets/en.js',
      '/assets/game.js',
      '/assets/game.css',
    ]);
    // The answers the guard and the screen ask for first, at the URLs they ask for.
    expect(announcedReads(game.body)).toEqual(['/api/auth/user', '/api/sessions/abc?locale=en']);
    expect(game.body.indexOf('modulepreload')).toBeGreaterThan(game.body.indexOf('index-Ab12Cd34'));
    expect(game.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/game.css">',
    );
    // The scripts do not hold back the page's first paint: the browser may let them wait.
    expect(game.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/game.js">',
    );
    expect(game.headers.vary).toBe('Cookie, Authorization, Accept-Language');

    const home = await app.inject({
      url: '/fr/home',
      headers: { ...browser, authorization: `Bearer ${playerToken}` },
    });
    expect(announcedReads(home.body)).toEqual([
      '/api/auth/user',
      '/api/home?locale=fr',
      '/api/support/threads',
    ]);
    expect(announced(home.body)).toEqual([
      '/assets/schemas.js',
      '/assets/zod.js',
      '/assets/fr.js',
      '/assets/header.js',
      '/assets/header.css',
      '/assets/home.js',
    ]);
  });

  it("does not announce a signed-in screen's files to a visitor the app will send to sign in", async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 Chrome/130' };
    for (const url of ['/en/sessions/abc/game', '/home', '/trainer', '/fr/trainer/players']) {
      const response = await app.inject({ url, headers: browser });
      expect(response.statusCode).toBe(200);
      expect(announced(response.body)).toEqual([]);
      expect(announcedReads(response.body)).toEqual([]);
    }
    // A player's cookie does not sign in to the console, nor a trainer's to a player's screen.
    const playerOnConsole = await app.inject({
      url: '/trainer',
      headers: { ...browser, cookie: player },
    });
    expect(announcedReads(playerOnConsole.body)).toEqual([]);
    const trainerOnGame = await app.inject({
      url: '/sessions/abc/game',
      headers: { ...browser, cookie: trainer },
    });
    expect(announcedReads(trainerOnGame.body)).toEqual([]);
    const console = await app.inject({ url: '/trainer', headers: { ...browser, cookie: trainer } });
    expect(announcedReads(console.body)).toEqual(['/api/trainer/auth/user']);
    expect(announced(console.body)).toEqual(expect.arrayContaining(['/assets/header.js']));
    // Nor does a guest's session cookie, nor a session that has ended, nor a token that is none.
    for (const headers of [
      { cookie: guest },
      { cookie: 'rampart_session=not-a-session' },
      { authorization: 'Bearer rmp_not-a-token' },
      { authorization: 'Bearer' },
    ]) {
      const response = await app.inject({ url: '/en/home', headers: { ...browser, ...headers } });
      expect(response.statusCode).toBe(200);
      expect(announcedReads(response.body)).toEqual([]);
      expect(announced(response.body)).toEqual([]);
    }
    // The projector's view needs no sign-in, and asks nobody who they are.
    const display = await app.inject({ url: '/en/display/some-token', headers: browser });
    expect(announcedReads(display.body)).toEqual([]);
    expect(announced(display.body)).toEqual([
      '/assets/schemas.js',
      '/assets/zod.js',
      '/assets/en.js',
      '/assets/display.js',
    ]);
    // The sign-in screens are another page, built with its own files; an unknown path is no
    // screen.
    const signedIn = { ...browser, cookie: player };
    for (const url of ['/en/login', '/trainer/login']) {
      const login = await app.inject({ url, headers: signedIn });
      expect(login.body).toContain('content="login"');
      expect(announced(login.body)).toEqual([]);
    }
    const unknown = await app.inject({ url: '/en/no/such/page', headers: signedIn });
    expect(announced(unknown.body)).toEqual([]);
  });

  it.each([
    ['/fr/home', 'locale=en', 'en-GB,en;q=0.9', '/assets/fr.js'],
    ['/home', 'locale=en', 'fr-FR,fr;q=0.9', '/assets/en.js'],
    ['/home', '', 'de-DE,de;q=0.9,en-US;q=0.8,fr;q=0.7', '/assets/en.js'],
    ['/home', '', 'de-DE', '/assets/fr.js'],
    ['/home', 'locale=xx', '', '/assets/fr.js'],
  ])(
    'announces the catalogue of the language the app will pick for %s (cookie "%s", browser "%s")',
    async (url, locale, languages, catalogue) => {
      const response = await app.inject({
        url,
        headers: {
          'user-agent': 'Mozilla/5.0 Chrome/130',
          cookie: [player, locale].filter(Boolean).join('; '),
          ...(languages ? { 'accept-language': languages } : {}),
        },
      });
      const catalogues = announced(response.body).filter((file) => /\/(en|fr)\.js$/.test(file));
      expect(catalogues).toEqual([catalogue]);
    },
  );

  it("writes a path's parameters into the page's links only percent-encoded", async () => {
    const response = await app.inject({
      url: '/en/sessions/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%26x/game',
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/130', cookie: player },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(announcedReads(response.body)).toEqual([
      '/api/auth/user',
      '/api/sessions/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%26x?locale=en',
    ]);
  });

  it('writes no file name into a page that is not one the build could have given', async () => {
    const listPath = path.join(webDist, '.vite', 'first-load.json');
    const hostile = {
      ...firstLoad,
      screens: { home: ['/assets/home.js"><script>alert(1)</script><link href="x.js'] },
    };
    const broken = [JSON.stringify(hostile), '{"boot": [', ''];
    try {
      for (const text of broken) {
        fs.writeFileSync(listPath, text);
        const response = await app.inject({
          url: '/home',
          headers: { 'user-agent': 'Mozilla/5.0 Chrome/130', cookie: player },
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('<script>alert');
        expect(announced(response.body)).toEqual([]);
      }
      fs.rmSync(listPath);
      const withoutList = await app.inject({
        url: '/home',
        headers: { cookie: player },
      });
      expect(withoutList.statusCode).toBe(200);
      expect(announced(withoutList.body)).toEqual([]);
    } finally {
      fs.writeFileSync(listPath, JSON.stringify(firstLoad));
    }
  });

  it('answers an unknown path with the app shell and status 404, for the not-found page', async () => {
    const response = await app.inject({
      url: '/no/such/page',
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/130' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Rampart</title>');
  });

  it('answers crawlers on an unknown path with the bare status', async () => {
    const response = await app.inject({
      url: '/no/such/page',
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<title>');
  });

  it('answers a missing asset with a bare 404, not the shell', async () => {
    const response = await app.inject({ url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
  });

  it('still answers unknown API paths in JSON', async () => {
    const response = await app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.body, 'request.not_found');
  });
});
