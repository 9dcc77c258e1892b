import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';

type Side = 'player' | 'trainer';

/** An API client asking for a bearer token: no cookie, no CSRF, from the address given. */
const requestToken = (
  app: FastifyInstance,
  side: Side,
  username: string,
  password: string,
  ip: string,
) =>
  app.inject({
    method: 'POST',
    url: side === 'player' ? '/api/auth/token' : '/api/trainer/auth/token',
    payload: { username, password },
    remoteAddress: ip,
  });

/** A person signing in with the web app's login form, from the address given. */
const signIn = (app: FastifyInstance, side: Side, username: string, password: string, ip: string) =>
  new TestBrowser(app).post(
    side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login',
    { username, password },
    { remoteAddress: ip },
  );

const statusesOf = (responses: LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);

const count = (statuses: number[], status: number) =>
  statuses.filter((candidate) => candidate === status).length;

const expectRefused = (response: LightMyRequestResponse, maxSeconds: number) => {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.code).toBe('auth.too_many_attempts');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
};

describe(`login throttles (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  /** The shipped limits: the attacks are played against what a deployment gets by default. */
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('no stranger locks a real user out', () => {
    it('eleven wrong passwords for a trainer on the player token endpoint leave the trainer in', async () => {
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const attacker = '203.0.113.11';
      for (let guess = 0; guess < 11; guess += 1) {
        await requestToken(app, 'player', trainer.username, `guess-${guess}`, attacker);
      }
      // Even from the attacker's own address: the player login counts nothing for trainers.
      const trainerLogin = await signIn(
        app,
        'trainer',
        trainer.username,
        trainer.password,
        attacker,
      );
      expect(trainerLogin.statusCode).toBe(200);
    });

    it('ten failures on a player account from another address leave the player in at their usual place', async () => {
      const player = await buildAccount(database.db);
      const home = '198.51.100.20';
      expect((await signIn(app, 'player', player.username, player.password, home)).statusCode).toBe(
        200,
      );
      const statuses: number[] = [];
      for (let guess = 0; guess < 10; guess += 1) {
        const response = await requestToken(
          app,
          'player',
          player.username,
          `guess-${guess}`,
          '203.0.113.20',
        );
        statuses.push(response.statusCode);
      }
      expect(count(statuses, 401)).toBe(10);
      const back = await signIn(app, 'player', player.username, player.password, home);
      expect(back.statusCode).toBe(200);
    });

    it('fifty failures from one address leave a classroom of 40 behind it signing in, typos and all', async () => {
      const nat = '192.0.2.50';
      const classroom = await Promise.all(
        Array.from({ length: 40 }, () => buildAccount(database.db)),
      );
      for (let guess = 0; guess < 50; guess += 1) {
        const target = classroom[guess % classroom.length]!;
        await requestToken(app, 'player', target.username, `guess-${guess}`, nat);
      }
      for (const student of classroom) {
        const typo = await signIn(app, 'player', student.username, `${student.password}x`, nat);
        expect(typo.statusCode).toBe(401);
        const login = await signIn(app, 'player', student.username, student.password, nat);
        expect(login.statusCode, student.username).toBe(200);
      }
    });
  });

  describe('past a limit, strangers are held back and the owner is not', () => {
    let strict: FastifyInstance;

    beforeAll(async () => {
      strict = await createTestApp(database, {
        LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '4',
        LOGIN_MAX_FAILURES_PER_IP: '5',
        LOGIN_ACCOUNT_FAILURES_BEFORE_DELAY: '3',
        LOGIN_ACCOUNT_DELAY_SECONDS: '60',
      });
    });

    afterAll(async () => {
      await strict.close();
    });

    it('failures from one address refuse strangers there, not a student who signed in from it before', async () => {
      const nat = '192.0.2.60';
      const regular = await buildAccount(database.db);
      const newcomer = await buildAccount(database.db);
      expect(
        (await signIn(strict, 'player', regular.username, regular.password, nat)).statusCode,
      ).toBe(200);
      for (let guess = 0; guess < 50; guess += 1) {
        await requestToken(strict, 'player', `someone_${guess}`, 'guess', nat);
      }
      const back = await signIn(strict, 'player', regular.username, regular.password, nat);
      expect(back.statusCode).toBe(200);
      expectRefused(await signIn(strict, 'player', newcomer.username, newcomer.password, nat), 900);
    });

    it('failures on an account from many addresses slow strangers to one attempt a minute, not the owner', async () => {
      const player = await buildAccount(database.db);
      const home = '198.51.100.70';
      expect(
        (await signIn(strict, 'player', player.username, player.password, home)).statusCode,
      ).toBe(200);
      const botnet = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          requestToken(strict, 'player', player.username, 'guess', `203.0.113.${100 + index}`),
        ),
      );
      const statuses = statusesOf(botnet);
      // Three failures before the delay, then one attempt in the minute, however many addresses.
      expect(count(statuses, 401)).toBe(4);
      expect(count(statuses, 429)).toBe(8);
      for (const refused of botnet.filter((response) => response.statusCode === 429)) {
        expectRefused(refused, 60);
      }
      // A stranger (the owner on a new network) waits for the next slot, at most a minute...
      expectRefused(
        await signIn(strict, 'player', player.username, player.password, '198.51.100.71'),
        60,
      );
      // ...and the owner at their usual place does not wait at all.
      const back = await signIn(strict, 'player', player.username, player.password, home);
      expect(back.statusCode).toBe(200);
    });
    it('takes a new IPv6 address in the owner’s /64 for their usual place', async () => {
      const player = await buildAccount(database.db);
      expect(
        (await signIn(strict, 'player', player.username, player.password, '2001:db8:7:7::1'))
          .statusCode,
      ).toBe(200);
      for (let index = 0; index < 6; index += 1) {
        await requestToken(strict, 'player', player.username, 'guess', `203.0.113.${120 + index}`);
      }
      expectRefused(
        await signIn(strict, 'player', player.username, player.password, '2001:db8:8:8::1'),
        60,
      );
      const back = await signIn(
        strict,
        'player',
        player.username,
        player.password,
        '2001:db8:7:7:a1b2:c3d4:e5f6:1234',
      );
      expect(back.statusCode).toBe(200);
    });
  });

  describe('guessing stays bounded', () => {
    let strict: FastifyInstance;

    beforeAll(async () => {
      strict = await createTestApp(database, {
        LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '4',
        LOGIN_MAX_FAILURES_PER_IP: '6',
        LOGIN_ACCOUNT_FAILURES_BEFORE_DELAY: '8',
      });
    });

    afterAll(async () => {
      await strict.close();
    });

    it('one address gets the pair limit of guesses at one account, even at the owner’s usual place', async () => {
      const player = await buildAccount(database.db);
      const home = '198.51.100.80';
      expect(
        (await signIn(strict, 'player', player.username, player.password, home)).statusCode,
      ).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: 10 }, () =>
          requestToken(strict, 'player', player.username, 'guess', home),
        ),
      );
      const statuses = statusesOf(burst);
      expect(count(statuses, 401)).toBe(4);
      expect(count(statuses, 429)).toBe(6);
      for (const refused of burst.filter((response) => response.statusCode === 429)) {
        expectRefused(refused, 900);
      }
    });

    it('counts a host changing addresses inside its IPv6 /64 as one address', async () => {
      const player = await buildAccount(database.db);
      // One after another: sent at once, the pair's and the address's counters could be reached
      // in different orders, and the address limit refuse a guess the pair limit let through.
      // Bursts are bounded by the tests above; this one is about what counts as one address.
      const rotating: LightMyRequestResponse[] = [];
      for (let index = 0; index < 10; index += 1)
        rotating.push(
          await requestToken(
            strict,
            'player',
            player.username,
            'guess',
            `2001:db8:9:9::${index + 1}`,
          ),
        );
      const statuses = statusesOf(rotating);
      expect(count(statuses, 401)).toBe(4);
      expect(count(statuses, 429)).toBe(6);
    });

    it('one address spraying many accounts gets the per-address limit of guesses', async () => {
      const accounts = await Promise.all(
        Array.from({ length: 10 }, () => buildAccount(database.db)),
      );
      const spray = await Promise.all(
        accounts.map((account) =>
          requestToken(strict, 'player', account.username, 'guess', '203.0.113.90'),
        ),
      );
      const statuses = statusesOf(spray);
      expect(count(statuses, 401)).toBe(6);
      expect(count(statuses, 429)).toBe(4);
    });

    it('one address guessing single-use login links gets the per-address limit, then a Retry-After', async () => {
      const guesses: LightMyRequestResponse[] = [];
      for (let guess = 0; guess < 8; guess += 1) {
        guesses.push(
          await new TestBrowser(strict).post(
            '/api/auth/magic-login',
            { token: `made-up-${guess}` },
            { remoteAddress: '203.0.113.93' },
          ),
        );
      }
      expect(count(statusesOf(guesses), 404)).toBe(6);
      for (const refused of guesses.slice(6)) expectRefused(refused, 900);
    });

    it('keeps the two interfaces apart: guesses at a trainer on the player side are not trainer guesses', async () => {
      const trainer = await buildAccount(database.db, { role: 'trainer' });
      const attacker = '203.0.113.95';
      for (let guess = 0; guess < 4; guess += 1) {
        await requestToken(strict, 'player', trainer.username, 'guess', attacker);
      }
      const trainerSide = await Promise.all(
        Array.from({ length: 6 }, () =>
          requestToken(strict, 'trainer', trainer.username, 'guess', attacker),
        ),
      );
      expect(count(statusesOf(trainerSide), 401)).toBe(4);
    });
  });

  it('a node whose clock runs ahead of the database still says how long the window has left', async () => {
    // Retry-After is counted on the database clock that set the window, not on the node's.
    const ahead = { now: () => new Date(Date.now() + 10 * 60_000) };
    const skewed = await createTestApp(database, {}, undefined, ahead);
    try {
      const player = await buildAccount(database.db);
      const statuses: number[] = [];
      let refused: LightMyRequestResponse | undefined;
      for (let guess = 0; guess < 11; guess += 1) {
        const response = await requestToken(
          skewed,
          'player',
          player.username,
          `g${guess}`,
          '203.0.113.90',
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused = response;
      }
      expect(count(statuses, 429)).toBe(1);
      expectRefused(refused!, 900);
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(800);
    } finally {
      await skewed.close();
    }
  });
});
