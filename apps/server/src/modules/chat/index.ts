import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { registerChatRoutes } from './chat.routes.js';
import { createChatRepository } from './chat.repository.js';
import { createChatService } from './chat.service.js';

/** Chat: a session's Admin, General and Team channels, team and player support threads. */
export const createChatModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  events: EventWriter;
  messagesPerMinute: number;
}) => {
  const chat = createChatService({
    repo: createChatRepository(deps.db),
    sessions: deps.sessions,
    events: deps.events,
    rateLimits: createRateLimitRepository(deps.db),
    messagesPerMinute: deps.messagesPerMinute,
  });
  return {
    chat,
    registerRoutes: (app: FastifyInstance) => registerChatRoutes(app, { chat }),
  };
};
