import type { ChatChannel, ChatMessage, ChatThread } from '@rampart/contracts';
import { testPlayer } from '../../../test/render-app';

let counter = 0;
const uuidOf = (n: number) => `0190a1b2-c3d4-7e5f-8c9b-${String(n).padStart(12, '0')}`;

/** A message in a thread, by default from a teammate a minute ago. */
export const buildMessage = (
  overrides: Partial<ChatMessage> & { threadUuid: string },
): ChatMessage => {
  counter += 1;
  return {
    uuid: uuidOf(100_000 + counter),
    clientId: null,
    author: { id: uuidOf(900), pseudo: 'Bob', role: 'player', avatarId: null },
    text: `message ${counter}`,
    created_at: new Date(Date.now() - 60_000 + counter).toISOString(),
    ...overrides,
  };
};

export const buildThread = (
  channel: ChatChannel,
  overrides: Partial<ChatThread> = {},
): ChatThread => ({
  uuid: uuidOf({ admin: 1, general: 2, team: 3, support: 4 }[channel]),
  channel,
  sessionUuid: null,
  team: null,
  player: null,
  canPost: channel !== 'admin',
  unread: 0,
  messages: [],
  ...overrides,
});

export const selfAuthor = {
  id: testPlayer.uuid,
  pseudo: testPlayer.pseudo,
  role: 'player' as const,
  avatarId: null,
};

export const trainerAuthor = {
  id: uuidOf(901),
  pseudo: 'Coach',
  role: 'trainer' as const,
  avatarId: null,
};
