import { openConsoleSocket, isClosedStatus, type ConsoleTicket } from '@rampart/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { ConsoleTicketsRepository } from './console-tickets.repository.js';
import type { EnvironmentRow, LabsRepository } from './labs.repository.js';

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
 * Console tickets (docs/labs.md). The environment is always the caller's team's, found through
 * their membership: the client never names one. A ticket is bound to the account, team,
 * environment, console machine and the Origin of the page that asked for it, lives 30 seconds
 * and is redeemed once, by the WebSocket upgrade. A trainer running the session gets a ticket
 * for any team's console, audited: it is a look into that team's machines.
 */
export const createConsoleService = (deps: {
  db: Kysely<Database>;
  repo: LabsRepository;
  tickets: ConsoleTicketsRepository;
  sessions: SessionsRepository;
  clock: Clock;
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

  /** Stores a new ticket for the environment's console machine and returns it, once. */
  const grantTicket = async (
    executor: Kysely<Database> | Transaction<Database>,
    grant: { accountId: string; environment: EnvironmentRow; origin: string; now: Date },
  ): Promise<ConsoleTicket> => {
    const { environment, now } = grant;
    const template = environment.template;
    const ticket = randomToken();
    await tickets.purgeExpired(now, executor);
    await tickets.insert(
      {
        hash: sha256(ticket),
        account_id: grant.accountId,
        session_uuid: environment.session_uuid,
        team_uuid: environment.team_uuid,
        environment_id: environment.id,
        machine: template.consoleMachine ?? template.machines[0]!.name,
        origin: grant.origin,
        expires_at: new Date(now.getTime() + CONSOLE_TICKET_SECONDS * 1000),
      },
      executor,
    );
    return {
      ticket,
      expiresInSeconds: CONSOLE_TICKET_SECONDS,
      url: `${openConsoleSocket.path}?ticket=${ticket}`,
    };
  };

  return {
    async issue(principal: Principal, sessionUuid: string, origin: string): Promise<ConsoleTicket> {
      requireCapability(principal, 'game.play');
      const session = await deps.sessions.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
      if (!player) throw new AppError('session.not_joined');
      if (!player.team_uuid) throw new AppError('team.not_found');
      const now = await deps.clock.now();
      const { status } = deriveSessionState(timelineOf(session), now);
      if (status === 'paused') throw new AppError('session.paused');
      if (isClosedStatus(status)) throw new AppError('session.ended');
      if (status !== 'running') throw new AppError('session.not_running');
      const team = (await deps.sessions.listTeams(sessionUuid)).find(
        (t) => t.uuid === player.team_uuid,
      );
      if (!team) throw new AppError('team.not_found');
      if (team.eliminated_at) throw new AppError('team.eliminated');
      const live = await repo.findLive(sessionUuid, team.uuid);
      if (!live) throw new AppError('lab.not_found');
      const environment = await requireConsoleEnvironment(live.id, now);
      return grantTicket(deps.db, { accountId: principal.accountId, environment, origin, now });
    },

    /**
     * A trainer's ticket to a team's console, for any team of a session they may run, while
     * the session has not ended (paused included: a trainer may look while players wait).
     * The audit row commits with the ticket: no console is opened unrecorded.
     */
    async issueForTrainer(
      principal: Principal,
      sessionUuid: string,
      teamUuid: string,
      origin: string,
    ): Promise<ConsoleTicket> {
      requireCapability(principal, 'session.run');
      const session = await deps.sessions.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const now = await deps.clock.now();
      const { status } = deriveSessionState(timelineOf(session), now);
      if (isClosedStatus(status)) throw new AppError('session.ended');
      const team = (await deps.sessions.listTeams(sessionUuid)).find((t) => t.uuid === teamUuid);
      if (!team) throw new AppError('team.not_found');
      const live = await repo.findLive(sessionUuid, team.uuid);
      if (!live) throw new AppError('lab.not_found');
      const environment = await requireConsoleEnvironment(live.id, now);
      return deps.db.transaction().execute(async (trx) => {
        const ticket = await grantTicket(trx, {
          accountId: principal.accountId,
          environment,
          origin,
          now,
        });
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'lab.console_opened',
          sessionUuid,
          targetUuid: team.uuid,
          details: { envId: environment.id },
        });
        return ticket;
      });
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
      const now = await deps.clock.now();
      if (!row || row.expires_at <= now) throw new AppError('lab.console_ticket_invalid');
      if (origin !== row.origin) throw new AppError('auth.origin_mismatch');
      const environment = await requireConsoleEnvironment(row.environment_id, now);
      // The ticket names the team it was issued for: its environment must still be that team's.
      if (environment.team_uuid !== row.team_uuid || environment.session_uuid !== row.session_uuid)
        throw new AppError('lab.console_ticket_invalid');
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
      return !!row && row.released_at === null && row.expires_at > (await deps.clock.now());
    },
  };
};

export type ConsoleService = ReturnType<typeof createConsoleService>;
