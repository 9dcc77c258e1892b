import { roleCapabilities, type AuthUser, type Capability } from '@rampart/contracts';
import type { Config } from '../../config.js';
import { createBatcher } from '../../lib/batcher.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type {
  AccountRow,
  IdentityRepository,
  Interface,
  LiveSession,
} from './identity.repository.js';
import {
  addressGroup,
  attemptKeys,
  createLoginThrottle,
  tooManyAttempts,
} from './login-throttle.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { describeDevice } from './user-agent.js';

export interface Principal {
  accountId: string;
  username: string;
  pseudo: string;
  role: Interface;
  avatarId: string | null;
  locale: 'fr' | 'en';
  accountCreatedAt: Date;
  session: { idHash: string; publicId: string; kind: 'cookie' | 'token'; interface: Interface };
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export type Credential = { kind: 'cookie'; value: string } | { kind: 'token'; value: string };

/** Bearer tokens are recognisable in logs and secret scanners. */
export const TOKEN_PREFIX = 'rmp_';
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
/** Stands for an unknown username in queries that need an account id. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export const toAuthUser = (principal: Principal): AuthUser => ({
  uuid: principal.accountId,
  username: principal.username,
  pseudo: principal.pseudo,
  role: principal.role,
  avatarId: principal.avatarId as AuthUser['avatarId'],
  locale: principal.locale,
  capabilities: [...roleCapabilities[principal.role]],
});

export const requireCapability = (principal: Principal, capability: Capability) => {
  if (!roleCapabilities[principal.role].includes(capability)) throw new AppError('auth.forbidden');
};

const principalOf = (account: AccountRow, session: Principal['session']): Principal => ({
  accountId: account.id,
  username: account.username,
  pseudo: account.pseudo,
  role: account.role,
  avatarId: account.avatar_id,
  locale: account.locale,
  accountCreatedAt: account.created_at,
  session,
});

const principalOfLive = (live: LiveSession): Principal => ({
  accountId: live.account_id,
  username: live.username,
  pseudo: live.pseudo,
  role: live.role,
  avatarId: live.avatar_id,
  locale: live.locale,
  accountCreatedAt: live.account_created_at,
  session: {
    idHash: live.id_hash,
    publicId: live.public_id,
    kind: live.kind,
    interface: live.interface,
  },
});

interface CachedSession {
  principal: Principal;
  lastActivityMs: number;
  /** Past this instant, the next request refreshes the entry in the background. */
  refreshFromMs: number;
  cachedUntilMs: number;
}

/** How long refresh look-ups wait for others to share their query (a request waits for none). */
const REFRESH_GATHER_MS = 20;

/**
 * Look-ups of sessions, many in one query: those asked for in one turn of the event loop (a
 * burst of requests, or entries expiring together) at the end of it, and refreshes, which no
 * request waits for, gathered for `REFRESH_GATHER_MS` (or sent with the next urgent ones).
 * Simultaneous look-ups of one session share its row, also one asked for while the query is
 * running (a reconnect storm, a page opening several streams), unless the cache has evicted
 * anything since that query began (`generation`): it may have read a session revoked since.
 */
const createSessionLoader = (
  findLiveSessions: (idHashes: readonly string[]) => Promise<LiveSession[]>,
  generation: () => number,
) => {
  type Row = Promise<LiveSession | undefined>;
  const waiting = new Map<string, { promise: Row; settle: (row: Row) => void }>();
  const running = new Map<string, { promise: Row; generation: number }>();
  let urgent = false;
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = null;
    immediate = null;
    urgent = false;
    const batch = [...waiting];
    waiting.clear();
    const began = generation();
    const rows = findLiveSessions(batch.map(([idHash]) => idHash)).then(
      (found) => new Map(found.map((row) => [row.id_hash, row])),
    );
    for (const [idHash, { promise, settle }] of batch) {
      running.set(idHash, { promise, generation: began });
      settle(rows.then((byHash) => byHash.get(idHash)));
    }
    const done = () => {
      for (const [idHash, { promise }] of batch) {
        if (running.get(idHash)?.promise === promise) running.delete(idHash);
      }
    };
    rows.then(done, done);
  };

  return (idHash: string, wait: 'now' | 'soon'): Row => {
    const started = running.get(idHash);
    if (started && started.generation === generation()) return started.promise;
    let entry = waiting.get(idHash);
    if (!entry) {
      let settle!: (row: Row) => void;
      const promise: Row = new Promise((resolve) => {
        settle = resolve;
      });
      entry = { promise, settle };
      waiting.set(idHash, entry);
    }
    if (wait === 'now' && !urgent) {
      urgent = true;
      immediate = setImmediate(flush);
    } else if (!urgent && !timer) {
      timer = setTimeout(flush, REFRESH_GATHER_MS);
      timer.unref();
    }
    return entry.promise;
  };
};

export const createAuthService = (deps: {
  repo: IdentityRepository;
  rateLimits: RateLimitRepository;
  config: Config['auth'];
  clock: Clock<Date>;
}) => {
  const { repo, rateLimits, config, clock } = deps;
  const idleMs = config.idleTimeoutMinutes * 60_000;
  const cacheMs = config.sessionCacheSeconds * 1000;
  // Authenticating must not cost a query on the hot path: a node trusts a session
  // it looked up for a few seconds. Changes made on this node evict at once; elsewhere the cache
  // lifetime bounds how long a revoked session keeps working. A session in use is looked up
  // again in the background once past half that lifetime, so its requests never wait for the
  // database, and the look-ups of many sessions share a query.
  const cache = new Map<string, CachedSession>();
  /** Counts evictions: a look-up that began before one may not fill the cache. */
  let evictions = 0;
  const lookUp = createSessionLoader(repo.findLiveSessions, () => evictions);
  // A session's activity is written at most once a minute, but a class opening its game
  // screens, or thousands of players answering, make hundreds of sessions due at once: each
  // written alone would be a commit of its own, with its flush of the log, which the request waits
  // for. The sessions due in one turn of the event loop are written together, and those due while
  // that statement runs, in the next one. Each request still waits for its session's write.
  const activity = createBatcher<string, void>({
    run: async (idHashes) => {
      await repo.touchSessions([...new Set(idHashes)]);
      return idHashes.map(() => undefined);
    },
    maxSize: 1000,
    parallel: 1,
  });

  const entryOf = (live: LiveSession, lookedUpAtMs: number): CachedSession => ({
    principal: principalOfLive(live),
    lastActivityMs: live.last_activity_at.getTime(),
    refreshFromMs: lookedUpAtMs + cacheMs / 2,
    cachedUntilMs: lookedUpAtMs + cacheMs,
  });

  /**
   * A session not held fresh here, looked up at once and cached (unless it ended on this node
   * meanwhile); null, and nothing cached, when it is not live.
   */
  const lookUpNow = async (idHash: string, nowMs: number): Promise<CachedSession | null> => {
    const since = evictions;
    const live = await lookUp(idHash, 'now');
    if (!live) {
      cache.delete(idHash);
      return null;
    }
    const entry = entryOf(live, nowMs);
    if (cacheMs > 0 && since === evictions) cache.set(idHash, entry);
    return entry;
  };

  const refresh = (idHash: string, stale: CachedSession, nowMs: number) => {
    stale.refreshFromMs = Infinity; // one refresh at a time
    const since = evictions;
    lookUp(idHash, 'soon').then(
      (live) => {
        if (cache.get(idHash) !== stale || since !== evictions) return;
        if (!live) {
          cache.delete(idHash);
          return;
        }
        const fresh = entryOf(live, nowMs);
        fresh.lastActivityMs = Math.max(fresh.lastActivityMs, stale.lastActivityMs);
        cache.set(idHash, fresh);
      },
      // The entry stays until it expires; the request then looks the session up itself.
      () => {},
    );
  };

  const evictAccount = (accountId: string) => {
    evictions += 1;
    for (const [idHash, entry] of cache) {
      if (entry.principal.accountId === accountId) cache.delete(idHash);
    }
  };
  const evict = (idHash: string) => {
    evictions += 1;
    cache.delete(idHash);
  };

  /**
   * The session `idHash` as `authenticate` would find it, without anything `authenticate` does
   * to it: from the cache while fresh, else looked up (and cached); null when it has ended, is
   * past its lifetime, or, for a browser's, is idle (left for `authenticate` to end, and say so).
   */
  const liveEntry = async (idHash: string): Promise<CachedSession | null> => {
    const nowMs = clock.now().getTime();
    const cached = cache.get(idHash);
    const entry = cached && cached.cachedUntilMs > nowMs ? cached : await lookUpNow(idHash, nowMs);
    if (!entry) return null;
    const idle = entry.principal.session.kind === 'cookie' && nowMs - entry.lastActivityMs > idleMs;
    return idle ? null : entry;
  };

  const throttle = createLoginThrottle({ rateLimits, limits: config.loginThrottle });

  const checkCredentials = async (
    iface: Interface,
    username: string,
    password: string,
    meta: RequestMeta,
  ): Promise<AccountRow> => {
    const account = await repo.findAccountByUsername(username.trim(), iface);
    // Asked for unknown names too, so the answer takes as many queries whoever is named.
    const place = addressGroup(meta.ip);
    const usualPlace = (await repo.listSignInAddresses(account?.id ?? NO_ACCOUNT, iface)).some(
      (address) => addressGroup(address) === place,
    );
    const keys = attemptKeys(`login:${iface}`, username, meta.ip);
    await throttle.take(keys, usualPlace);
    const valid = account
      ? await verifyPassword(account.password_hash, password)
      : await verifyAgainstNothing(password);
    if (!account || !valid) throw new AppError('auth.invalid_credentials');
    await throttle.succeeded(keys);
    return account;
  };

  const followPageLocale = async (account: AccountRow, pageLocale: 'fr' | 'en' | undefined) => {
    if (!pageLocale || account.locale_chosen || account.locale === pageLocale) return account;
    const followed = await repo.followLoginLocale(account.id, pageLocale);
    if (followed) evictAccount(account.id);
    return followed ?? account;
  };

  const openSession = async (
    account: AccountRow,
    kind: 'cookie' | 'token',
    meta: RequestMeta,
    name: string | null = null,
    viaProvider = false,
  ) => {
    const secret = kind === 'token' ? `${TOKEN_PREFIX}${randomToken(32)}` : randomToken(32);
    const session = await repo.insertSession({
      idHash: sha256(secret),
      publicId: randomToken(12),
      accountId: account.id,
      interface: account.role,
      kind,
      name,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip,
      expiresAt: new Date(clock.now().getTime() + config.sessionMaxAgeDays * 86_400_000),
      viaProvider,
    });
    const principal = principalOf(account, {
      idHash: session.id_hash,
      publicId: session.public_id,
      kind,
      interface: account.role,
    });
    return { secret, principal };
  };

  return {
    evictAccount,

    /**
     * Who a cookie or bearer token belongs to on one interface: a principal, `expired` for a
     * cookie session idle for too long (it is revoked on the spot), or null.
     */
    async authenticate(
      credential: Credential,
      iface: Interface,
    ): Promise<Principal | 'expired' | null> {
      if (credential.kind === 'token' && !credential.value.startsWith(TOKEN_PREFIX)) return null;
      const idHash = sha256(credential.value);
      const nowMs = clock.now().getTime();
      let entry = cache.get(idHash) ?? null;
      if (!entry || entry.cachedUntilMs <= nowMs) {
        entry = await lookUpNow(idHash, nowMs);
        if (!entry) return null;
      } else if (entry.refreshFromMs <= nowMs) {
        refresh(idHash, entry, nowMs);
      }
      const { principal } = entry;
      if (principal.session.interface !== iface || principal.session.kind !== credential.kind)
        return null;
      if (principal.session.kind === 'cookie' && nowMs - entry.lastActivityMs > idleMs) {
        evict(idHash);
        await repo.revokeSession(idHash);
        evict(idHash);
        return 'expired';
      }
      if (nowMs - entry.lastActivityMs > ACTIVITY_WRITE_INTERVAL_MS) {
        entry.lastActivityMs = nowMs;
        await activity.push(idHash);
      }
      return principal;
    },

    /**
     * Whether a cookie or bearer token is a live session of one interface, as `authenticate`
     * would find it, without anything `authenticate` does to it: no refresh, no activity
     * recorded, an idle session left for `authenticate` to end (and say so). The session looked
     * up is kept in the cache, as `authenticate` keeps it.
     */
    async isSignedIn(credential: Credential, iface: Interface): Promise<boolean> {
      if (credential.kind === 'token' && !credential.value.startsWith(TOKEN_PREFIX)) return false;
      const entry = await liveEntry(sha256(credential.value));
      if (!entry) return false;
      const { session } = entry.principal;
      return session.interface === iface && session.kind === credential.kind;
    },

    /**
     * Whether the sign-in session `idHash` still holds, as `authenticate` would find it: neither
     * ended nor past its lifetime (at once for one ended on this node, within the cache's
     * lifetime for one ended on another), and for a browser's, not idle. Nothing is done to the
     * session: an idle one is left for `authenticate` to end at its next request, and say so.
     * What an open event stream asks at each heartbeat.
     */
    async isLive(idHash: string): Promise<boolean> {
      return (await liveEntry(idHash)) !== null;
    },

    /**
     * The principal of a credential this node holds fresh in memory with nothing due on it (no
     * refresh, no activity to record, not idle), without a promise: what a hot read needs. Null
     * sends the request the ordinary way, through `authenticate`, which does what is due.
     */
    cachedPrincipal(credential: Credential, iface: Interface): Principal | null {
      if (credential.kind === 'token' && !credential.value.startsWith(TOKEN_PREFIX)) return null;
      const entry = cache.get(sha256(credential.value));
      const nowMs = clock.now().getTime();
      if (!entry || entry.cachedUntilMs <= nowMs || entry.refreshFromMs <= nowMs) return null;
      const { principal } = entry;
      if (principal.session.interface !== iface || principal.session.kind !== credential.kind)
        return null;
      if (nowMs - entry.lastActivityMs > Math.min(idleMs, ACTIVITY_WRITE_INTERVAL_MS)) return null;
      return principal;
    },

    /** Password login; the caller sets the returned secret as the new session cookie. */
    async login(
      iface: Interface,
      username: string,
      password: string,
      meta: RequestMeta,
      pageLocale?: 'fr' | 'en',
    ) {
      const account = await checkCredentials(iface, username, password, meta);
      return openSession(await followPageLocale(account, pageLocale), 'cookie', meta);
    },

    /** A cookie session for an account the identity provider vouched for. */
    openProviderSession: (account: AccountRow, meta: RequestMeta) =>
      openSession(account, 'cookie', meta, null, true),

    async issueToken(
      iface: Interface,
      username: string,
      password: string,
      meta: RequestMeta,
      deviceName: string | undefined,
    ) {
      const account = await checkCredentials(iface, username, password, meta);
      return openSession(account, 'token', meta, deviceName ?? null);
    },

    async endSession(idHash: string) {
      evict(idHash);
      await repo.revokeSession(idHash);
      // Again: a look-up that read the session before the revocation committed fills nothing.
      evict(idHash);
    },

    /** Ends every session and token of the account (but `keep`), on every node within the cache bound. */
    async endAccountSessions(accountId: string, keep?: Principal) {
      const revoked = await repo.revokeAccountSessions(accountId, keep?.session.idHash);
      for (const idHash of revoked) evict(idHash);
      evictAccount(accountId);
    },

    async changePassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
      meta: RequestMeta,
    ) {
      const keys = attemptKeys(`password:${principal.role}`, principal.accountId, meta.ip);
      await throttle.take(keys, false);
      const account = await repo.findAccountById(principal.accountId);
      if (!account || !(await verifyPassword(account.password_hash, currentPassword))) {
        throw new AppError('profile.wrong_password', undefined, [
          { path: 'body.currentPassword', message: 'profile.wrong_password' },
        ]);
      }
      await throttle.succeeded(keys);
      const updated = await repo.updateAccount(account.id, {
        password_hash: await hashPassword(newPassword),
      });
      if (!updated || 'conflict' in updated) throw new AppError('account.not_found');
      await this.endAccountSessions(account.id);
      // The browser that changed the password stays signed in, on a brand new session.
      return principal.session.kind === 'cookie' ? openSession(updated, 'cookie', meta) : null;
    },

    async listSessions(principal: Principal) {
      const rows = await repo.listLiveSessions(
        principal.accountId,
        new Date(clock.now().getTime() - idleMs),
      );
      return rows.map((row) => ({
        id: row.public_id,
        device: describeDevice(row.user_agent, row.name),
        ip: row.ip,
        kind: row.kind,
        createdAt: row.created_at.toISOString(),
        lastActivityAt: row.last_activity_at.toISOString(),
        current: row.id_hash === principal.session.idHash,
      }));
    },

    async endSessionById(principal: Principal, publicId: string) {
      const ended = await repo.revokeSessionByPublicId(principal.accountId, publicId);
      if (ended === 0) throw new AppError('request.not_found', 'No such session.');
      evictAccount(principal.accountId);
    },

    async issueMagicLink(trainer: Principal, playerId: string) {
      requireCapability(trainer, 'account.issue_magic_link');
      if (!config.magicLinksEnabled) throw new AppError('auth.magic_link_disabled');
      const player = await repo.findAccountById(playerId);
      if (!player || player.role !== 'player') throw new AppError('account.not_found');
      const token = randomToken(32);
      const expiresAt = new Date(clock.now().getTime() + config.magicLinkTtlMinutes * 60_000);
      await repo.insertMagicLink({
        tokenHash: sha256(token),
        accountId: player.id,
        issuedBy: trainer.accountId,
        expiresAt,
      });
      return { token, expiresAt };
    },

    async loginWithMagicLink(token: string, meta: RequestMeta, pageLocale?: 'fr' | 'en') {
      if (!config.magicLinksEnabled) throw new AppError('auth.magic_link_disabled');
      const ipKey = `magic:ip:${addressGroup(meta.ip)}`;
      const ip = await rateLimits.hit(ipKey, config.loginThrottle.windowSeconds);
      if (ip.hits > config.loginThrottle.maxFailuresPerIp) throw tooManyAttempts([ip]);
      const tokenHash = sha256(token);
      const consumed = await repo.consumeMagicLink(tokenHash);
      if (!consumed) {
        const link = await repo.findMagicLink(tokenHash);
        if (link && !link.used_at && link.expires_at.getTime() <= clock.now().getTime()) {
          throw new AppError('auth.magic_link_expired');
        }
        throw new AppError('auth.magic_link_invalid');
      }
      await rateLimits.forgive(ipKey);
      const account = await repo.findAccountById(consumed.account_id);
      if (!account) throw new AppError('auth.magic_link_invalid');
      return openSession(await followPageLocale(account, pageLocale), 'cookie', meta);
    },

    /** Creates an account (administration command, demo accounts). */
    async createAccount(input: {
      username: string;
      password: string;
      role: Interface;
      pseudo: string;
      locale?: 'fr' | 'en';
    }) {
      return repo.insertAccount({
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        pseudo: input.pseudo,
        ...(input.locale ? { locale: input.locale } : {}),
      });
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
