import type { Clock } from '../../lib/clock.js';
import type { RetentionRepository } from './retention.repository.js';

const DAY_MS = 24 * 3600_000;
/** Sessions whose events one pass of the loop deletes, each in a statement of its own. */
const PAGE = 50;
/**
 * An expired login link is kept this long past its expiry, so that a player who opens it late
 * is told it expired (ask for another) rather than that it never existed.
 */
export const MAGIC_LINK_GRACE_MS = DAY_MS;

export interface PruneReport {
  /** Another node held the lock: this one did nothing. */
  skipped: boolean;
  sessions: number;
  events: number;
  consoleTickets: number;
  magicLinks: number;
}

/**
 * What must not grow for ever. The event log of a session over for longer than the retention
 * is deleted: it only serves streams (a client's live feed and its replay after a reconnection)
 * and, for a day after a game, the ranking repair. The debrief, the statistics, the exports,
 * the results and the history read the session's own tables (teams, ledger, submissions,
 * objective states, audit, chat, survey), never the log. Expired console tickets and login
 * links are deleted too; the embedded database is vacuumed.
 */
export const createRetentionService = (deps: {
  repo: RetentionRepository;
  /** The time sessions run on (the database's). */
  clock: Clock;
  /** Days a session's events are kept after it is over; 0 keeps them for ever. */
  eventDays: number;
}) => ({
  async prune(): Promise<PruneReport> {
    const now = await deps.clock.now();
    const report = await deps.repo.exclusive(async (executor) => {
      let sessions = 0;
      let events = 0;
      if (deps.eventDays > 0) {
        const cutoff = new Date(now.getTime() - deps.eventDays * DAY_MS);
        for (;;) {
          const page = await deps.repo.listSessionsToPrune(executor, cutoff, PAGE);
          for (const uuid of page) {
            const deleted = await deps.repo.deleteSessionEvents(executor, uuid);
            if (deleted > 0) sessions += 1;
            events += deleted;
          }
          if (page.length < PAGE) break;
        }
      }
      const consoleTickets = await deps.repo.deleteExpiredConsoleTickets(executor, now);
      const magicLinks = await deps.repo.deleteExpiredMagicLinks(
        executor,
        new Date(now.getTime() - MAGIC_LINK_GRACE_MS),
      );
      return { skipped: false, sessions, events, consoleTickets, magicLinks };
    });
    return report ?? { skipped: true, sessions: 0, events: 0, consoleTickets: 0, magicLinks: 0 };
  },

  /** Vacuums the database; answers its size before and after, and how long it took. */
  async vacuum() {
    const started = performance.now();
    const beforeBytes = await deps.repo.databaseBytes();
    await deps.repo.vacuum();
    const afterBytes = await deps.repo.databaseBytes();
    return { beforeBytes, afterBytes, ms: Math.round(performance.now() - started) };
  },

  /** Takes a checkpoint; answers how long it took. */
  async checkpoint() {
    const started = performance.now();
    await deps.repo.checkpoint();
    return { ms: Math.round(performance.now() - started) };
  },
});

export type RetentionService = ReturnType<typeof createRetentionService>;
