import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { registerChatRoutes } from './chat.routes.js';
import { createChatRepository } from './chat.repository.js';
import { createChatService } from './chat.service.js';
import { createSupportContext, type TeamHintsReader } from './support-context.service.js';
import { createSupportContextRepository } from './support-context.repository.js';

/** Chat: a session's Admin, General and Team channels, team and player support threads. */
export const createChatModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  events: EventWriter;
  messagesPerMinute: number;
  /** The sessions' clock. */
  clock: Clock;
  /** An objective's hints with a team's unlocks, for a support question's context. */
  teamHints?: TeamHintsReader;
}) => {
  const repo = createChatRepository(deps.db);
  const supportContext = createSupportContext({
    repo: createSupportContextRepository(deps.db),
    chat: repo,
    sessions: deps.sessions,
    clock: deps.clock,
    ...(deps.teamHints ? { teamHints: deps.teamHints } : {}),
  });
  const chat = createChatService({
    repo,
    sessions: deps.sessions,
    events: deps.events,
    rateLimits: createRateLimitRepository(deps.db),
    messagesPerMinute: deps.messagesPerMinute,
    isObjectiveAskable: supportContext.isAskable,
  });
  return {
    chat,
    registerRoutes: (app: FastifyInstance) => registerChatRoutes(app, { chat, supportContext }),
  };
};
