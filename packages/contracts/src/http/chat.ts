import { z } from 'zod';
import { chatLimits, chatMessageSchema, chatThreadSchema } from '../domain/chat.js';
import { defineRoute } from './route.js';

/**
 * Chat: a session's threads (Admin, General, Team, the team's support thread),
 * a player's support thread outside any session, and the trainers' side of both. New messages
 * travel on the event streams (`chat.message_posted` on the session's, `support.message_posted`
 * on the player's own); these routes read the threads, post and mark as read.
 */
const uuid = z.uuid();
const sessionParams = z.object({ uuid });

/**
 * The text is checked by the service, not here, so that an empty or overlong message gets its
 * own error code (`chat.message_empty`, `chat.message_too_long`) rather than a generic 422; the
 * request body limit bounds what reaches it.
 */
const messageFields = {
  text: z.string(),
  /**
   * Chosen by the sender, once per message: a retry with the same id answers the message
   * already posted (200) instead of posting it again (201).
   */
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'letters, digits, - and _ only' })
    .min(1)
    .max(chatLimits.clientIdLength)
    .optional(),
};

export const postChatMessageBodySchema = z.object({ threadId: uuid, ...messageFields }).strict();
/**
 * A player of the session may say which objective a support question is about: one of the
 * session's objectives, in the team's own support thread (`chat.objective_not_allowed` in any
 * other thread, `objective.not_found` for an objective the team cannot read).
 */
export const postSessionChatMessageBodySchema = postChatMessageBodySchema
  .extend({ objectiveUuid: uuid.optional() })
  .strict();
export const postSupportMessageBodySchema = z
  .object({
    /** The caller's own support thread when omitted. */
    threadId: uuid.optional(),
    ...messageFields,
  })
  .strict();
export const setThreadsAsReadBodySchema = z
  .object({ threadIds: z.array(uuid).min(1).max(chatLimits.threadsPerRead) })
  .strict();

const threadsAnswer = z.object({ threads: z.array(chatThreadSchema) });
export type ChatThreadsAnswer = z.infer<typeof threadsAnswer>;
const messageAnswer = z.object({ message: chatMessageSchema });
const postResponses = {
  201: messageAnswer,
  200: messageAnswer,
  403: null,
  404: null,
  422: null,
  /** `chat.rate_limited`, with the seconds until the author may post again. */
  429: null,
} as const;
const readResponses = { 204: null, 403: null, 404: null, 422: null } as const;

export const getSessionChatThreads = defineRoute({
  method: 'GET',
  path: '/api/session/{uuid}/chat/threads',
  summary:
    'The session’s chat threads the caller belongs to, with their messages and unread counts',
  tag: 'chat',
  access: 'player',
  params: sessionParams,
  responses: { 200: threadsAnswer, 403: null, 404: null },
});

export const postSessionChatMessage = defineRoute({
  method: 'POST',
  path: '/api/session/{uuid}/chat/messages',
  summary: 'Posts a message to a thread of the session (201; 200 for a retried client id)',
  tag: 'chat',
  access: 'player',
  params: sessionParams,
  body: postSessionChatMessageBodySchema,
  responses: postResponses,
  retryAfter: [429],
});

export const postSessionChatRead = defineRoute({
  method: 'POST',
  path: '/api/session/{uuid}/chat/set-threads-as-read',
  summary: 'Marks threads of the session as read by the caller, on every device',
  tag: 'chat',
  access: 'player',
  params: sessionParams,
  body: setThreadsAsReadBodySchema,
  responses: readResponses,
});

export const getSupportThreads = defineRoute({
  method: 'GET',
  path: '/api/support/threads',
  summary: 'The caller’s support thread with the trainers, outside any session',
  tag: 'chat',
  access: 'player',
  responses: { 200: threadsAnswer },
});

export const postSupportMessage = defineRoute({
  method: 'POST',
  path: '/api/support/messages',
  summary: 'Writes to the trainers in the caller’s support thread',
  tag: 'chat',
  access: 'player',
  body: postSupportMessageBodySchema,
  responses: postResponses,
  retryAfter: [429],
});

export const postSupportRead = defineRoute({
  method: 'POST',
  path: '/api/support/set-threads-as-read',
  summary: 'Marks the caller’s support thread as read',
  tag: 'chat',
  access: 'player',
  body: setThreadsAsReadBodySchema,
  responses: readResponses,
});

// Trainers -------------------------------------------------------------------------------------

export const getTrainerSessionChatThreads = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/chat/threads',
  summary: 'A session’s Admin and General channels and every team’s support thread',
  tag: 'chat',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: threadsAnswer, 404: null },
});

export const postTrainerSessionChatMessage = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/chat/messages',
  summary: 'Posts to the Admin or General channel or answers a team’s support thread',
  tag: 'chat',
  access: 'trainer',
  params: sessionParams,
  body: postChatMessageBodySchema,
  responses: postResponses,
  retryAfter: [429],
});

export const postTrainerSessionChatRead = defineRoute({
  method: 'POST',
  path: '/api/trainer/sessions/{uuid}/chat/set-threads-as-read',
  summary: 'Marks threads of a session as read by the calling trainer',
  tag: 'chat',
  access: 'trainer',
  params: sessionParams,
  body: setThreadsAsReadBodySchema,
  responses: readResponses,
});

export const getTrainerSupportThreads = defineRoute({
  method: 'GET',
  path: '/api/trainer/support/threads',
  summary: 'Every player’s support thread that has a message, most recent first',
  tag: 'chat',
  access: 'trainer',
  responses: { 200: threadsAnswer },
});

export const postTrainerSupportMessage = defineRoute({
  method: 'POST',
  path: '/api/trainer/support/messages',
  summary: 'Answers a player’s support thread',
  tag: 'chat',
  access: 'trainer',
  body: postChatMessageBodySchema,
  responses: postResponses,
  retryAfter: [429],
});

export const postTrainerSupportRead = defineRoute({
  method: 'POST',
  path: '/api/trainer/support/set-threads-as-read',
  summary: 'Marks players’ support threads as read by the calling trainer',
  tag: 'chat',
  access: 'trainer',
  body: setThreadsAsReadBodySchema,
  responses: readResponses,
});

export const chatRoutes = [
  getSessionChatThreads,
  postSessionChatMessage,
  postSessionChatRead,
  getSupportThreads,
  postSupportMessage,
  postSupportRead,
  getTrainerSessionChatThreads,
  postTrainerSessionChatMessage,
  postTrainerSessionChatRead,
  getTrainerSupportThreads,
  postTrainerSupportMessage,
  postTrainerSupportRead,
] as const;
