import { randomUUID } from 'node:crypto';
import { displayPagePath, isClosedStatus, type DisplayLink } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { AppError } from '../../lib/errors.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { sessionTimes } from '../sessions/session-view.js';
import type { SessionRow, SessionsRepository } from '../sessions/sessions.repository.js';
import type { DisplayRepository } from './display.repository.js';

/**
 * How long a display link outlives its session: the room keeps the podium on the wall for the
 * debrief, then the link lapses by itself (it is revocable before, at any time).
 */
export const DISPLAY_LINK_MARGIN_MS = 2 * 60 * 60 * 1000;

/** When a session's link stops working, or null while its end is not known yet. */
export const linkExpiryOf = (session: SessionRow, now: Date): Date | null => {
  const times = sessionTimes(session, now);
  const end = times.endsAt ?? (isClosedStatus(times.status) ? (session.stopped_at ?? now) : null);
  return end === null ? null : new Date(new Date(end).getTime() + DISPLAY_LINK_MARGIN_MS);
};

type LinkRow = NonNullable<Awaited<ReturnType<DisplayRepository['findLink']>>>;

const linkOf = (row: LinkRow, expiresAt: Date | null): DisplayLink => ({
  uuid: row.uuid,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: { uuid: row.created_by, pseudo: row.created_by_pseudo ?? '' },
  expiresAt: expiresAt?.toISOString() ?? null,
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  revokedBy: row.revoked_at ? { uuid: row.revoked_by, pseudo: row.revoked_by_pseudo ?? '' } : null,
});

/**
 * The cockpit's side of display links: the session's own trainer issues one (the token is shown
 * once, stored as a digest); any trainer who runs sessions lists and revokes them, since taking
 * a screen off the wall is a safety action. Creation and revocation are audited and announced
 * to the session's trainers; a revocation's event also ends the link's open streams on every node.
 */
export const createDisplayLinksService = (deps: {
  db: Kysely<Database>;
  repo: DisplayRepository;
  sessions: SessionsRepository;
  events: EventWriter;
  clock: Clock;
}) => {
  const requireSession = async (sessionUuid: string) => {
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    return session;
  };

  const announce = (sessionUuid: string, linkUuid: string, revoked: boolean) => ({
    stream: sessionStream(sessionUuid),
    audience: 'trainers' as const,
    type: 'display.link_changed' as const,
    payload: { linkUuid, revoked },
  });

  return {
    async create(principal: Principal, sessionUuid: string) {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      if (session.owner_kind !== 'trainer' || session.owner_id !== principal.accountId)
        throw new AppError('display.not_session_trainer');
      const token = randomToken();
      const uuid = randomUUID();
      await deps.events.transaction(async ({ trx, append }) => {
        await deps.repo.insertLink(trx, {
          uuid,
          sessionUuid,
          tokenHash: sha256(token),
          createdBy: principal.accountId,
        });
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'display_link.created',
          sessionUuid,
          targetUuid: uuid,
        });
        await append(announce(sessionUuid, uuid, false));
      });
      const row = (await deps.repo.findLink(uuid))!;
      return {
        link: linkOf(row, linkExpiryOf(session, await deps.clock.now())),
        token,
        path: displayPagePath(token),
      };
    },

    async list(principal: Principal, sessionUuid: string) {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      const expiresAt = linkExpiryOf(session, await deps.clock.now());
      const rows = await deps.repo.listLinks(sessionUuid);
      return { links: rows.map((row) => linkOf(row, expiresAt)) };
    },

    async revoke(principal: Principal, sessionUuid: string, linkUuid: string) {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      const existing = await deps.repo.findLink(linkUuid);
      if (!existing || existing.session_uuid !== sessionUuid)
        throw new AppError('display.link_not_found');
      // Revoking a revoked link changes nothing and records nothing: the answer is the link.
      if (!existing.revoked_at) {
        await deps.events.transaction(async ({ trx, append }) => {
          const revoked = await deps.repo.revokeLink(
            trx,
            sessionUuid,
            linkUuid,
            principal.accountId,
          );
          if (!revoked) return;
          await recordTrainerAction(trx, {
            accountId: principal.accountId,
            action: 'display_link.revoked',
            sessionUuid,
            targetUuid: linkUuid,
          });
          await append(announce(sessionUuid, linkUuid, true));
        });
      }
      const row = (await deps.repo.findLink(linkUuid))!;
      return { link: linkOf(row, linkExpiryOf(session, await deps.clock.now())) };
    },
  };
};

export type DisplayLinksService = ReturnType<typeof createDisplayLinksService>;
