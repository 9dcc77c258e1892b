import type { ConsoleTicket } from '@rampart/contracts';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { ConsoleTicketsRepository } from './console-tickets.repository.js';
import type { LabsRepository } from './labs.repository.js';

/** Long enough for a browser to open the socket, short enough that a leaked URL is worthless. */
export const CONSOLE_TICKET_SECONDS = 30;

/** Phases in which the console machine may answer: Degraded keeps the others' shells usable. */
const CONSOLE_PHASES = new Set(['Ready', 'Degraded']);

/** What a redeemed ticket grants: one console on one machine of one team's environment. */
export interface ConsoleGrant {
  accountId: string;
  sessionUuid: string;
  teamUuid: string;
  environmentId: string;
  machine: string;
}

/**
 * Console tickets (LABS.md §1.6). The environment is always the caller's team's, found through
 * their membership: the client never names one. A ticket is bound to the account, team,
 * environment, console machine and the Origin of the page that asked for it, lives 30 seconds
 * and is redeemed once, by the WebSocket upgrade.
 */
export const createConsoleService = (deps: {
  repo: LabsRepository;
  tickets: ConsoleTicketsRepository;
  sessions: SessionsRepository;
  now: () => Promise<Date>;
}) => {
  const { repo, tickets } = deps;

  /** The environment is still live (not released, not past its expiry) and its console up. */
  const requireConsoleEnvironment = async (environmentId: string, now: Date) => {
    const row = await repo.findById(environmentId);
    if (!row || row.released_at !== null || row.expires_at <= now)
      throw new AppError('lab.not_found');
    if (!CONSOLE_PHASES.has(row.phase)) throw new AppError('lab.not_ready');
    return row;
  };

  return {
    async issue(principal: Principal, sessionUuid: string, origin: string): Promise<ConsoleTicket> {
      requireCapability(principal, 'game.play');
      const session = await deps.sessions.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
      if (!player) throw new AppError('session.not_joined');
      if (!player.team_uuid) throw new AppError('team.not_found');
      const now = await deps.now();
      const { status } = deriveSessionState(timelineOf(session), now);
      if (status === 'paused') throw new AppError('session.paused');
      if (['finished', 'stopped', 'canceled'].includes(status)) throw new AppError('session.ended');
      if (status !== 'running') throw new AppError('session.not_running');
      const team = (await deps.sessions.listTeams(sessionUuid)).find(
        (t) => t.uuid === player.team_uuid,
      );
      if (!team) throw new AppError('team.not_found');
      if (team.eliminated_at) throw new AppError('team.eliminated');
      const live = await repo.findLive(sessionUuid, team.uuid);
      if (!live) throw new AppError('lab.not_found');
      const environment = await requireConsoleEnvironment(live.id, now);
      const template = environment.template;
      const ticket = randomToken();
      await tickets.purgeExpired(now);
      await tickets.insert({
        hash: sha256(ticket),
        account_id: principal.accountId,
        session_uuid: sessionUuid,
        team_uuid: team.uuid,
        environment_id: environment.id,
        machine: template.consoleMachine ?? template.machines[0]!.name,
        origin,
        expires_at: new Date(now.getTime() + CONSOLE_TICKET_SECONDS * 1000),
      });
      return {
        ticket,
        expiresInSeconds: CONSOLE_TICKET_SECONDS,
        url: `/ws/console?ticket=${ticket}`,
      };
    },

    /**
     * Trades a ticket for its grant, once. Unknown, already used and expired tickets read the
     * same (`lab.console_ticket_invalid`); a socket opened by another site's page does not
     * carry the ticket's Origin (cross-site WebSocket hijacking) and is refused.
     */
    async redeem(ticket: string, origin: string | undefined): Promise<ConsoleGrant> {
      if (ticket.length === 0 || ticket.length > 100)
        throw new AppError('lab.console_ticket_invalid');
      const row = await tickets.redeem(sha256(ticket));
      const now = await deps.now();
      if (!row || row.expires_at <= now) throw new AppError('lab.console_ticket_invalid');
      if (origin !== row.origin) throw new AppError('auth.origin_mismatch');
      await requireConsoleEnvironment(row.environment_id, now);
      return {
        accountId: row.account_id,
        sessionUuid: row.session_uuid,
        teamUuid: row.team_uuid,
        environmentId: row.environment_id,
        machine: row.machine,
      };
    },

    /** Whether a console's environment is still live, asked while it runs. */
    async isLive(environmentId: string) {
      const row = await repo.findById(environmentId);
      return !!row && row.released_at === null && row.expires_at > (await deps.now());
    },
  };
};

export type ConsoleService = ReturnType<typeof createConsoleService>;
