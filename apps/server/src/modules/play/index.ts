import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { createAnswersService } from './answers.service.js';
import { createObjectivesService } from './objectives.service.js';
import { registerPlayRoutes } from './play.routes.js';
import { createPlayRepository } from './play.repository.js';
import { createRankingCache } from './ranking-cache.js';
import { createRankingReader } from './ranking-reader.js';
import { createTrainerPlay } from './trainer-play.js';

/** Play: objectives with each team's state, answers and the score ledger, ranking, trainer acts. */
export const createPlayModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  events: EventWriter;
  bus: EventBus;
  answersPerMinute: number;
  now: (trx?: Transaction<Database>) => Promise<Date>;
}) => {
  const repo = createPlayRepository(deps.db);
  const cache = createRankingCache({ repo, bus: deps.bus });
  const answers = createAnswersService({
    repo,
    events: deps.events,
    rateLimits: createRateLimitRepository(deps.db),
    ranking: cache,
    answersPerMinute: deps.answersPerMinute,
    now: deps.now,
  });
  const objectives = createObjectivesService({
    db: deps.db,
    repo,
    sessions: deps.sessions,
    now: deps.now,
  });
  const trainer = createTrainerPlay({
    repo,
    sessions: deps.sessions,
    events: deps.events,
    ranking: cache,
    now: deps.now,
  });
  const ranking = createRankingReader({ repo, cache });
  return {
    repo,
    cache,
    /** For content: a locked objective's files download once it is open to the player. */
    isObjectiveUnlocked: (principal: { accountId: string }, objectiveUuid: string) =>
      repo.isOpenToPlayer(principal.accountId, objectiveUuid),
    registerRoutes: (app: FastifyInstance) =>
      registerPlayRoutes(app, { answers, objectives, ranking, trainer }),
  };
};
