import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import {
  OTHER_CLIENT,
  RAMPART_CLIENT,
  signInAtProvider,
  startTestProvider,
  type ProviderUser,
  type TestProvider,
} from '../../../test/oidc-provider.js';

const CALLBACK = 'http://localhost/api/auth/oidc/callback';

/** A person of the organisation, with names no other test uses. */
const person = (claims: Record<string, unknown> = {}): ProviderUser => {
  const suffix = randomBytes(3).toString('hex');
  return {
    subject: `sub-${suffix}`,
    login: `ada${suffix}`,
    password: `pw-${suffix}`,
    claims: { name: `Ada ${suffix}`, email: `ada${suffix}@school.example`, ...claims },
  };
};

describe(`sign-in through the identity provider (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let provider: TestProvider;
  let app: FastifyInstance;
  /** How far the server's clock runs ahead of the machine's. */
  let clockOffsetMs = 0;
  /** An ID token a man in the middle puts in place of the one the provider sent Rampart. */
  let substituteIdToken: string | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = await startTestProvider({
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: ['http://localhost/login', 'http://localhost/trainer/login'],
      users: [],
      idTokenTtlSeconds: 60,
    });
    app = await buildApp({
      config: testConfig({
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: RAMPART_CLIENT.id,
        OIDC_CLIENT_SECRET: RAMPART_CLIENT.secret,
        OIDC_TRAINER_CLAIM: 'roles',
        OIDC_TRAINER_VALUES: 'trainer,teacher',
        OIDC_LABEL: 'Test organisation',
      }),
      database,
      logger: false,
      clock: { now: () => new Date(Date.now() + clockOffsetMs) },
      oidcFetch: async (url, init) => {
        const response = await fetch(url, init);
        if (!substituteIdToken || !url.endsWith('/token')) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, id_token: substituteIdToken }, { status: response.status });
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await provider.close();
    await database.close();
  });

  /** From the login page's button to Rampart's answer to the provider's redirect back. */
  const signIn = async (
    browser: TestBrowser,
    user: ProviderUser,
    iface: 'player' | 'trainer' = 'player',
    tamper: (callback: URL) => void = () => {},
  ) => {
    const start = await browser.get(`/api/auth/oidc/start?interface=${iface}`);
    expect(start.statusCode, start.body).toBe(302);
    const back = new URL(await signInAtProvider(start.headers.location as string, user));
    tamper(back);
    return browser.get(`${back.pathname}${back.search}`);
  };

  const signedInUser = async (browser: TestBrowser, iface: 'player' | 'trainer' = 'player') => {
    const response = await browser.get(
      iface === 'player' ? '/api/auth/user' : '/api/trainer/auth/user',
    );
    return response.statusCode === 200 ? response.json().user : null;
  };

  it('announces the provider to the login pages', async () => {
    const info = (await app.inject({ url: '/api/app-info' })).json();
    expect(info['sign-in-provider']).toEqual({ label: 'Test organisation', trainers: true });
  });

  it('creates a player at the first sign-in, with the session and CSRF cookies of a login', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    const start = await browser.get('/api/auth/oidc/start');
    const flight = start.cookies.find((cookie) => cookie.name === 'rampart_oidc')!;
    expect(flight).toMatchObject({ httpOnly: true, path: '/api/auth/oidc', maxAge: 600 });
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();

    const back = new URL(await signInAtProvider(authorization.href, ada));
    const done = await browser.get(`${back.pathname}${back.search}`);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const session = done.cookies.find((cookie) => cookie.name === 'rampart_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(done.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toBeDefined();
    // The identity-provider cookie lives only while the sign-in is in flight.
    expect(done.cookies.find((cookie) => cookie.name === 'rampart_oidc')?.value).toBe('');
    expect(browser.cookies.has('rampart_oidc')).toBe(false);

    const user = await signedInUser(browser);
    expect(user).toMatchObject({ username: ada.login, role: 'player' });
    // The CSRF token works for writes, as after a password login.
    const pseudo = await browser.put('/api/profile/pseudo', { pseudo: `Renamed ${ada.login}` });
    expect(pseudo.statusCode, pseudo.body).toBeLessThan(300);
  });

  it('goes on to the page the visitor was going to, and never to another site', async () => {
    const ada = person();
    provider.addUser(ada);
    const go = async (redirect: string) => {
      const browser = new TestBrowser(app);
      const start = await browser.get(
        `/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`,
      );
      const back = new URL(await signInAtProvider(start.headers.location as string, ada));
      return (await browser.get(`${back.pathname}${back.search}`)).headers.location;
    };
    expect(await go('/en/sessions/42/join?team=1')).toBe('/en/sessions/42/join?team=1');
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example/'])
      expect(await go(away)).toBe('/');
  });

  it('opens the same account at the second sign-in', async () => {
    const ada = person();
    provider.addUser(ada);
    const first = new TestBrowser(app);
    await signIn(first, ada);
    const second = new TestBrowser(app);
    expect((await signIn(second, ada)).headers.location).toBe('/');
    const [one, two] = [await signedInUser(first), await signedInUser(second)];
    expect(two.uuid).toBe(one.uuid);
    const accounts = await database.db
      .selectFrom('account_identity')
      .select('account_id')
      .where('subject', '=', ada.subject)
      .execute();
    expect(accounts).toEqual([{ account_id: one.uuid }]);
  });

  it('gives one account to simultaneous first sign-ins of one person', async () => {
    const ada = person();
    provider.addUser(ada);
    const browsers = [new TestBrowser(app), new TestBrowser(app), new TestBrowser(app)];
    const returns = await Promise.all(
      browsers.map(async (browser) => {
        const start = await browser.get('/api/auth/oidc/start');
        return new URL(await signInAtProvider(start.headers.location as string, ada));
      }),
    );
    // The three returns race to create the account.
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        browser.get(`${returns[index]!.pathname}${returns[index]!.search}`),
      ),
    );
    expect(answers.map((answer) => answer.headers.location)).toEqual(['/', '/', '/']);
    const uuids = await Promise.all(
      browsers.map(async (browser) => (await signedInUser(browser)).uuid),
    );
    expect(new Set(uuids).size).toBe(1);
    const accounts = await database.db
      .selectFrom('account')
      .select('id')
      .where('username', 'like', `${ada.login}%`)
      .execute();
    expect(accounts).toEqual([{ id: uuids[0] }]);
  });

  it('finds accounts by subject, never by name: a local account of that name is not taken over', async () => {
    const local = await buildAccount(database.db);
    const namesake = { ...person(), login: local.username };
    provider.addUser(namesake);
    const browser = new TestBrowser(app);
    expect((await signIn(browser, namesake)).headers.location).toBe('/');
    const user = await signedInUser(browser);
    expect(user.uuid).not.toBe(local.id);
    expect(user.username).not.toBe(local.username);
    expect(user.username.startsWith(`${local.username}-`)).toBe(true);
  });

  it('lets a trainer by the role claim into the trainer interface, and no one else', async () => {
    const teacher = person({ roles: ['staff', 'teacher'] });
    const student = person({ roles: ['student'] });
    provider.addUser(teacher);
    provider.addUser(student);

    const trainerBrowser = new TestBrowser(app);
    const done = await signIn(trainerBrowser, teacher, 'trainer');
    expect(done.headers.location).toBe('/trainer');
    expect(done.cookies.find((cookie) => cookie.name === 'rampart_trainer_session')).toBeDefined();
    expect(await signedInUser(trainerBrowser, 'trainer')).toMatchObject({ role: 'trainer' });

    const studentBrowser = new TestBrowser(app);
    const refused = await signIn(studentBrowser, student, 'trainer');
    expect(refused.headers.location).toBe('/trainer/login?signInError=auth.oidc_no_account');
    expect(
      refused.cookies.find((cookie) => cookie.name === 'rampart_trainer_session'),
    ).toBeUndefined();
    expect(await signedInUser(studentBrowser, 'trainer')).toBeNull();
  });

  it('refuses a forged state, and a return this browser never started', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    const forged = await signIn(browser, ada, 'player', (back) =>
      back.searchParams.set('state', 'forged-by-the-attacker'),
    );
    expect(forged.headers.location).toBe('/login?signInError=auth.oidc_state_mismatch');
    expect(await signedInUser(browser)).toBeNull();

    // Login CSRF: the attacker's own code, sent to a victim's browser that started nothing.
    const attacker = new TestBrowser(app);
    const start = await attacker.get('/api/auth/oidc/start');
    const back = new URL(await signInAtProvider(start.headers.location as string, ada));
    const victim = new TestBrowser(app);
    const planted = await victim.get(`${back.pathname}${back.search}`);
    expect(planted.headers.location).toBe('/login?signInError=auth.oidc_state_mismatch');
    expect(await signedInUser(victim)).toBeNull();
  });

  it('refuses a replayed code, even with the cookie of its sign-in', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    const start = await browser.get('/api/auth/oidc/start');
    const flight = browser.cookies.get('rampart_oidc')!;
    const back = new URL(await signInAtProvider(start.headers.location as string, ada));
    expect((await browser.get(`${back.pathname}${back.search}`)).headers.location).toBe('/');

    const replay = new TestBrowser(app);
    replay.cookies.set('rampart_oidc', flight);
    const replayed = await replay.get(`${back.pathname}${back.search}`);
    expect(replayed.headers.location).toBe('/login?signInError=auth.oidc_rejected');
    expect(await signedInUser(replay)).toBeNull();
  });

  it('refuses an ID token issued to another application (wrong audience)', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    const start = await browser.get('/api/auth/oidc/start');
    const ours = new URL(start.headers.location as string);
    // A genuine token of the same provider for the same person and nonce, but another client.
    const theirs = new URL(ours);
    theirs.searchParams.set('client_id', OTHER_CLIENT.id);
    theirs.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const code = new URL(await signInAtProvider(theirs.href, ada)).searchParams.get('code')!;
    const exchanged = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        client_id: OTHER_CLIENT.id,
        client_secret: OTHER_CLIENT.secret,
      }),
    });
    const otherToken = ((await exchanged.json()) as { id_token: string }).id_token;
    expect(otherToken).toBeTruthy();

    substituteIdToken = otherToken;
    try {
      const back = new URL(await signInAtProvider(ours.href, ada));
      const refused = await browser.get(`${back.pathname}${back.search}`);
      expect(refused.headers.location).toBe('/login?signInError=auth.oidc_invalid_token');
    } finally {
      substituteIdToken = null;
    }
    expect(await signedInUser(browser)).toBeNull();
  });

  it('refuses an expired ID token', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    const start = await browser.get('/api/auth/oidc/start');
    const back = new URL(await signInAtProvider(start.headers.location as string, ada));
    // The token lives 60 s; the browser comes back five minutes later (the sign-in's own
    // ten minutes have not run out).
    clockOffsetMs = 5 * 60_000;
    try {
      const refused = await browser.get(`${back.pathname}${back.search}`);
      expect(refused.headers.location).toBe('/login?signInError=auth.oidc_invalid_token');
    } finally {
      clockOffsetMs = 0;
    }
    expect(await signedInUser(browser)).toBeNull();
  });

  it('signs out of the provider too, for a session opened through it (RP-initiated logout)', async () => {
    const ada = person();
    provider.addUser(ada);
    const browser = new TestBrowser(app);
    await signIn(browser, ada);
    const logout = await browser.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    const endSession = new URL(logout.json().endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('client_id')).toBe(RAMPART_CLIENT.id);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/login');
    expect(await signedInUser(browser)).toBeNull();

    const local = await buildAccount(database.db);
    const localBrowser = new TestBrowser(app);
    await localBrowser.login(local.username, local.password);
    expect((await localBrowser.post('/api/auth/logout')).statusCode).toBe(204);
  });

  it("lets a trainer link a local player account to the provider's subject", async () => {
    const trainer = await buildAccount(database.db, { role: 'trainer' });
    const local = await buildAccount(database.db);
    const other = await buildAccount(database.db);
    const ada = person();
    provider.addUser(ada);
    const trainerBrowser = new TestBrowser(app);
    await trainerBrowser.login(trainer.username, trainer.password, 'trainer');
    const linked = await trainerBrowser.put(`/api/trainer/players/${local.id}/identity`, {
      subject: ada.subject,
    });
    expect(linked.statusCode, linked.body).toBe(204);

    const browser = new TestBrowser(app);
    await signIn(browser, ada);
    expect((await signedInUser(browser)).uuid).toBe(local.id);

    const taken = await trainerBrowser.put(`/api/trainer/players/${other.id}/identity`, {
      subject: ada.subject,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('auth.identity_taken');

    const player = new TestBrowser(app);
    await player.login(other.username, other.password);
    const byPlayer = await player.put(`/api/trainer/players/${other.id}/identity`, {
      subject: 'mine',
    });
    expect(byPlayer.statusCode).toBe(401);
  });
  it('shows a trainer the link of a player, and lets the trainer unlink it, audited', async () => {
    const trainer = await buildAccount(database.db, { role: 'trainer' });
    const local = await buildAccount(database.db);
    const ada = person();
    provider.addUser(ada);
    const trainerBrowser = new TestBrowser(app);
    await trainerBrowser.login(trainer.username, trainer.password, 'trainer');
    const identityPath = `/api/trainer/players/${local.id}/identity`;
    expect((await trainerBrowser.get(identityPath)).json()).toEqual({ identity: null });
    await trainerBrowser.put(identityPath, { subject: ada.subject });
    expect((await trainerBrowser.get(identityPath)).json()).toEqual({
      identity: { issuer: provider.issuer, subject: ada.subject },
    });

    const unlinked = await trainerBrowser.delete(identityPath);
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect((await trainerBrowser.get(identityPath)).json()).toEqual({ identity: null });
    // Unlinking again changes nothing and records nothing.
    expect((await trainerBrowser.delete(identityPath)).statusCode).toBe(204);
    const audited = await database.db
      .selectFrom('trainer_audit')
      .select(['action', 'details'])
      .where('account_id', '=', trainer.id)
      .where('target_uuid', '=', local.id)
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.action)).toEqual([
      'player.identity_linked',
      'player.identity_unlinked',
    ]);

    // The person's next sign-in no longer opens the local account.
    const browser = new TestBrowser(app);
    await signIn(browser, ada);
    expect((await signedInUser(browser)).uuid).not.toBe(local.id);

    const missing = await trainerBrowser.delete(
      '/api/trainer/players/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4aff/identity',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('account.not_found');
    const player = new TestBrowser(app);
    await player.login(local.username, local.password);
    expect((await player.get(identityPath)).statusCode).toBe(401);
    expect((await player.delete(identityPath)).statusCode).toBe(401);
  });
});

describe(`with an identity provider out of reach (${testDatabaseKind()})`, () => {
  it('sends the browser back to the login page with a translated reason', async () => {
    const database = await createTestDatabase();
    // A port nothing listens on: discovery fails, and is tried again at the next sign-in.
    const app = await createTestApp(database, {
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: RAMPART_CLIENT.id,
      OIDC_CLIENT_SECRET: RAMPART_CLIENT.secret,
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const start = await app.inject({ url: '/api/auth/oidc/start' });
        expect(start.statusCode).toBe(302);
        expect(start.headers.location).toBe('/login?signInError=auth.oidc_unavailable');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe(`without an identity provider (${testDatabaseKind()})`, () => {
  it('shows no button and refuses the sign-in routes', async () => {
    const database = await createTestDatabase();
    const app = await createTestApp(database);
    try {
      const info = (await app.inject({ url: '/api/app-info' })).json();
      expect(info).not.toHaveProperty('sign-in-provider');
      const start = await app.inject({ url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().error.code).toBe('auth.oidc_disabled');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
