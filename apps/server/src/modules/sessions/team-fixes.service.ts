import { isClosedStatus } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import { sessionStream, userStream } from '../../realtime/streams.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { SessionContext, SessionsService } from './sessions.service.js';
import { statusOf } from './session-view.js';
import type { TrainerSessions } from './trainer-sessions.service.js';

/** What the ranking needs when an elimination changes: its event, and its cache dropped. */
export interface RankingHooks {
  rankingEvent: (trx: Transaction<Database>, sessionUuid: string) => Promise<EventToAppend>;
  invalidate: (sessionUuid: string) => void;
}

/**
 * How teams are fixed while a session is under way: a trainer moves a player, removes one,
 * dissolves a team or reinstates an eliminated one; a player leaves the session. Every change
 * runs under the session's row lock, like team creation and joining, so the limits (players per
 * team) hold whatever races them.
 *
 * Points and solves belong to the team that earned them: a player who moves or leaves takes
 * none along, and a team emptied once play began keeps its place in the ranking.
 */
export const createTeamFixes = (deps: {
  repo: SessionsRepository;
  sessions: SessionsService;
  trainer: TrainerSessions;
  ranking: RankingHooks;
}) => {
  const { repo, sessions } = deps;

  /** The session's status, refusing one that has ended: nothing changes in it any more. */
  const openStatus = ({ row, now }: SessionContext) => {
    const status = statusOf(row, now);
    if (isClosedStatus(status)) throw new AppError('session.ended');
    return status;
  };
  const beforePlay = (status: string) => status === 'lobby' || status === 'countdown';

  /**
   * Ends the session streams a player holds open (on every node: the event is in the session's
   * log), so they reconnect with what they may read now: a team they left is no longer theirs.
   */
  const endStreamsOf = (append: SessionContext['append'], sessionUuid: string, accountId: string) =>
    append({
      stream: sessionStream(sessionUuid),
      audience: `user:${accountId}`,
      type: 'session.access_changed',
      payload: { sessionUuid },
    });

  /**
   * Takes a player out of the session. Before play began, a team left empty is deleted, as when
   * its last member leaves it. A session a player created that everyone left ends: canceled if
   * never played (a stop before play is a cancel), stopped otherwise; when only its owner left,
   * the player who joined first inherits it, so someone may still start or close it.
   */
  const takeOut = async (
    context: SessionContext,
    player: { account_id: string; team_uuid: string | null; pseudo: string },
    removed: boolean,
  ) => {
    const { trx, append, row } = context;
    const status = openStatus(context);
    await repo.deletePlayer(trx, row.uuid, player.account_id);
    let teamRemoved = false;
    if (player.team_uuid && beforePlay(status)) {
      teamRemoved = (await repo.countMembers(trx, player.team_uuid)) === 0;
      if (teamRemoved) await repo.deleteTeam(trx, player.team_uuid);
    }
    await append({
      stream: sessionStream(row.uuid),
      audience: 'session',
      type: 'session.player_left',
      payload: { pseudo: player.pseudo, teamUuid: player.team_uuid, teamRemoved, removed },
    });
    await append({
      stream: userStream(player.account_id),
      audience: `user:${player.account_id}`,
      type: 'session.changed',
      payload: { sessionUuid: row.uuid, removed },
    });
    await endStreamsOf(append, row.uuid, player.account_id);
    if (row.owner_kind === 'player') {
      const remaining = await repo.listPlayerIds(trx, row.uuid);
      if (remaining.length === 0) {
        await sessions.applyAction(context, { kind: 'stop' });
        return;
      }
      if (row.owner_id === player.account_id)
        await repo.updateSession(trx, row.uuid, { owner_id: remaining[0]! });
    }
    await sessions.startIfTeamsReady(context);
  };

  return {
    async movePlayer(principal: Principal, uuid: string, accountId: string, teamUuid: string) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async (context) => {
        const { trx, append, row } = context;
        const status = openStatus(context);
        const player = await repo.findPlayerWithPseudo(trx, uuid, accountId);
        if (!player) throw new AppError('session.player_not_found');
        const team = await repo.lockTeam(trx, uuid, teamUuid);
        if (!team) throw new AppError('team.not_found');
        if (player.team_uuid === teamUuid) return;
        if (team.eliminated_at) throw new AppError('team.eliminated');
        // Counted under the session's lock, which every join takes first: a join racing this
        // move sees the team with the moved player in it, or this move sees the joiner.
        if ((await repo.countMembers(trx, teamUuid)) >= row.players_per_team)
          throw new AppError('team.full');
        await repo.setPlayerTeam(trx, uuid, accountId, teamUuid);
        const from = player.team_uuid;
        if (from && beforePlay(status) && (await repo.countMembers(trx, from)) === 0)
          await repo.deleteTeam(trx, from);
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'player.moved',
          sessionUuid: uuid,
          targetUuid: accountId,
          details: { pseudo: player.pseudo, fromTeamUuid: from, toTeamUuid: teamUuid },
        });
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.member_moved',
          payload: { teamUuid, fromTeamUuid: from, pseudo: player.pseudo },
        });
        await append({
          stream: userStream(accountId),
          audience: `user:${accountId}`,
          type: 'session.changed',
          payload: { sessionUuid: uuid, removed: false },
        });
        await endStreamsOf(append, uuid, accountId);
        await sessions.startIfTeamsReady(context);
      });
      return deps.trainer.get(principal, uuid);
    },

    async removePlayer(principal: Principal, uuid: string, accountId: string) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async (context) => {
        openStatus(context);
        const player = await repo.findPlayerWithPseudo(context.trx, uuid, accountId);
        if (!player) throw new AppError('session.player_not_found');
        await recordTrainerAction(context.trx, {
          accountId: principal.accountId,
          action: 'player.removed',
          sessionUuid: uuid,
          targetUuid: accountId,
          details: { pseudo: player.pseudo, teamUuid: player.team_uuid },
        });
        await takeOut(context, player, true);
      });
      return deps.trainer.get(principal, uuid);
    },

    async leave(principal: Principal, uuid: string) {
      await sessions.withLockedSession(uuid, async (context) => {
        const player = await repo.findPlayerWithPseudo(context.trx, uuid, principal.accountId);
        if (!player) throw new AppError('session.not_joined');
        await takeOut(context, player, false);
      });
      return { left: true as const };
    },

    async dissolveTeam(
      principal: Principal,
      uuid: string,
      teamUuid: string,
      reason: string | undefined,
    ) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async (context) => {
        const { trx, append, now } = context;
        const status = openStatus(context);
        const team = await repo.lockTeam(trx, uuid, teamUuid);
        if (!team) throw new AppError('team.not_found');
        const members = await repo.teamMemberIds(trx, teamUuid);
        await repo.releaseTeamMembers(trx, teamUuid);
        const teamRemoved = beforePlay(status);
        if (teamRemoved) await repo.deleteTeam(trx, teamUuid);
        // Once play began the team stays, eliminated, with what it earned: the ranking, the
        // first bloods and the debrief keep telling what happened.
        else if (!team.eliminated_at)
          await repo.setTeamElimination(trx, teamUuid, { at: now, reason: reason ?? null });
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'team.dissolved',
          sessionUuid: uuid,
          targetUuid: teamUuid,
          reason: reason ?? null,
          details: { name: team.name, teamRemoved },
        });
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.dissolved',
          payload: { teamUuid, teamName: team.name, teamRemoved },
        });
        for (const member of members) await endStreamsOf(append, uuid, member);
        if (!teamRemoved) await append(await deps.ranking.rankingEvent(trx, uuid));
        await sessions.startIfTeamsReady(context);
      });
      deps.ranking.invalidate(uuid);
      return deps.trainer.get(principal, uuid);
    },

    async reinstateTeam(principal: Principal, uuid: string, teamUuid: string) {
      requireCapability(principal, 'session.run');
      await sessions.withLockedSession(uuid, async (context) => {
        const { trx, append } = context;
        openStatus(context);
        const team = await repo.lockTeam(trx, uuid, teamUuid);
        if (!team) throw new AppError('team.not_found');
        if (!team.eliminated_at) throw new AppError('team.not_eliminated');
        await repo.setTeamElimination(trx, teamUuid, null);
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'team.reinstated',
          sessionUuid: uuid,
          targetUuid: teamUuid,
          details: { name: team.name },
        });
        await append({
          stream: sessionStream(uuid),
          audience: 'session',
          type: 'team.reinstated',
          payload: { teamUuid, teamName: team.name },
        });
        await append(await deps.ranking.rankingEvent(trx, uuid));
      });
      deps.ranking.invalidate(uuid);
      return deps.trainer.get(principal, uuid);
    },
  };
};

export type TeamFixes = ReturnType<typeof createTeamFixes>;
