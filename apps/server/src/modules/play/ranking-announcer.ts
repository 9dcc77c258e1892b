import { rankTeamRows } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { holdStream } from '../../realtime/pipelined-appends.js';
import { sessionStream } from '../../realtime/streams.js';
import { logoUrlOf } from '../sessions/session-view.js';
import type { PlayRepository } from './play.repository.js';

/**
 * A node announces a session's ranking at most once in its interval: the first change at once,
 * the changes that follow within the interval together at its end. Under a burst of solves the
 * whole table goes to every client of the session a few times a second instead of once per
 * batch (each solve is still announced at once by its own `objective.solved`).
 */
export const RANKING_INTERVAL_MS = 250;
/**
 * Rankings a node announces per second at most, all sessions together. Each announcement reads
 * the session's whole table and appends it (about 17 kB for 100 teams) to its stream: with
 * dozens of sessions busy at once, four a second each would make the node's cost per answer
 * grow with the number of sessions, on the embedded database above all. Sessions share the budget evenly: while more sessions than `RANKINGS_PER_SECOND / 4` have
 * changes, each one's interval grows to `sessions / RANKINGS_PER_SECOND` seconds, so a ranking
 * on screen is at most about that old (plus `RANKING_GRACE_MS`): 250 ms up to 20 busy sessions,
 * 1 s at 80, 2 s at 160. Every solve still goes out at once by its own `objective.solved`.
 */
export const RANKINGS_PER_SECOND = 80;
/** A session counts as busy (sharing the budget) this long after its ranking last changed. */
const BUSY_WINDOW_MS = 1_000;
/**
 * How long past its interval a deferred announcement waits for a batch of the session to
 * announce the ranking instead (with its own writes, in fewer round trips than a transaction of
 * its own): under load one always comes, and the deferred one is dropped.
 */
export const RANKING_GRACE_MS = 50;

export interface RankingRow {
  uuid: string;
  name: string;
  score: number;
  score_reached_at: Date | null;
  eliminated_at: Date | null;
  has_logo: boolean;
  completed: number | string | null;
}

/**
 * The session's ranking as an event for everyone: the whole table, serialised once, with every
 * column of `GET …/ranking` (the ranking cache builds the same rows), so that open screens take
 * it as it is rather than reading it again.
 */
export const rankingEventOf = (
  sessionUuid: string,
  rows: readonly RankingRow[],
): EventToAppend => ({
  stream: sessionStream(sessionUuid),
  audience: 'session',
  type: 'ranking.changed',
  payload: {
    teams: rankTeamRows(rows).map(
      ({ uuid, name, score, rank, eliminated, has_logo, completed }) => ({
        uuid,
        name,
        logoUrl: has_logo ? logoUrlOf(sessionUuid, uuid) : null,
        score,
        rank,
        eliminated,
        completed_objectives: Number(completed ?? 0),
      }),
    ),
  },
});

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The rankings of several sessions as events, from their teams' rows read as JSON. */
export const rankingEventsOf = (
  sessions: Iterable<string>,
  rows: readonly (Omit<RankingRow, 'score_reached_at' | 'eliminated_at'> & {
    session_uuid: string;
    score_reached_at: string | null;
    eliminated_at: string | null;
  })[],
): EventToAppend[] => {
  // Grouped in one pass: a batch may announce dozens of sessions of 100 teams each.
  const bySession = new Map<string, RankingRow[]>();
  for (const row of rows) {
    let group = bySession.get(row.session_uuid);
    if (!group) bySession.set(row.session_uuid, (group = []));
    group.push({
      ...row,
      score: Number(row.score),
      score_reached_at: dateOrNull(row.score_reached_at),
      eliminated_at: dateOrNull(row.eliminated_at),
    });
  }
  return [...sessions].map((session) => rankingEventOf(session, bySession.get(session) ?? []));
};

/**
 * The session's ranking as an event, read in the caller's transaction once it holds the
 * session's stream: a batch of answers appending to it meanwhile has committed by then, so the
 * ranking read has its changes, and the event (after the batch's own) never shows an older one.
 * The stream is taken here, after the caller's other locks (a session's, a team's): the order
 * the answer batches take them in.
 */
export const rankingEvent = async (
  repo: PlayRepository,
  trx: Transaction<Database>,
  sessionUuid: string,
): Promise<EventToAppend> => {
  await holdStream(trx, sessionStream(sessionUuid));
  return rankingEventOf(sessionUuid, await repo.listRankingRows(sessionUuid, trx));
};

/**
 * When each session's ranking goes out from this node. A batch whose answers moved scores asks
 * `mayAnnounce`: yes once the session's interval since its last announcement is over, and the
 * batch then appends the ranking with its own events and says so (`announcedBy`); otherwise the
 * announcement is deferred (`announceLater`) to the interval's end (plus a grace), in a
 * transaction of its own, unless a batch announces it meanwhile. The interval is
 * `RANKING_INTERVAL_MS`, longer while many sessions are busy (`RANKINGS_PER_SECOND`).
 */
export const createRankingAnnouncer = (deps: {
  events: EventWriter;
  /** A session's ranking rows, read in the caller's transaction. */
  rankingRows: (trx: Transaction<Database>, sessionUuid: string) => Promise<RankingRow[]>;
  logger: { warn(details: object, message: string): void };
  /** The node's budget (tests set a small one). */
  rankingsPerSecond?: number;
}) => {
  const perSecond = deps.rankingsPerSecond ?? RANKINGS_PER_SECOND;
  // When each session's ranking was last announced, and the announcements waiting for the end
  // of their interval, on this node, with when they were set.
  const announcedAt = new Map<string, number>();
  interface Deferred {
    timer: NodeJS.Timeout;
    since: number;
  }
  const deferred = new Map<string, Deferred>();
  let closed = false;

  // The busy sessions (ranking changed within the window), counted again at most every 100 ms.
  const changedAt = new Map<string, number>();
  let interval = RANKING_INTERVAL_MS;
  let countedAt = -Infinity;
  const changed = (session: string) => {
    const now = performance.now();
    changedAt.delete(session);
    changedAt.set(session, now);
    if (now - countedAt < 100) return;
    countedAt = now;
    // Oldest first (each change moves its session to the end): the stale ones lead.
    for (const [stale, at] of changedAt) {
      if (now - at < BUSY_WINDOW_MS) break;
      changedAt.delete(stale);
    }
    interval = Math.max(RANKING_INTERVAL_MS, (changedAt.size * 1000) / perSecond);
  };

  const announceLater = (session: string) => {
    if (closed || deferred.has(session)) return;
    changed(session);
    const due = (announcedAt.get(session) ?? -Infinity) + interval + RANKING_GRACE_MS;
    const waiting = {
      timer: setTimeout(
        () => void announceDeferred(session, waiting),
        Math.max(0, due - performance.now()),
      ),
      since: performance.now(),
    };
    waiting.timer.unref();
    deferred.set(session, waiting);
  };

  /** The ranking as it is now, in a transaction of its own; tried again later if it fails. */
  const announceDeferred = async (session: string, waiting: Deferred) => {
    announcedAt.set(session, performance.now());
    // Another may have been set meanwhile (once a batch announced): it stays.
    const done = () => {
      if (deferred.get(session) === waiting) deferred.delete(session);
    };
    try {
      // Read once the stream is held (taken first: this transaction locks nothing else).
      await deps.events.transaction(
        async ({ trx, append }) =>
          append(rankingEventOf(session, await deps.rankingRows(trx, session))),
        { lock: [sessionStream(session)] },
      );
      done();
    } catch (error) {
      deps.logger.warn({ err: error, session }, 'ranking announcement failed: tried again');
      done();
      announceLater(session);
    }
  };

  return {
    /**
     * Whether a batch that moved the session's ranking may announce it now (its interval is
     * over); the session counts as busy for the budget either way.
     */
    mayAnnounce(session: string) {
      changed(session);
      return performance.now() - (announcedAt.get(session) ?? -Infinity) >= interval;
    },

    /**
     * A batch that began at `began` has announced the session's ranking, with every change
     * committed before it began: a deferred announcement set before then has nothing left to say.
     */
    announcedBy(session: string, began: number) {
      announcedAt.set(session, performance.now());
      const waiting = deferred.get(session);
      if (waiting && waiting.since < began) {
        clearTimeout(waiting.timer);
        deferred.delete(session);
      }
    },

    /** The session's ranking changed and was not announced: at the end of its interval. */
    announceLater,

    /**
     * Makes the announcements still waiting now, once the node has stopped taking answers: the
     * stream's newest ranking is the ledger's when a node stops, not the one before its last
     * burst. (A crash loses them: `ranking-repair.ts` makes them up.)
     */
    async close() {
      closed = true;
      const waiting = [...deferred];
      for (const [, { timer }] of waiting) clearTimeout(timer);
      await Promise.all(waiting.map(([session, entry]) => announceDeferred(session, entry)));
      deferred.clear();
    },
  };
};

export type RankingAnnouncer = ReturnType<typeof createRankingAnnouncer>;
