import { roleCapabilities, type AuthUser, type Capability } from '@rampart/contracts';
import type { Config } from '../../config.js';
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
  cachedUntilMs: number;
}

export const createAuthService = (deps: {
  repo: IdentityRepository;
  rateLimits: RateLimitRepository;
  config: Config['auth'];
  clock: Clock;
}) => {
  const { repo, rateLimits, config, clock } = deps;
  const idleMs = config.idleTimeoutMinutes * 60_000;
  // Authenticating must not cost a query on the hot path (DESIGN §10): a node trusts a session
  // it looked up for a few seconds. Changes made on this node evict at once; elsewhere the cache
  // lifetime bounds how long a revoked session keeps working.
  const cache = new Map<string, CachedSession>();
  // Simultaneous look-ups of one session (a reconnect storm, a page opening several streams)
  // share one query instead of queueing on the pool.
  const pending = new Map<string, Promise<LiveSession | undefined>>();
  const lookUp = (idHash: string) => {
    let query = pending.get(idHash);
    if (!query) {
      query = repo.findLiveSession(idHash).finally(() => pending.delete(idHash));
      pending.set(idHash, query);
    }
    return query;
  };

  const evictAccount = (accountId: string) => {
    for (const [idHash, entry] of cache) {
      if (entry.principal.accountId === accountId) cache.delete(idHash);
    }
  };

  const throttleKeys = (scope: string, username: string, ip: string) => ({
    account: `${scope}:account:${username.trim().toLowerCase()}`,
    ip: `${scope}:ip:${ip}`,
  });

  /**
   * Counts the attempt before checking it, so a burst of parallel guesses cannot slip past the
   * limit. A success forgives the attempt, so a classroom behind one address never runs out.
   */
  const takeAttempt = async (keys: { account: string; ip: string }) => {
    const [account, ip] = await Promise.all([
      rateLimits.hit(keys.account, config.loginWindowSeconds),
      rateLimits.hit(keys.ip, config.loginWindowSeconds),
    ]);
    const blocked = [
      account.hits > config.loginMaxFailuresPerAccount ? account : null,
      ip.hits > config.loginMaxFailuresPerIp ? ip : null,
    ].filter((bucket) => bucket !== null);
    if (blocked.length > 0) {
      const resetAt = Math.max(...blocked.map((bucket) => bucket.resetAt.getTime()));
      const retryAfter = Math.max(1, Math.ceil((resetAt - clock.now().getTime()) / 1000));
      throw new AppError('auth.too_many_attempts', undefined, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
  };

  const forgiveAttempt = async (keys: { account: string; ip: string }) => {
    await Promise.all([rateLimits.reset(keys.account), rateLimits.forgive(keys.ip)]);
  };

  const checkCredentials = async (
    iface: Interface,
    username: string,
    password: string,
    meta: RequestMeta,
  ): Promise<AccountRow> => {
    const keys = throttleKeys('login', username, meta.ip);
    await takeAttempt(keys);
    const account = await repo.findAccountByUsername(username.trim(), iface);
    const valid = account
      ? await verifyPassword(account.password_hash, password)
      : await verifyAgainstNothing(password);
    if (!account || !valid) throw new AppError('auth.invalid_credentials');
    await forgiveAttempt(keys);
    return account;
  };

  const openSession = async (
    account: AccountRow,
    kind: 'cookie' | 'token',
    meta: RequestMeta,
    name: string | null = null,
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
      let entry = cache.get(idHash);
      if (!entry || entry.cachedUntilMs <= nowMs) {
        const live = await lookUp(idHash);
        if (!live) {
          cache.delete(idHash);
          return null;
        }
        entry = {
          principal: principalOfLive(live),
          lastActivityMs: live.last_activity_at.getTime(),
          cachedUntilMs: nowMs + config.sessionCacheSeconds * 1000,
        };
        if (config.sessionCacheSeconds > 0) cache.set(idHash, entry);
      }
      const { principal } = entry;
      if (principal.session.interface !== iface || principal.session.kind !== credential.kind)
        return null;
      if (principal.session.kind === 'cookie' && nowMs - entry.lastActivityMs > idleMs) {
        cache.delete(idHash);
        await repo.revokeSession(idHash);
        return 'expired';
      }
      if (nowMs - entry.lastActivityMs > ACTIVITY_WRITE_INTERVAL_MS) {
        entry.lastActivityMs = nowMs;
        await repo.touchSession(idHash);
      }
      return principal;
    },

    /** Password login; the caller sets the returned secret as the new session cookie. */
    async login(iface: Interface, username: string, password: string, meta: RequestMeta) {
      const account = await checkCredentials(iface, username, password, meta);
      return openSession(account, 'cookie', meta);
    },

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
      cache.delete(idHash);
      await repo.revokeSession(idHash);
    },

    /** Ends every session and token of the account (but `keep`), on every node within the cache bound. */
    async endAccountSessions(accountId: string, keep?: Principal) {
      const revoked = await repo.revokeAccountSessions(accountId, keep?.session.idHash);
      for (const idHash of revoked) cache.delete(idHash);
      evictAccount(accountId);
    },

    async changePassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
      meta: RequestMeta,
    ) {
      const keys = {
        account: `password:account:${principal.accountId}`,
        ip: `password:ip:${meta.ip}`,
      };
      await takeAttempt(keys);
      const account = await repo.findAccountById(principal.accountId);
      if (!account || !(await verifyPassword(account.password_hash, currentPassword))) {
        throw new AppError('profile.wrong_password', undefined, [
          { path: 'body.currentPassword', message: 'profile.wrong_password' },
        ]);
      }
      await forgiveAttempt(keys);
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

    async loginWithMagicLink(token: string, meta: RequestMeta) {
      if (!config.magicLinksEnabled) throw new AppError('auth.magic_link_disabled');
      const keys = { account: 'magic:account:-', ip: `magic:ip:${meta.ip}` };
      const ip = await rateLimits.hit(keys.ip, config.loginWindowSeconds);
      if (ip.hits > config.loginMaxFailuresPerIp) throw new AppError('auth.too_many_attempts');
      const tokenHash = sha256(token);
      const consumed = await repo.consumeMagicLink(tokenHash);
      if (!consumed) {
        const link = await repo.findMagicLink(tokenHash);
        if (link && !link.used_at && link.expires_at.getTime() <= clock.now().getTime()) {
          throw new AppError('auth.magic_link_expired');
        }
        throw new AppError('auth.magic_link_invalid');
      }
      await rateLimits.forgive(keys.ip);
      const account = await repo.findAccountById(consumed.account_id);
      if (!account) throw new AppError('auth.magic_link_invalid');
      return openSession(account, 'cookie', meta);
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
