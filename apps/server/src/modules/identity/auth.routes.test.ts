import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount, TEST_PASSWORD } from '../../../test/factories.js';

const sampleUuid = '0196f3b0-9d7e-7b7a-8c1e-2f3a4b5c6d7e';
const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, sampleUuid);

describe(`identity and access (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      LOGIN_WINDOW_SECONDS: '2',
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('login', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie and a readable XSRF-TOKEN', async () => {
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      const response = await browser.login(account.username, account.password);
      const session = response.cookies.find((cookie) => cookie.name === 'rampart_session')!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session.secure).toBeFalsy();
      const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!;
      expect(xsrf.httpOnly).toBeFalsy();
      expect(xsrf.sameSite).toBe('Lax');
      expect(response.json().user).toMatchObject({
        uuid: account.id,
        username: account.username,
        role: 'player',
        avatarId: null,
        capabilities: expect.arrayContaining(['game.play', 'profile.manage']),
      });
      expect(response.body).not.toContain('password');
    });

    it('marks cookies Secure behind HTTPS', async () => {
      const secureApp = await createTestApp(database, { TRUST_PROXY: '127.0.0.1' });
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(secureApp);
      const response = await browser.post(
        '/api/auth/login',
        { username: account.username, password: account.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      await secureApp.close();
      expect(response.statusCode).toBe(200);
      for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBe(true);
    });

    it('gives a new session id at login, and the previous one opens nothing (no fixation)', async () => {
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      await browser.get('/api/csrf-cookie');
      const planted = browser.cookies.get('rampart_session');
      expect(planted).toBeDefined();
      await browser.login(account.username, account.password);
      const fresh = browser.cookies.get('rampart_session');
      expect(fresh).not.toBe(planted);
      const attacker = await app.inject({
        url: '/api/auth/user',
        headers: { cookie: `rampart_session=${planted}` },
      });
      expect(attacker.statusCode).toBe(401);
    });

    it('lets the first write after login through with no extra call', async () => {
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      await browser.login(account.username, account.password);
      const before = browser.xsrf;
      const response = await browser.put('/api/profile/locale', { locale: 'fr' });
      expect(browser.xsrf).toBe(before);
      expect(response.statusCode).toBe(200);
    });

    it('answers the same for an unknown user and a wrong password', async () => {
      const account = await buildAccount(database.db);
      const unknown = await new TestBrowser(app).post('/api/auth/login', {
        username: 'nobody_here',
        password: 'x',
      });
      const wrong = await new TestBrowser(app).post('/api/auth/login', {
        username: account.username,
        password: 'nope',
      });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json().error.code).toBe('auth.invalid_credentials');
    });

    it('refuses a trainer on the player login and a player on the trainer login', async () => {
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const player = await buildAccount(database.db);
      const asPlayer = await new TestBrowser(app).post('/api/auth/login', {
        username: trainer.username,
        password: trainer.password,
      });
      const asTrainer = await new TestBrowser(app).post('/api/trainer/auth/login', {
        username: player.username,
        password: player.password,
      });
      expect(asPlayer.statusCode).toBe(401);
      expect(asTrainer.statusCode).toBe(401);
    });

    it('answers 429 after a burst of failures, and lets the owner in after the window', async () => {
      const account = await buildAccount(database.db);
      const attacker = new TestBrowser(app);
      await attacker.get('/api/csrf-cookie');
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          attacker.post('/api/auth/login', { username: account.username, password: 'guess' }),
        ),
      );
      const statuses = answers.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(9);
      const limited = answers.find((response) => response.statusCode === 429)!;
      expect(limited.json().error.code).toBe('auth.too_many_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Even the right password waits for the window to pass.
      const owner = new TestBrowser(app);
      expect(
        (
          await owner.post('/api/auth/login', {
            username: account.username,
            password: account.password,
          })
        ).statusCode,
      ).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(
        (
          await owner.post('/api/auth/login', {
            username: account.username,
            password: account.password,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('the per-address limit', () => {
    const burst = async (
      proxyApp: FastifyInstance,
      forwarded: (index: number) => string,
      remoteAddress = '127.0.0.1',
    ) => {
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const browser = new TestBrowser(proxyApp);
        const response = await browser.post(
          '/api/auth/login',
          { username: `unknown_${index}`, password: 'guess' },
          { headers: { 'x-forwarded-for': forwarded(index) }, remoteAddress },
        );
        statuses.push(response.statusCode);
      }
      return statuses;
    };

    it('ignores X-Forwarded-For from an untrusted peer: rotating it does not escape the limit', async () => {
      const direct = await createTestApp(database, { LOGIN_MAX_FAILURES_PER_IP: '3' });
      const statuses = await burst(direct, (index) => `203.0.113.${index}`, '192.0.2.77');
      await direct.close();
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it('counts per client address behind a configured proxy', async () => {
      const proxied = await createTestApp(database, {
        LOGIN_MAX_FAILURES_PER_IP: '3',
        TRUST_PROXY: '127.0.0.1',
      });
      const statuses = await burst(proxied, (index) => `198.51.100.${index}`);
      await proxied.close();
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    });
  });

  describe('bad input', () => {
    const cases: [string, unknown][] = [
      ['an empty username', { username: '', password: 'x' }],
      ['an empty password', { username: 'alice', password: '' }],
      ['a 1 MB username', { username: 'a'.repeat(1024 * 1024), password: 'x' }],
      ['a 1 MB password', { username: 'alice', password: 'p'.repeat(1024 * 1024) }],
      ['extra fields', { username: 'alice', password: 'x', role: 'trainer' }],
      ['a number as username', { username: 42, password: 'x' }],
      ['no body at all', undefined],
    ];
    for (const [label, payload] of cases) {
      it(`answers 422 to ${label}, stores nothing`, async () => {
        const before = await snapshotDatabase(database.db);
        const browser = new TestBrowser(app);
        await browser.get('/api/csrf-cookie');
        const response = await browser.post('/api/auth/login', payload);
        expect(response.statusCode).toBe(422);
        expect(response.json().error.code).toBe('request.invalid');
        expect(await snapshotDatabase(database.db)).toEqual(before);
      });
    }

    it('answers a non-UTF-8 username with a 4xx, never a 5xx', async () => {
      const browser = new TestBrowser(app);
      await browser.get('/api/csrf-cookie');
      const payload = Buffer.concat([
        Buffer.from('{"username":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('","password":"x"}'),
      ]);
      const response = await browser.request({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('the two interfaces', () => {
    it('a player cookie opens no trainer route and a trainer cookie no player route', async () => {
      const player = await buildAccount(database.db);
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const playerBrowser = new TestBrowser(app);
      await playerBrowser.login(player.username, player.password);
      const trainerBrowser = new TestBrowser(app);
      await trainerBrowser.login(trainer.username, trainer.password, 'trainer');

      const protectedRoutes = app.registeredRoutes.filter(
        (route) => route.contract.access === 'player' || route.contract.access === 'trainer',
      );
      expect(protectedRoutes.some((route) => route.contract.access === 'trainer')).toBe(true);
      for (const route of protectedRoutes) {
        const wrongSide = route.contract.access === 'trainer' ? playerBrowser : trainerBrowser;
        const response = await wrongSide.request({
          method: route.method as never,
          url: concrete(route.url),
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });

    it('keeps both sessions apart in one browser', async () => {
      const player = await buildAccount(database.db);
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const browser = new TestBrowser(app);
      await browser.login(player.username, player.password);
      await browser.login(trainer.username, trainer.password, 'trainer');
      expect((await browser.get('/api/auth/user')).json().user.uuid).toBe(player.id);
      expect((await browser.get('/api/trainer/auth/user')).json().user.uuid).toBe(trainer.id);
      expect((await browser.post('/api/trainer/auth/logout')).statusCode).toBe(204);
      expect((await browser.get('/api/trainer/auth/user')).statusCode).toBe(401);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends the session, rotates the cookie and sends a fresh token', async () => {
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      await browser.login(account.username, account.password);
      const oldSession = browser.cookies.get('rampart_session');
      const oldXsrf = browser.xsrf;
      const response = await browser.post('/api/auth/logout');
      expect(response.statusCode).toBe(204);
      expect(browser.cookies.get('rampart_session')).not.toBe(oldSession);
      expect(browser.xsrf).not.toBe(oldXsrf);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
      const replay = await app.inject({
        url: '/api/auth/user',
        headers: { cookie: `rampart_session=${oldSession}` },
      });
      expect(replay.statusCode).toBe(401);
    });

    it('answers 401 to a logout without a session', async () => {
      const response = await new TestBrowser(app).post('/api/auth/logout');
      expect(response.statusCode).toBe(401);
    });
  });

  describe('bearer tokens', () => {
    it('work on player routes without CSRF, are stored hashed, and end on logout', async () => {
      const account = await buildAccount(database.db);
      const client = new TestBrowser(app);
      const issued = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: {
          username: account.username,
          password: account.password,
          deviceName: 'CI script',
        },
      });
      expect(issued.statusCode).toBe(200);
      const { token, tokenType } = issued.json();
      expect(tokenType).toBe('Bearer');
      expect(token).toMatch(/^rmp_/);
      const stored = await sql<{
        id_hash: string;
      }>`select id_hash from auth_session where kind = 'token'`.execute(database.db);
      expect(stored.rows.map((row) => row.id_hash)).not.toContain(token);

      expect((await client.get('/api/auth/user', { bearer: token })).json().user.uuid).toBe(
        account.id,
      );
      expect(
        (await client.put('/api/profile/locale', { locale: 'fr' }, { bearer: token })).statusCode,
      ).toBe(200);
      const sessions = (await client.get('/api/profile/sessions', { bearer: token })).json()
        .sessions;
      expect(sessions).toEqual([
        expect.objectContaining({
          device: { name: 'CI script', browser: null, os: null },
          kind: 'token',
          current: true,
        }),
      ]);
      expect((await client.post('/api/auth/logout', undefined, { bearer: token })).statusCode).toBe(
        204,
      );
      expect((await client.get('/api/auth/user', { bearer: token })).statusCode).toBe(401);
    });

    it('a player token opens no trainer route', async () => {
      const account = await buildAccount(database.db);
      const issued = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: account.username, password: account.password },
      });
      const response = await new TestBrowser(app).get('/api/trainer/auth/user', {
        bearer: issued.json().token,
      });
      expect(response.statusCode).toBe(401);
      // Every trainer route of the route table, not only the one above.
      const trainerRoutes = app.registeredRoutes.filter(
        (route) => route.contract.access === 'trainer',
      );
      for (const route of trainerRoutes) {
        const refused = await new TestBrowser(app).request({
          method: route.method as never,
          url: concrete(route.url),
          payload: {},
          bearer: issued.json().token,
        });
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });

    it('refuses a forged token', async () => {
      const response = await new TestBrowser(app).get('/api/auth/user', { bearer: 'rmp_forged' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('magic login links', () => {
    const issue = async (playerId: string) => {
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const browser = new TestBrowser(app);
      await browser.login(trainer.username, trainer.password, 'trainer');
      return browser.post(`/api/trainer/players/${playerId}/magic-links`);
    };

    it('logs a player in once; the second use is invalid', async () => {
      const player = await buildAccount(database.db);
      const issued = await issue(player.id);
      expect(issued.statusCode).toBe(201);
      const { url, token, expiresAt } = issued.json();
      expect(url).toBe(`http://localhost:80/login?magic=${token}`);
      expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

      const browser = new TestBrowser(app);
      const first = await browser.post('/api/auth/magic-login', { token });
      expect(first.statusCode).toBe(200);
      expect(first.json().user.uuid).toBe(player.id);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);

      const second = await new TestBrowser(app).post('/api/auth/magic-login', { token });
      expect(second.statusCode).toBe(404);
      expect(second.json().error.code).toBe('auth.magic_link_invalid');
    });

    it('a link used by two requests at once logs in exactly one', async () => {
      const player = await buildAccount(database.db);
      const { token } = (await issue(player.id)).json();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          new TestBrowser(app).post('/api/auth/magic-login', { token }),
        ),
      );
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    });

    it('an expired link is refused as expired', async () => {
      const player = await buildAccount(database.db);
      const { token } = (await issue(player.id)).json();
      await sql`update magic_link set expires_at = now() - interval '1 second' where account_id = ${player.id}`.execute(
        database.db,
      );
      const response = await new TestBrowser(app).post('/api/auth/magic-login', { token });
      expect(response.statusCode).toBe(410);
      expect(response.json().error.code).toBe('auth.magic_link_expired');
    });

    it('an unknown link is invalid', async () => {
      const response = await new TestBrowser(app).post('/api/auth/magic-login', {
        token: 'made-up',
      });
      expect(response.json().error.code).toBe('auth.magic_link_invalid');
    });

    it('only for players, and not when the deployment disables them', async () => {
      const trainerTarget = await buildAccount(database.db, { role: 'trainer' });
      expect((await issue(trainerTarget.id)).statusCode).toBe(404);
      const disabled = await createTestApp(database, { MAGIC_LINKS_ENABLED: 'false' });
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const player = await buildAccount(database.db);
      const browser = new TestBrowser(disabled);
      await browser.login(trainer.username, trainer.password, 'trainer');
      const refused = await browser.post(`/api/trainer/players/${player.id}/magic-links`);
      const consumed = await new TestBrowser(disabled).post('/api/auth/magic-login', {
        token: 'anything',
      });
      await disabled.close();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('auth.magic_link_disabled');
      expect(consumed.json().error.code).toBe('auth.magic_link_disabled');
    });

    it('a player cannot issue links', async () => {
      const player = await buildAccount(database.db);
      const browser = new TestBrowser(app);
      await browser.login(player.username, player.password);
      const response = await browser.post(`/api/trainer/players/${player.id}/magic-links`);
      expect(response.statusCode).toBe(401);
    });
  });

  describe('inactivity', () => {
    it('ends a cookie session idle longer than the timeout, saying so', async () => {
      const clock = testClock();
      const idleApp = await createTestApp(
        database,
        { IDLE_TIMEOUT_MINUTES: '30', SESSION_CACHE_SECONDS: '0' },
        undefined,
        clock,
      );
      const account = await buildAccount(database.db);
      const browser = new TestBrowser(idleApp);
      await browser.login(account.username, account.password);
      clock.advance(29 * 60_000);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
      await sql`update auth_session set last_activity_at = now() - interval '31 minutes' where account_id = ${account.id}`.execute(
        database.db,
      );
      clock.advance(31 * 60_000);
      const expired = await browser.get('/api/auth/user');
      await idleApp.close();
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('auth.session_expired');
    });
  });

  it('the demo password itself satisfies the password rules', async () => {
    const { brokenPasswordRules } = await import('@rampart/contracts');
    expect(brokenPasswordRules('Rampart#2025')).toEqual([]);
    expect(brokenPasswordRules(TEST_PASSWORD)).toEqual([]);
  });
});
