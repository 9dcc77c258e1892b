import type { Audience } from '@rampart/contracts';
import type { SessionAccess } from '../../realtime/index.js';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * Who may read a session's event stream: trainers read any session with the trainers' audience;
 * a player reads the sessions they joined, with their own team's audience. Another team's
 * private events are never in a player's audiences.
 */
export const createSessionAccess = (repo: SessionsRepository): SessionAccess => ({
  async canRead(principal, uuid) {
    const session = await repo.findSession(uuid);
    if (!session) return 'not_found';
    if (principal.role === 'trainer') return { audiences: ['session', 'trainers'] };
    const me = await repo.findPlayer(uuid, principal.accountId);
    if (!me) return 'forbidden';
    const audiences: Audience[] = ['session', `user:${principal.accountId}`];
    if (me.team_uuid) audiences.push(`team:${me.team_uuid}`);
    return { audiences, player: { teamUuid: me.team_uuid } };
  },
});
