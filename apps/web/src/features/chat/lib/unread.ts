import type { ChatChannel } from '@rampart/contracts';

/** Unread messages per thread. */
export type UnreadCounts = Readonly<Record<string, number>>;

/** A message arrived in a thread the reader is not looking at. */
export const incrementUnread = (counts: UnreadCounts, threadId: string): UnreadCounts => ({
  ...counts,
  [threadId]: (counts[threadId] ?? 0) + 1,
});

/** The server said how many (a fresh read of the threads). Never below zero. */
export const setUnread = (counts: UnreadCounts, threadId: string, count: number): UnreadCounts => ({
  ...counts,
  [threadId]: Math.max(0, Math.floor(count)),
});

/** The reader saw the thread. */
export const resetUnread = (counts: UnreadCounts, threadId: string): UnreadCounts =>
  setUnread(counts, threadId, 0);

/**
 * The global count (the session's Admin, General and Team channels), the support count (support
 * threads) and their sum, the total.
 */
export const unreadTotals = (
  threads: readonly { uuid: string; channel: ChatChannel }[],
  counts: UnreadCounts,
) => {
  let global = 0;
  let support = 0;
  for (const thread of threads) {
    const count = counts[thread.uuid] ?? 0;
    if (thread.channel === 'support') support += count;
    else global += count;
  }
  return { global, support, total: global + support };
};
