import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount } from '../../../test/factories.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sampleUuid = '0196f3b0-9d7e-7b7a-8c1e-2f3a4b5c6d7e';
const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, sampleUuid);

describe(`CSRF on every state-changing route (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let player: TestBrowser;
  let trainer: TestBrowser;
  let stranger: TestBrowser;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    const playerAccount = await buildAccount(database.db);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    const strangerAccount = await buildAccount(database.db);
    player = new TestBrowser(app);
    await player.login(playerAccount.username, playerAccount.password);
    // The same browser is also signed in as a trainer, so trainer routes are reachable too.
    await player.login(trainerAccount.username, trainerAccount.password, 'trainer');
    trainer = player;
    stranger = new TestBrowser(app);
    await stranger.login(strangerAccount.username, strangerAccount.password);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const stateChanging = () =>
    app.registeredRoutes.filter((route) => UNSAFE.has(route.method) && !route.contract.csrfExempt);

  it('exempts only the token endpoints, which set no cookie', async () => {
    const exempt = app.registeredRoutes.filter((route) => route.contract.csrfExempt);
    expect(exempt.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/auth/token',
      'POST /api/trainer/auth/token',
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { cookie: player.cookieHeader() },
      payload: { username: 'nobody', password: 'x' },
    });
    expect(response.cookies).toEqual([]);
  });

  it('covers every state-changing route of the router', () => {
    const routes = stateChanging().map((route) => `${route.method} ${route.url}`);
    expect(routes).toContain('POST /api/auth/login');
    expect(routes).toContain('PUT /api/profile/password');
    expect(routes).toContain('POST /api/profile/password'); // the form twin of the PUT
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  const attacks: [string, (browser: TestBrowser) => Record<string, string>][] = [
    ['no header', () => ({})],
    ['a wrong token', () => ({ 'x-xsrf-token': 'not-the-token' })],
    ["another session's token", () => ({ 'x-xsrf-token': stranger.xsrf! })],
    ['the token in the cookie only', () => ({})],
  ];

  for (const [attack, headersOf] of attacks) {
    it(`answers 419 with ${attack}, and changes nothing`, async () => {
      const before = await snapshotDatabase(database.db);
      for (const route of stateChanging()) {
        const response = await app.inject({
          method: route.method as never,
          url: concrete(route.url),
          headers: {
            cookie: trainer.cookieHeader(),
            ...headersOf(trainer),
            'content-type': 'application/json',
          },
          payload: JSON.stringify({
            username: 'x',
            password: 'y',
            token: 'z',
            pseudo: 'Changed',
            avatarId: 'cipher',
            locale: 'fr',
          }),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(419);
        expect(response.json().error.code).toBe('auth.csrf_mismatch');
      }
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });
  }

  it('refuses a cookie-authenticated write from another origin', async () => {
    const response = await player.put(
      '/api/profile/locale',
      { locale: 'fr' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.origin_mismatch');
  });

  it('accepts the same write from our own origin', async () => {
    const response = await player.put(
      '/api/profile/locale',
      { locale: 'en' },
      { headers: { origin: 'http://localhost:80' } },
    );
    expect(response.statusCode).toBe(200);
  });
});
