import type { Submission } from '@rampart/contracts';

/** The rows a cockpit keeps in memory: a long exercise records thousands of answers. */
export const feedCap = 500;

export interface FeedRows {
  /** Newest first, no id twice. */
  rows: readonly Submission[];
  /** The `before` of the next older page, `null` when the oldest row is held. */
  olderBefore: number | null;
}

export const emptyFeed: FeedRows = { rows: [], olderBefore: null };

const newestFirst = (rows: Iterable<Submission>) =>
  [...new Map([...rows].map((row) => [row.id, row])).values()].sort((a, b) => b.id - a.id);

/**
 * Rows that arrived (`?after=`, oldest first) go on top. Past the cap the oldest are dropped, and
 * the "older" button then fetches them again from the server.
 */
export const prependNewer = (
  feed: FeedRows,
  arrived: readonly Submission[],
  cap = feedCap,
): FeedRows => {
  const rows = newestFirst([...arrived, ...feed.rows]);
  if (rows.length <= cap) return { rows, olderBefore: feed.olderBefore };
  const kept = rows.slice(0, cap);
  return { rows: kept, olderBefore: kept.at(-1)!.id };
};

/** An older page (`?before=`) goes below; the trainer asked for it, so the cap does not apply. */
export const appendOlder = (
  feed: FeedRows,
  page: { submissions: readonly Submission[]; nextBefore: number | null },
): FeedRows => ({
  rows: newestFirst([...feed.rows, ...page.submissions]),
  olderBefore: page.nextBefore,
});

/** The id to ask `?after=` from: the newest held, 0 for an empty feed. */
export const newestId = (feed: FeedRows) => feed.rows[0]?.id ?? 0;
