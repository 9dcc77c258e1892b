import type { Audience } from '@rampart/contracts';
import type { Principal } from '../modules/identity/auth.service.js';

/**
 * Who may read a gaming session's stream, and which audiences of it. Gaming sessions plug their
 * membership rules in here: a player of team T reads `session` and `team:T` (and `user:<own>`);
 * a trainer reads `session` and `trainers`. Answers `not_found` for a session that does not
 * exist and `forbidden` for one the caller does not belong to. `player` is set for a player of
 * the session: their stream counts for their presence, told to `teamUuid`.
 */
export interface SessionAccess {
  canRead(
    principal: Principal,
    sessionUuid: string,
  ): Promise<
    | { audiences: readonly Audience[]; player?: { teamUuid: string | null } }
    | 'not_found'
    | 'forbidden'
  >;
}

/** Reads no session: the default of a realtime module given no access rule for sessions. */
export const noSessionAccess: SessionAccess = {
  canRead: async () => 'not_found',
};
