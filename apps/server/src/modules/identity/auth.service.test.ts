import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sha256 } from '../../lib/secrets.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { createAuthService, type Principal } from './auth.service.js';
import { createIdentityRepository, type LiveSession } from './identity.repository.js';

const meta = { ip: '127.0.0.1', userAgent: null };
const CACHE_SECONDS = 5;

describe(`session look-ups (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  /**
   * An auth service on the test database whose look-ups are counted (the sessions asked for,
   * query by query), on a clock the test moves; `hold()` keeps the next look-ups from
   * answering until `release()`.
   */
  const authService = () => {
    const repo = createIdentityRepository(database.db);
    const queries: string[][] = [];
    const touches: string[][] = [];
    let touchesHeld: Promise<void> | null = null;
    let held: Promise<void> | null = null;
    let release = () => {};
    const clock = { ms: Date.now(), now: () => new Date(clock.ms) };
    const auth = createAuthService({
      repo: {
        ...repo,
        findLiveSessions: async (idHashes: readonly string[]): Promise<LiveSession[]> => {
          queries.push([...idHashes]);
          const rows = await repo.findLiveSessions(idHashes);
          if (held) await held;
          return rows;
        },
        touchSessions: async (idHashes: readonly string[]) => {
          touches.push([...idHashes]);
          await touchesHeld;
          return repo.touchSessions(idHashes);
        },
      },
      rateLimits: createRateLimitRepository(database.db),
      config: { ...testConfig().auth, sessionCacheSeconds: CACHE_SECONDS },
      clock,
    });
    return {
      auth,
      queries,
      touches,
      clock,
      hold: () => {
        held = new Promise((resolve) => {
          release = () => {
            held = null;
            resolve();
          };
        });
      },
      release: () => release(),
      /** Holds the next writes of activity until the function it answers is called. */
      holdTouches: () => {
        let resume = () => {};
        touchesHeld = new Promise((resolve) => (resume = resolve));
        return () => {
          touchesHeld = null;
          resume();
        };
      },
    };
  };

  const signIn = async (auth: ReturnType<typeof authService>['auth']) => {
    const account = await buildAccount(database.db);
    const { secret } = await auth.login('player', account.username, account.password, meta);
    return { account, credential: { kind: 'cookie' as const, value: secret } };
  };

  const accountOf = (principal: Principal | 'expired' | null) =>
    principal !== null && principal !== 'expired' ? principal.accountId : principal;

  it('answers a burst of requests for one session with a single query, then from the cache', async () => {
    const { auth, queries } = authService();
    const { account, credential } = await signIn(auth);

    const principals = await Promise.all(
      Array.from({ length: 50 }, () => auth.authenticate(credential, 'player')),
    );
    expect(principals.map(accountOf)).toEqual(Array.from({ length: 50 }, () => account.id));
    expect(queries).toHaveLength(1);
    await auth.authenticate(credential, 'player');
    expect(queries).toHaveLength(1);
  });

  it('writes the activity of the sessions due at once in one statement, each request waiting for its own', async () => {
    const { auth, touches, clock, holdTouches } = authService();
    const players = await Promise.all(Array.from({ length: 12 }, () => signIn(auth)));
    const hashes = players.map(({ credential }) => sha256(credential.value));
    const activityOf = async () =>
      new Map(
        (
          await database.db
            .selectFrom('auth_session')
            .select(['id_hash', 'last_activity_at'])
            .where('id_hash', 'in', hashes)
            .execute()
        ).map((row) => [row.id_hash, row.last_activity_at.getTime()]),
      );
    const signedInAt = await activityOf();
    await new Promise((resolve) => setTimeout(resolve, 20));

    // A minute after the last sign-in (signing twelve in takes a while on a loaded machine, and
    // each session's activity is the database's time of its sign-in), a burst of the twelve
    // players' requests: one statement writes the first eight.
    clock.ms = Math.max(...signedInAt.values()) + 61_000;
    const release = holdTouches();
    const first = players
      .slice(0, 8)
      .map(({ credential }) => auth.authenticate(credential, 'player'));
    await expect.poll(() => touches.length).toBe(1);
    expect([...touches[0]!].sort()).toEqual(hashes.slice(0, 8).sort());
    // Due while that statement runs: they wait, and go together in the next one.
    const second = players
      .slice(8)
      .map(({ credential }) => auth.authenticate(credential, 'player'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(touches).toHaveLength(1);
    let answered = 0;
    for (const request of [...first, ...second]) void request.then(() => (answered += 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(0); // each request waits for its session's write
    release();
    const principals = await Promise.all([...first, ...second]);
    expect(principals.map(accountOf)).toEqual(players.map(({ account }) => account.id));
    expect(touches).toHaveLength(2);
    expect([...touches[1]!].sort()).toEqual(hashes.slice(8).sort());
    const written = await activityOf();
    for (const hash of hashes) expect(written.get(hash)).toBeGreaterThan(signedInAt.get(hash)!);

    // Written: the next requests within the minute write nothing.
    await Promise.all(players.map(({ credential }) => auth.authenticate(credential, 'player')));
    expect(touches).toHaveLength(2);
  });

  it('lets a request share the look-up already running for its session, unless the session ended since', async () => {
    const { auth, queries, hold, release } = authService();
    const { account, credential } = await signIn(auth);

    hold();
    const first = auth.authenticate(credential, 'player');
    await expect.poll(() => queries.length).toBe(1);
    const second = auth.authenticate(credential, 'player');
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries).toHaveLength(1);
    release();
    expect((await Promise.all([first, second])).map(accountOf)).toEqual([account.id, account.id]);

    // Signed out on this node while a look-up that read the session as live is running: a
    // request after that reads the session again, and the stale answer fills no cache.
    const other = await signIn(auth);
    hold();
    const before = auth.authenticate(other.credential, 'player');
    await expect.poll(() => queries.length).toBe(2);
    await auth.endSession(sha256(other.credential.value));
    const after = auth.authenticate(other.credential, 'player');
    await expect.poll(() => queries.length).toBe(3);
    release();
    await before;
    expect(await after).toBeNull();
    expect(await auth.authenticate(other.credential, 'player')).toBeNull();
  });

  it("tells whether a credential is signed in without touching its session: an idle one is still the guard's to end", async () => {
    const { auth, clock } = authService();
    const { credential } = await signIn(auth);
    expect(await auth.isSignedIn(credential, 'player')).toBe(true);
    expect(await auth.isSignedIn(credential, 'trainer')).toBe(false);
    expect(await auth.isSignedIn({ kind: 'cookie', value: 'no-such-session' }, 'player')).toBe(
      false,
    );
    expect(await auth.isSignedIn({ kind: 'token', value: credential.value }, 'player')).toBe(false);

    // Idle past the timeout: not signed in, and the session is left as it was, so that the
    // guard's own look-up still finds it expired and says so (the login page tells why).
    clock.ms += (testConfig().auth.idleTimeoutMinutes + 1) * 60_000;
    expect(await auth.isSignedIn(credential, 'player')).toBe(false);
    const revoked = await sql<{ revoked: boolean }>`
      select revoked_at is not null as revoked from auth_session where id_hash = ${sha256(credential.value)}
    `.execute(database.db);
    expect(revoked.rows[0]?.revoked).toBe(false);
    expect(await auth.authenticate(credential, 'player')).toBe('expired');
    expect(accountOf(await auth.authenticate(credential, 'player'))).toBeNull();
  });

  it('tells an open stream whether its sign-in still holds: ended, idle in a browser, or live', async () => {
    const { auth, clock, queries } = authService();
    const kept = await signIn(auth);
    const ended = await signIn(auth);
    const idHashOf = (credential: { value: string }) => sha256(credential.value);
    const token = await auth.issueToken(
      'player',
      kept.account.username,
      kept.account.password,
      meta,
      'stream test',
    );
    const tokenHash = sha256(token.secret);

    expect(await auth.isLive(idHashOf(kept.credential))).toBe(true);
    await auth.endSession(idHashOf(ended.credential));
    expect(await auth.isLive(idHashOf(ended.credential))).toBe(false);
    expect(await auth.isLive(sha256('no-such-session'))).toBe(false);

    // Asked again and again within the cache's lifetime: no query.
    const asked = queries.length;
    await auth.isLive(idHashOf(kept.credential));
    expect(queries).toHaveLength(asked);

    // Idle past the timeout: a browser's session no longer holds, and is left for the guard to
    // end and say so; a token knows no idleness.
    clock.ms += (testConfig().auth.idleTimeoutMinutes + 1) * 60_000;
    expect(await auth.isLive(idHashOf(kept.credential))).toBe(false);
    expect(await auth.isLive(tokenHash)).toBe(true);
    expect(await auth.authenticate(kept.credential, 'player')).toBe('expired');
  });

  it('looks up the sessions of players arriving together in one query, each with its own account', async () => {
    const { auth, queries } = authService();
    const players = [];
    for (let index = 0; index < 12; index += 1) players.push(await signIn(auth));

    const principals = await Promise.all(
      players.map(({ credential }) => auth.authenticate(credential, 'player')),
    );
    expect(principals.map(accountOf)).toEqual(players.map(({ account }) => account.id));
    expect(queries).toHaveLength(1);
    expect(new Set(queries[0])).toEqual(
      new Set(players.map(({ credential }) => sha256(credential.value))),
    );
  });

  it('refreshes a session in use before it expires, without making its requests wait', async () => {
    const { auth, queries, clock, hold, release } = authService();
    const { account, credential } = await signIn(auth);
    await auth.authenticate(credential, 'player');
    expect(queries).toHaveLength(1);

    // Past half its lifetime: the request is answered from the cache while the look-up, held
    // here, is still running.
    clock.ms += (CACHE_SECONDS * 1000) / 2 + 1;
    hold();
    expect(accountOf(await auth.authenticate(credential, 'player'))).toBe(account.id);
    await expect.poll(() => queries.length).toBe(2);
    expect(accountOf(await auth.authenticate(credential, 'player'))).toBe(account.id);
    expect(queries).toHaveLength(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));

    // Past the first look-up's lifetime, the refreshed entry answers while a look-up is held.
    clock.ms += (CACHE_SECONDS * 1000) / 2;
    hold();
    expect(accountOf(await auth.authenticate(credential, 'player'))).toBe(account.id);
    release();
  });

  it('stops a session revoked by another node within the cache lifetime, though it is in use', async () => {
    const { auth, clock } = authService();
    const { credential } = await signIn(auth);
    await auth.authenticate(credential, 'player');

    await sql`update auth_session set revoked_at = now() where id_hash = ${sha256(credential.value)}`.execute(
      database.db,
    );
    let refused = false;
    const start = clock.ms;
    while (clock.ms - start <= CACHE_SECONDS * 1000) {
      if ((await auth.authenticate(credential, 'player')) === null) {
        refused = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
      clock.ms += 500;
    }
    expect(refused).toBe(true);
  });

  it('never brings back a session ended on this node while its refresh was running', async () => {
    const { auth, queries, clock, hold, release } = authService();
    const { credential } = await signIn(auth);
    await auth.authenticate(credential, 'player');

    clock.ms += (CACHE_SECONDS * 1000) / 2 + 1;
    hold();
    await auth.authenticate(credential, 'player');
    await expect.poll(() => queries.length).toBe(2);
    // The refresh read the session as live; it ends before the answer comes back.
    await auth.endSession(sha256(credential.value));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await auth.authenticate(credential, 'player')).toBeNull();
  });
});
