import {
  getSessionChatThreads,
  getSupportThreads,
  getTrainerSessionChatThreads,
  getTrainerSupportContext,
  getTrainerSupportSessions,
  getTrainerSupportThreads,
  postSessionChatMessage,
  postSessionChatRead,
  postSupportMessage,
  postSupportRead,
  postTrainerSessionChatMessage,
  postTrainerSessionChatRead,
  postTrainerSupportMessage,
  postTrainerSupportRead,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { ChatService, PostResult } from './chat.service.js';
import type { SupportContextService } from './support-context.service.js';

/** 201 for a new message; 200 for the message an earlier try with the same client id posted. */
const sendPosted = (reply: FastifyReply, result: PostResult) =>
  reply.code(result.duplicate ? 200 : 201).send({ message: result.message });

/** Players and trainers share the service; the contracts differ only in who may call them. */
export const registerChatRoutes = (
  app: FastifyInstance,
  deps: { chat: ChatService; supportContext: SupportContextService },
) => {
  const { chat } = deps;
  route(app, getSessionChatThreads, async ({ params, request }) =>
    chat.listSessionThreads(principalOf(request), params.uuid),
  );
  route(app, getTrainerSessionChatThreads, async ({ params, request }) =>
    chat.listSessionThreads(principalOf(request), params.uuid),
  );
  for (const contract of [postSessionChatMessage, postTrainerSessionChatMessage]) {
    route(app, contract, async ({ params, body, request, reply }) =>
      sendPosted(reply, await chat.postSessionMessage(principalOf(request), params.uuid, body)),
    );
  }
  for (const contract of [postSessionChatRead, postTrainerSessionChatRead]) {
    route(app, contract, async ({ params, body, request, reply }) => {
      await chat.markSessionThreadsRead(principalOf(request), params.uuid, body.threadIds);
      return reply.code(204).send();
    });
  }

  route(app, getSupportThreads, async ({ request }) =>
    chat.listSupportThreads(principalOf(request)),
  );
  route(app, getTrainerSupportThreads, async ({ request }) =>
    chat.listSupportThreads(principalOf(request)),
  );
  route(app, getTrainerSupportSessions, async ({ request }) =>
    chat.listSessionSupportUnread(principalOf(request)),
  );
  route(app, getTrainerSupportContext, async ({ params, request }) =>
    deps.supportContext.read(principalOf(request), params.uuid, params.thread),
  );
  for (const contract of [postSupportMessage, postTrainerSupportMessage]) {
    route(app, contract, async ({ body, request, reply }) =>
      sendPosted(reply, await chat.postSupportMessage(principalOf(request), body)),
    );
  }
  for (const contract of [postSupportRead, postTrainerSupportRead]) {
    route(app, contract, async ({ body, request, reply }) => {
      await chat.markSupportThreadsRead(principalOf(request), body.threadIds);
      return reply.code(204).send();
    });
  }
};
