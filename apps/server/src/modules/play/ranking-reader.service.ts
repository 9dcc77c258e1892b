import { AppError } from '../../lib/errors.js';
import type { Principal } from '../identity/auth.service.js';
import type { PlayRepository } from './play.repository.js';
import type { RankingCache } from './ranking-cache.js';

/** How long a node trusts what it read of a player's membership (like its session cache). */
const MEMBERSHIP_TTL_MS = 5_000;
const MAX_MEMBERSHIPS = 20_000;

/**
 * Who may read a ranking (the session's players, the trainers), checked from a short-lived
 * per-node memory of memberships, so a read of the ranking costs no query once warm. Leaving a
 * session takes at most the TTL to close the ranking to that player.
 */
export const createRankingReader = (deps: { repo: PlayRepository; cache: RankingCache }) => {
  const memberships = new Map<string, { member: boolean; until: number }>();

  const isMember = async (sessionUuid: string, accountId: string) => {
    const key = `${sessionUuid}:${accountId}`;
    const known = memberships.get(key);
    if (known && known.until > Date.now()) return known.member;
    const member = (await deps.repo.findMembership(sessionUuid, accountId)) !== undefined;
    memberships.delete(key);
    memberships.set(key, { member, until: Date.now() + MEMBERSHIP_TTL_MS });
    if (memberships.size > MAX_MEMBERSHIPS) memberships.delete(memberships.keys().next().value!);
    return member;
  };

  return {
    /**
     * The ranking's bytes when this node holds both the caller's membership and the ranking in
     * memory, without a promise; null when either must be read (then `read`).
     */
    readCached(principal: Principal, sessionUuid: string): Buffer | null {
      if (principal.role !== 'trainer') {
        const known = memberships.get(`${sessionUuid}:${principal.accountId}`);
        if (!known?.member || known.until <= Date.now()) return null;
      }
      return deps.cache.peek(sessionUuid) ?? null;
    },

    async read(principal: Principal, sessionUuid: string): Promise<Buffer> {
      if (principal.role !== 'trainer' && !(await isMember(sessionUuid, principal.accountId)))
        throw new AppError('session.not_joined');
      return deps.cache.read(sessionUuid);
    },
  };
};

export type RankingReader = ReturnType<typeof createRankingReader>;
