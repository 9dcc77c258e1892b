import { Writable } from 'node:stream';
import { errorBodySchema } from '@rampart/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.js';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { testClock } from '../../test/clock.js';
import { buildChapter } from '../../test/content-factories.js';
import {
  encodedBodyOf,
  hostileString,
  paramsOf,
  queryOf,
} from '../../test/contract-arbitraries.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { buildAccount, TEST_PASSWORD } from '../../test/factories.js';
import { sessionWithTeams } from '../../test/session-factories.js';

/**
 * Requests drawn from the contracts, sent to every API route as a player, a trainer and a
 * stranger: whatever they hold, the answer is never a 5xx, an error has Rampart's shape, every
 * answer has the API's security headers, and nothing is logged above info level. The suite runs
 * a bounded number; `npm run fuzz` runs many more (FUZZ_RUNS) and prints the count by status.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 1200);
/** A failure prints its seed: FUZZ_SEED replays that run. */
const seed = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

/** A lone surrogate cannot go into a URL: it is sent as U+FFFD, as a browser would. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Caller = 'player' | 'trainer' | 'anonymous';

describe(`every route, fuzzed from the contracts (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const warnings: string[] = [];
  const clock = testClock();
  const callers: Record<Caller, TestBrowser> = {} as never;
  const accounts: Record<'player' | 'trainer', string> = {} as never;
  /** Ids that exist, so that many requests get past "not found" into the services. */
  const known: string[] = [];

  let logins = 0;
  /**
   * Signs a caller in again, each time from another loopback address: the fuzz's own failed
   * logins from 127.0.0.1 soon reach the per-address limit, as they should.
   */
  const logIn = async (side: 'player' | 'trainer') => {
    const attempt = async () => {
      const browser = new TestBrowser(app);
      logins += 1;
      const response = await browser.post(
        side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login',
        { username: accounts[side], password: TEST_PASSWORD },
        { remoteAddress: `127.1.${Math.floor(logins / 250)}.${logins % 250}` },
      );
      return response.statusCode === 200 ? browser : null;
    };
    let browser = await attempt();
    if (!browser) {
      // The trainer of the fuzz may have deleted the account or reset its password.
      accounts[side] = (await buildAccount(database.db, { role: side })).username;
      browser = await attempt();
    }
    expect(browser).not.toBeNull();
    callers[side] = browser!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'warn' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(line);
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      logger: { ...loggerOptions(config), stream },
      sessionClock: clock,
    });
    await app.ready();
    const trainer = await buildAccount(database.db, { role: 'trainer' });
    accounts.trainer = trainer.username;
    await logIn('trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', flag: { accepted: ['FLAG'] }, files: [{ name: 'notes.txt' }] },
            { type: 'single_choice' },
            { type: 'multiple_choice' },
          ],
        },
      ],
    });
    const mission = chapter.missions[0]!;
    let captain: TestBrowser | undefined;
    const game = await sessionWithTeams({
      trainer: callers.trainer,
      missionUuid: mission.uuid,
      signIn: async () => {
        const account = await buildAccount(database.db);
        accounts.player = account.username;
        const browser = new TestBrowser(app);
        await browser.login(account.username, account.password);
        known.push(account.id);
        captain ??= browser;
        return browser;
      },
      clock,
      teams: 2,
    });
    callers.player = captain!;
    accounts.player = (await captain!.get('/api/auth/user')).json().user.username;
    callers.anonymous = new TestBrowser(app);
    known.push(
      chapter.uuid,
      mission.uuid,
      game.uuid,
      ...game.teamUuids,
      ...mission.objectives.map((objective) => objective.uuid),
      trainer.id,
    );
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it(
    'answers every request with a non-5xx status, the error shape and the security headers',
    async () => {
      // Routes by name, so that a failure prints "POST /api/…" rather than a whole contract.
      const routes = new Map(
        app.registeredRoutes.map((route) => [
          `${route.method} ${route.url}`,
          { ...route, methodOverride: route.method !== route.contract.method },
        ]),
      );
      // Written at start-up by design (this test serves no web build): not a request's.
      warnings.length = 0;
      const ids = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...known) },
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom('1', '0', '-1', '99999999999') },
      );
      const request = fc
        .record({
          route: fc.constantFrom(...routes.keys()),
          xsrf: fc.oneof(
            { weight: 10, arbitrary: fc.constant('valid' as const) },
            { weight: 1, arbitrary: hostileString },
          ),
          bearer: fc.oneof(
            { weight: 12, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: hostileString },
          ),
          // Sent as they are by a stranger (the signed-in callers send their own cookies).
          cookie: fc.oneof(
            { weight: 8, arbitrary: fc.constant(null) },
            {
              weight: 1,
              arbitrary: fc
                .tuple(
                  fc.constantFrom('rampart_session', 'rampart_trainer_session', 'locale'),
                  hostileString,
                )
                .map(([name, value]) => `${name}=${value}`),
            },
          ),
          userAgent: fc.oneof(
            { weight: 8, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: hostileString },
          ),
          acceptLanguage: fc.oneof(
            { weight: 8, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: hostileString },
          ),
        })
        .chain((base) => {
          const route = routes.get(base.route)!;
          const access = route.contract.access;
          // Mostly the caller the route is for, so that requests get past authentication.
          const caller: fc.Arbitrary<Caller> =
            access === 'player' || access === 'trainer'
              ? fc.oneof(
                  { weight: 6, arbitrary: fc.constant(access) },
                  {
                    weight: 1,
                    arbitrary: fc.constantFrom<Caller>('player', 'trainer', 'anonymous'),
                  },
                )
              : fc.constantFrom<Caller>('player', 'trainer', 'anonymous');
          return fc.record({
            base: fc.constant(base),
            caller,
            params: paramsOf(route.contract, ids),
            query: queryOf(route.contract, ids),
            body: encodedBodyOf(route.contract, ids, { methodOverride: route.methodOverride }),
          });
        });

      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request, async ({ base, caller, params, query, body }) => {
          const route = routes.get(base.route)!;
          // An event stream that opens never ends: the strangers' refusals are what is tried.
          if (route.contract.produces === 'text/event-stream' && caller !== 'anonymous') return;
          const path = route.url.replace(/:([a-zA-Z_]+)/g, (_, name: string) =>
            encodeURIComponent(wellFormed(params[name] ?? '')),
          );
          const search = new URLSearchParams(query).toString();
          const browser = callers[caller];
          const headers: Record<string, string> = { ...body.headers };
          if (base.xsrf !== 'valid') headers['x-xsrf-token'] = base.xsrf;
          if (base.bearer !== null) headers.authorization = `Bearer ${base.bearer}`;
          if (base.cookie !== null) headers.cookie = base.cookie;
          if (base.userAgent !== null) headers['user-agent'] = base.userAgent;
          if (base.acceptLanguage !== null) headers['accept-language'] = base.acceptLanguage;
          const response = await browser.request({
            method: route.method as never,
            url: search ? `${path}?${search}` : path,
            headers,
            ...(body.payload === undefined ? {} : { payload: body.payload }),
            ...(base.xsrf === 'valid' ? {} : { csrf: false }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const what = `${route.method} ${path}?${search} as ${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          expect(response.headers['x-content-type-options'], what).toBe('nosniff');
          expect(response.headers['content-security-policy'], what).toBeDefined();
          if (response.statusCode >= 400) {
            expect(errorBodySchema.safeParse(response.json()).success, what).toBe(true);
          }
          expect(warnings, what).toEqual([]);
          // A request may have ended this caller's session (logout, password, revocation).
          if (caller !== 'anonymous' && /logout|password|\/sessions\/|auth/.test(route.url))
            if (
              (await callers[caller].get(`/api/${caller === 'player' ? '' : 'trainer/'}auth/user`))
                .statusCode !== 200
            )
              await logIn(caller);
        }),
        { numRuns: runs, endOnFailure: true, ...seed },
      );
      const counts = [...statuses].sort(([a], [b]) => a - b);
      console.log(
        `fuzz (${testDatabaseKind()}): ${runs} runs, ${counts.reduce((sum, [, n]) => sum + n, 0)} requests by status: ${counts.map(([status, n]) => `${status}: ${n}`).join(', ')}`,
      );
    },
    Math.max(120_000, runs * 100),
  );
});
