import type { ChatChannel } from '@rampart/contracts';

/** What decides who reads a thread: its channel and what it belongs to. */
export interface ThreadOwner {
  channel: ChatChannel;
  sessionUuid: string | null;
  teamUuid: string | null;
  /** The player of a support thread outside any session. */
  accountId: string | null;
}

/**
 * Who asks: a trainer, or a player with their place in the thread's session (`null` when they
 * are not a player of it; `teamUuid` null while they have no team).
 */
export type ChatViewer =
  | { role: 'trainer'; accountId: string }
  | {
      role: 'player';
      accountId: string;
      membership: { sessionUuid: string; teamUuid: string | null } | null;
    };

export type ChatAccess = 'none' | 'read' | 'write';

/**
 * The channel membership rules, in one place:
 * - Admin: trainers write, the session's players read;
 * - General: trainers and every player of the session write;
 * - Team: the team's members only; trainers neither read nor write it (a team's own talk);
 * - a team's support thread: its members and the trainers;
 * - a player's support thread outside sessions: that player and the trainers.
 * Nobody else so much as learns that the thread exists (`none` is answered as not found).
 */
export const chatAccess = (viewer: ChatViewer, thread: ThreadOwner): ChatAccess => {
  if (thread.sessionUuid === null) {
    if (viewer.role === 'trainer') return 'write';
    return thread.accountId === viewer.accountId ? 'write' : 'none';
  }
  if (viewer.role === 'trainer') return thread.channel === 'team' ? 'none' : 'write';
  const member = viewer.membership;
  if (!member || member.sessionUuid !== thread.sessionUuid) return 'none';
  switch (thread.channel) {
    case 'admin':
      return 'read';
    case 'general':
      return 'write';
    case 'team':
    case 'support':
      return member.teamUuid !== null && member.teamUuid === thread.teamUuid ? 'write' : 'none';
  }
};

/** The unique key a thread is found or created under (see 0008-chat). */
export const threadKey = (thread: ThreadOwner): string => {
  if (thread.sessionUuid === null) return `player:${thread.accountId}:support`;
  if (thread.channel === 'admin' || thread.channel === 'general')
    return `session:${thread.sessionUuid}:${thread.channel}`;
  return `team:${thread.teamUuid}:${thread.channel}`;
};

/** Control characters other than tab and line feed; a lone carriage return becomes a newline. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A message's text as stored: line endings as `\n`, control and bidirectional-override
 * characters removed (they can disguise a link), surrounding blank space trimmed. The client
 * renders it as text; only http(s) links become links, and that is decided when shown.
 */
export const normaliseMessageText = (text: string): string =>
  text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
