import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount } from '../../../test/factories.js';

describe(`profile (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const signedIn = async (overrides: Parameters<typeof buildAccount>[1] = {}) => {
    const account = await buildAccount(database.db, overrides);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return { account, browser };
  };

  describe('password change', () => {
    it('ends every other session and token, keeps this browser signed in on a new session', async () => {
      const { account, browser } = await signedIn();
      const other = new TestBrowser(app, 'Mozilla/5.0 (Android 14) Chrome/130');
      await other.login(account.username, account.password);
      const token = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: account.username, password: account.password },
        })
      ).json().token;
      const before = browser.cookies.get('rampart_session');

      const response = await browser.put('/api/profile/password', {
        currentPassword: account.password,
        password: 'New#Passw0rd',
        passwordConfirmation: 'New#Passw0rd',
      });
      expect(response.statusCode).toBe(204);
      expect(browser.cookies.get('rampart_session')).not.toBe(before);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
      expect((await other.get('/api/auth/user')).statusCode).toBe(401);
      expect((await browser.get('/api/auth/user', { bearer: token })).statusCode).toBe(401);
      expect(
        (
          await new TestBrowser(app).post('/api/auth/login', {
            username: account.username,
            password: account.password,
          })
        ).statusCode,
      ).toBe(401);
      await new TestBrowser(app).login(account.username, 'New#Passw0rd');
      // The first write after the change needs no extra call either.
      expect((await browser.put('/api/profile/locale', { locale: 'fr' })).statusCode).toBe(200);
    });

    it.each([
      ['short', 'Ab#1', ['length']],
      ['no uppercase', 'abcdef#1', ['uppercase']],
      ['no digit', 'Abcdefg#', ['digit']],
      ['no symbol', 'Abcdefg1', ['symbol']],
      ['none of them', 'abc', ['length', 'uppercase', 'digit', 'symbol']],
    ])('refuses a new password that is %s', async (_label, password, _rules) => {
      const { account, browser } = await signedIn();
      const before = await snapshotDatabase(database.db);
      const response = await browser.put('/api/profile/password', {
        currentPassword: account.password,
        password,
        passwordConfirmation: password,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.issues).toEqual([
        { path: 'body.password', message: 'password.too_weak' },
      ]);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });

    it('refuses a confirmation that differs and a wrong current password', async () => {
      const { account, browser } = await signedIn();
      const mismatch = await browser.put('/api/profile/password', {
        currentPassword: account.password,
        password: 'New#Passw0rd',
        passwordConfirmation: 'New#Passw0rd!',
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().error.issues).toEqual([
        { path: 'body.passwordConfirmation', message: 'password.confirmation_mismatch' },
      ]);
      const wrong = await browser.put('/api/profile/password', {
        currentPassword: 'not-it',
        password: 'New#Passw0rd',
        passwordConfirmation: 'New#Passw0rd',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.code).toBe('profile.wrong_password');
    });

    it('accepts the change as a multipart form posted with _method=PUT', async () => {
      const { account, browser } = await signedIn();
      const boundary = 'rampartboundary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const payload =
        field('_method', 'PUT') +
        field('currentPassword', account.password) +
        field('password', 'Form#Passw0rd') +
        field('passwordConfirmation', 'Form#Passw0rd') +
        `--${boundary}--\r\n`;
      const response = await browser.request({
        method: 'POST',
        url: '/api/profile/password',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.statusCode).toBe(204);
      await new TestBrowser(app).login(account.username, 'Form#Passw0rd');
    });

    it('refuses a POST to a PUT route without _method=PUT', async () => {
      const { browser } = await signedIn();
      const response = await browser.post('/api/profile/pseudo', { pseudo: 'Someone' });
      expect(response.statusCode).toBe(405);
    });
  });

  describe('pseudo', () => {
    it('changes it, must differ from the old one, and must be free', async () => {
      const { account, browser } = await signedIn({ pseudo: 'Neo' });
      expect(
        (await browser.put('/api/profile/pseudo', { pseudo: 'Trinity' })).json().user.pseudo,
      ).toBe('Trinity');
      expect((await browser.get('/api/auth/user')).json().user.pseudo).toBe('Trinity');
      const same = await browser.put('/api/profile/pseudo', { pseudo: 'Trinity' });
      expect(same.statusCode).toBe(422);
      expect(same.json().error.code).toBe('profile.pseudo_unchanged');
      await buildAccount(database.db, { pseudo: 'Morpheus' });
      const taken = await browser.put('/api/profile/pseudo', { pseudo: 'morpheus' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('profile.pseudo_taken');
      expect(account.id).toBeDefined();
    });

    it.each([
      ['10,000 characters', 'x'.repeat(10_000)],
      ['HTML', '<img src=x onerror=alert(1)>'],
      ['a script', '<script>alert(1)</script>'],
      ['one character', 'x'],
      ['only spaces', '     '],
    ])('refuses a pseudo of %s with 422, storing nothing', async (_label, pseudo) => {
      const { browser } = await signedIn();
      const before = await snapshotDatabase(database.db);
      const response = await browser.put('/api/profile/pseudo', { pseudo });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('request.invalid');
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });
  });

  describe('mass assignment', () => {
    it('cannot set a role or an id through a profile change', async () => {
      const { account, browser } = await signedIn();
      const response = await browser.put('/api/profile/pseudo', {
        pseudo: 'Sneaky',
        role: 'trainer',
        id: 'x',
      });
      expect(response.statusCode).toBe(422);
      const row = await database.db
        .selectFrom('account')
        .selectAll()
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('player');
      expect(row.pseudo).toBe(account.pseudo);
    });
  });

  describe('avatar and language', () => {
    it('lists the avatars with their bonuses and saves the choice', async () => {
      const { browser } = await signedIn();
      const { avatars } = (await browser.get('/api/avatars')).json();
      expect(avatars.length).toBeGreaterThanOrEqual(6);
      expect(avatars).toContainEqual({
        id: 'sentinel',
        bonus: { kind: 'speedrun_extra_time', percent: 5 },
      });
      const chosen = await browser.put('/api/profile/avatar', { avatarId: 'sentinel' });
      expect(chosen.json().user.avatarId).toBe('sentinel');
      expect((await browser.put('/api/profile/avatar', { avatarId: 'unknown' })).statusCode).toBe(
        422,
      );
    });

    it('saves the language on the account and in the locale cookie', async () => {
      const { account, browser } = await signedIn({ locale: 'en' });
      const response = await browser.put('/api/profile/locale', { locale: 'fr' });
      const cookie = response.cookies.find((candidate) => candidate.name === 'locale')!;
      expect(cookie).toMatchObject({
        value: 'fr',
        path: '/',
        sameSite: 'Lax',
        maxAge: 365 * 86_400,
      });
      const row = await database.db
        .selectFrom('account')
        .select('locale')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.locale).toBe('fr');
    });
  });

  it("follows the login page's language until the holder chooses one, then keeps the choice", async () => {
    const loginIn = async (
      account: { username: string; password: string },
      locale: 'fr' | 'en',
      side: 'player' | 'trainer' = 'player',
    ) => {
      const browser = new TestBrowser(app);
      const response = await browser.post(
        side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login',
        { username: account.username, password: account.password, locale },
      );
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((candidate) => candidate.name === 'locale');
      expect(cookie?.value).toBe(response.json().user.locale);
      return { browser, locale: response.json().user.locale as string };
    };

    // Never chosen: each login follows the page, on the account and in the cookie.
    const trainer = await buildAccount(database.db, { role: 'trainer', locale: 'fr' });
    expect((await loginIn(trainer, 'en', 'trainer')).locale).toBe('en');
    expect((await loginIn(trainer, 'fr', 'trainer')).locale).toBe('fr');
    const player = await buildAccount(database.db, { locale: 'fr' });
    expect((await loginIn(player, 'en')).locale).toBe('en');

    // Chosen on the profile: a login page in another language leaves it as it is.
    const { browser } = await loginIn(player, 'en');
    expect((await browser.put('/api/profile/locale', { locale: 'fr' })).statusCode).toBe(200);
    expect((await loginIn(player, 'en')).locale).toBe('fr');
    const row = await database.db
      .selectFrom('account')
      .select(['locale', 'locale_chosen'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locale: 'fr', locale_chosen: true });

    // A login without the page's language (an older client) changes nothing.
    const other = await buildAccount(database.db, { locale: 'fr' });
    const plain = new TestBrowser(app);
    await plain.login(other.username, other.password);
    expect((await plain.get('/api/auth/user')).json().user.locale).toBe('fr');
    expect(
      (
        await new TestBrowser(app).post('/api/auth/login', {
          username: other.username,
          password: other.password,
          locale: 'de',
        })
      ).statusCode,
    ).toBe(422);
  });

  describe('security: active sessions', () => {
    it('lists sessions with device and activity, ends one, the others, or all', async () => {
      const { account, browser } = await signedIn();
      const phone = new TestBrowser(app, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/605.1');
      await phone.login(account.username, account.password);
      const laptop = new TestBrowser(app, 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0');
      await laptop.login(account.username, account.password);

      const sessions = (await browser.get('/api/profile/sessions')).json().sessions;
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
      type Listed = { id: string; device: { browser: string; os: string } };
      expect(
        sessions.map((session: Listed) => `${session.device.browser}/${session.device.os}`).sort(),
      ).toEqual(['Chrome/Windows', 'Firefox/Linux', 'Safari/iOS']);

      const phoneSession = sessions.find((session: Listed) => session.device.os === 'iOS');
      expect((await browser.delete(`/api/profile/sessions/${phoneSession.id}`)).statusCode).toBe(
        204,
      );
      expect((await phone.get('/api/auth/user')).statusCode).toBe(401);

      expect((await browser.post('/api/profile/sessions/logout-others')).statusCode).toBe(204);
      expect((await laptop.get('/api/auth/user')).statusCode).toBe(401);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);

      expect((await browser.post('/api/profile/sessions/logout-all')).statusCode).toBe(204);
      expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
    });

    it("cannot end another account's session (no IDOR)", async () => {
      const victim = await signedIn();
      const attacker = await signedIn();
      const victimSession = (await victim.browser.get('/api/profile/sessions')).json().sessions[0];
      const response = await attacker.browser.delete(`/api/profile/sessions/${victimSession.id}`);
      expect(response.statusCode).toBe(404);
      expect((await victim.browser.get('/api/auth/user')).statusCode).toBe(200);
      const live = await sql<{
        n: number;
      }>`select count(*)::int as n from auth_session where public_id = ${victimSession.id} and revoked_at is null`.execute(
        database.db,
      );
      expect(live.rows[0]?.n).toBe(1);
    });
  });

  it('shows the profile: the account and since when it exists', async () => {
    const { account, browser } = await signedIn();
    const profile = (await browser.get('/api/profile')).json();
    expect(profile).toEqual({
      user: expect.objectContaining({ uuid: account.id }),
      createdAt: expect.any(String),
    });
    expect(new Date(profile.createdAt).getTime()).toBeGreaterThan(0);
  });
});
