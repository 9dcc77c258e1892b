import {
  chatLimits,
  type AvatarId,
  type ChatChannel,
  type ChatMessage,
  type ChatThread,
} from '@rampart/contracts';
import type { ChatAccess } from './chat-access.js';
import type { ChatRepository, MessageRow, ThreadRow } from './chat.repository.js';

/** A message row as every reader of its thread sees it. */
export const messageOf = (row: MessageRow): ChatMessage => ({
  uuid: row.uuid,
  threadUuid: row.thread_uuid,
  clientId: row.client_id,
  author: {
    id: row.author_id,
    pseudo: row.author_pseudo,
    role: row.author_role,
    avatarId: row.author_avatar_id as AvatarId | null,
  },
  text: row.text,
  created_at: new Date(row.created_at).toISOString(),
  ...(row.objective_uuid ? { objectiveUuid: row.objective_uuid } : {}),
});

export const ownerOf = (row: ThreadRow) => ({
  channel: row.channel as ChatChannel,
  sessionUuid: row.session_uuid,
  teamUuid: row.team_uuid,
  accountId: row.account_id,
});

/** Threads as the caller sees them: their latest messages and the caller's unread count. */
export const readThreads = async (
  repo: ChatRepository,
  accountId: string,
  rows: readonly { row: ThreadRow; access: Exclude<ChatAccess, 'none'> }[],
): Promise<ChatThread[]> => {
  const uuids = rows.map(({ row }) => row.uuid);
  const [messages, unread] = await Promise.all([
    repo.listMessages(uuids, chatLimits.history),
    repo.countUnread(accountId, uuids),
  ]);
  const byThread = new Map<string, ChatMessage[]>(uuids.map((uuid) => [uuid, []]));
  for (const message of messages) byThread.get(message.thread_uuid)!.push(messageOf(message));
  return rows.map(({ row, access }) => ({
    uuid: row.uuid,
    channel: row.channel as ChatChannel,
    sessionUuid: row.session_uuid,
    team: row.team_uuid ? { uuid: row.team_uuid, name: row.team_name ?? '' } : null,
    player:
      row.account_id && row.player_pseudo
        ? { pseudo: row.player_pseudo, avatarId: row.player_avatar_id as AvatarId | null }
        : null,
    canPost: access === 'write',
    unread: unread.get(row.uuid) ?? 0,
    messages: byThread.get(row.uuid)!,
  }));
};
