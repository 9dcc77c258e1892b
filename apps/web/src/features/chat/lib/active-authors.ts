import type { ChatMessage } from '@rampart/contracts';

/** How recent a message must be for its author to count as active in a conversation. */
export const ACTIVE_WINDOW_MS = 10 * 60_000;

/**
 * Who is active in a conversation: the authors of
 * its messages of the last ten minutes, most recent first, each once; `role` keeps players or
 * trainers only.
 */
export const activeAuthors = (
  messages: readonly ChatMessage[],
  now: number,
  role?: ChatMessage['author']['role'],
): ChatMessage['author'][] => {
  const seen = new Set<string>();
  const active: ChatMessage['author'][] = [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (now - Date.parse(message.created_at) > ACTIVE_WINDOW_MS) break;
    if (role && message.author.role !== role) continue;
    if (seen.has(message.author.id)) continue;
    seen.add(message.author.id);
    active.push(message.author);
  }
  return active;
};
