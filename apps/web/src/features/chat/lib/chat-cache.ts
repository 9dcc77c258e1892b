import type { ChatMessage, ChatThread, ChatThreadsAnswer } from '@rampart/contracts';
import { incrementUnread, setUnread, type UnreadCounts } from './unread';

/**
 * Adds a message to the thread it belongs to: once (a message heard on the stream and answered
 * to the send are the same message), in `created_at` order. `countsAsUnread`: it is someone
 * else's message and the reader is not looking at the thread.
 */
export const mergeMessage = (
  answer: ChatThreadsAnswer | undefined,
  message: ChatMessage,
  countsAsUnread: boolean,
): ChatThreadsAnswer | undefined => {
  if (!answer) return answer;
  return {
    threads: answer.threads.map((thread) => {
      if (thread.uuid !== message.threadUuid) return thread;
      if (thread.messages.some((known) => known.uuid === message.uuid)) return thread;
      const messages = [...thread.messages, message].sort(
        (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
      );
      const unread = countsAsUnread
        ? incrementUnread(countsOf([thread]), thread.uuid)[thread.uuid]!
        : thread.unread;
      return { ...thread, messages, unread };
    }),
  };
};

/** The counts the threads carry (as the server last said, and as changed since). */
export const countsOf = (threads: readonly ChatThread[]): UnreadCounts =>
  Object.fromEntries(threads.map((thread) => [thread.uuid, thread.unread]));

/** Sets the unread count of threads (zero: marked as read). */
export const withUnread = (
  answer: ChatThreadsAnswer | undefined,
  threadIds: readonly string[],
  count: number,
): ChatThreadsAnswer | undefined => {
  if (!answer) return answer;
  let counts = countsOf(answer.threads);
  for (const id of threadIds) counts = setUnread(counts, id, count);
  return {
    threads: answer.threads.map((thread) => ({ ...thread, unread: counts[thread.uuid] ?? 0 })),
  };
};
