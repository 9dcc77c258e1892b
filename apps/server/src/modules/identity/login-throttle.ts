import { isIPv6 } from 'node:net';
import type { Config } from '../../config.js';
import type { BucketState, RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { rateLimited } from '../rate-limit/rate-limited.js';

/** The buckets one password attempt counts in. */
export interface AttemptKeys {
  /** This account tried from this address: the limit that stops one guesser. */
  pair: string;
  /** Every account tried from this address: stops spraying many accounts from one place. */
  address: string;
  /** This account tried from anywhere: past its cap, strangers are slowed down. */
  account: string;
  /** The one attempt per delay a slowed-down account lets strangers make. */
  slot: string;
}

/**
 * The place an address stands for. An IPv6 host is given a whole /64 and picks new addresses in
 * it at will, so the /64 is one place (else each guess could come from a fresh address); an
 * IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address. Anything else is
 * itself.
 */
export const addressGroup = (ip: string): string => {
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
};

/**
 * The buckets of an attempt. `scope` keeps interfaces and purposes apart (a guess at the trainer
 * `alice` on the player login counts nothing against the trainer). The subject is URI-encoded so
 * that no name can forge another pair's key by holding a colon.
 */
export const attemptKeys = (scope: string, subject: string, ip: string): AttemptKeys => {
  const name = encodeURIComponent(subject.trim().toLowerCase());
  const place = addressGroup(ip);
  return {
    pair: `${scope}:pair:${place}:${name}`,
    address: `${scope}:ip:${place}`,
    account: `${scope}:account:${name}`,
    slot: `${scope}:slot:${name}`,
  };
};

/** A 429 whose Retry-After says when the latest of the refusing windows ends. */
export const tooManyAttempts = (buckets: BucketState[]) =>
  rateLimited('auth.too_many_attempts', buckets);

/**
 * Throttles password guessing without letting a stranger lock the owner out. Refusals only
 * come from what the person asking did from where they are: their own failures on this account
 * from this address, or (from a place the account never signed in from) everyone's failures from
 * this address. Failures on the account from elsewhere only slow strangers down to one attempt
 * per delay, and never touch an address the account signed in from before. The counters live in
 * the database, so every node of a cluster counts the same attempts; each is counted before it
 * is checked, so a burst of parallel guesses cannot slip past a limit.
 */
export const createLoginThrottle = (deps: {
  rateLimits: RateLimitRepository;
  limits: Config['auth']['loginThrottle'];
}) => {
  const { rateLimits, limits } = deps;

  return {
    /** Counts one attempt, or throws `auth.too_many_attempts` with Retry-After. */
    async take(keys: AttemptKeys, fromUsualPlace: boolean) {
      const [pair, address] = await Promise.all([
        rateLimits.hit(keys.pair, limits.windowSeconds),
        rateLimits.hit(keys.address, limits.windowSeconds),
      ]);
      const refusing = [
        pair.hits > limits.maxFailuresPerAccountAndIp ? pair : null,
        !fromUsualPlace && address.hits > limits.maxFailuresPerIp ? address : null,
      ].filter((bucket) => bucket !== null);
      if (refusing.length > 0) throw tooManyAttempts(refusing);

      const account = await rateLimits.hit(keys.account, limits.accountWindowSeconds);
      if (fromUsualPlace || account.hits <= limits.accountFailuresBeforeDelay) return;
      const slot = await rateLimits.hit(keys.slot, limits.accountDelaySeconds);
      if (slot.hits > 1) throw tooManyAttempts([slot]);
    },

    /** A success: the attempt was no guess, so it counts against nobody. */
    async succeeded(keys: AttemptKeys) {
      await Promise.all([
        rateLimits.reset(keys.pair),
        rateLimits.forgive(keys.address),
        rateLimits.forgive(keys.account),
      ]);
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
