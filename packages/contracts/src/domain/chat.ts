import { z } from 'zod';
import { avatarIds } from './avatars.js';

/**
 * Chat: per gaming session an Admin channel (trainers post, players read), a
 * General channel (everyone in the session), one Team channel per team (its members only) and
 * one support thread per team (the team with the trainers); outside any session, one support
 * thread per player (the player with the trainers). Every channel is one thread of messages
 * sorted ascending by `created_at`.
 */
export const chatChannels = ['admin', 'general', 'team', 'support'] as const;
export type ChatChannel = (typeof chatChannels)[number];
export const chatChannelSchema = z.enum(chatChannels);

export const chatLimits = {
  /** Characters of one message, after trimming. */
  messageLength: 2000,
  /** A client id: what makes a retried send the same message. */
  clientIdLength: 64,
  /** The most recent messages a thread is read with. */
  history: 500,
  /** Threads one set-threads-as-read names. */
  threadsPerRead: 50,
} as const;

const uuid = z.uuid();

export const chatAuthorSchema = z.object({
  /** The author's account id: lets a client tell its own messages from the others'. */
  id: uuid,
  pseudo: z.string().max(200),
  role: z.enum(['player', 'trainer']),
  avatarId: z.enum(avatarIds).nullable(),
});

/** One message as every reader of its thread sees it. The text is plain text, never HTML. */
export const chatMessageSchema = z.object({
  uuid,
  threadUuid: uuid,
  /** The sender's id for this message, `null` when none was given. */
  clientId: z.string().max(chatLimits.clientIdLength).nullable(),
  author: chatAuthorSchema,
  text: z.string().max(chatLimits.messageLength),
  created_at: z.iso.datetime({ offset: true }),
  /**
   * The objective a team's support question is about, when it was asked from that objective's
   * window; absent or `null` otherwise. The objective is one its own team reads already.
   */
  objectiveUuid: uuid.nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  uuid,
  channel: chatChannelSchema,
  /** The session it belongs to; `null` for a player's support thread outside any session. */
  sessionUuid: uuid.nullable(),
  /** The team of a Team channel or of a team's support thread. */
  team: z.object({ uuid, name: z.string() }).nullable(),
  /** The player of a support thread outside a session (as trainers see it). */
  player: z.object({ pseudo: z.string(), avatarId: z.enum(avatarIds).nullable() }).nullable(),
  /** Whether the caller may post here (players only read the Admin channel). */
  canPost: z.boolean(),
  /** Messages of others the caller has not marked as read, on any device. */
  unread: z.number().int().nonnegative(),
  /** The latest `chatLimits.history` messages, oldest first. */
  messages: z.array(chatMessageSchema),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
