import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import type { HintsRepository } from '../play/hints.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import type { RankingCache } from '../play/ranking-cache.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { registerCockpitRoutes } from './cockpit.routes.js';
import { createCockpitRepository } from './cockpit.repository.js';
import { createCockpitService } from './cockpit.service.js';
import { createScoreAdjustments } from './score-adjustments.service.js';

/**
 * The trainer's cockpit: its read model, the submissions feed, adjustments, the audit log.
 *
 * Not here: editing a running session's objective answers. That is content authoring's decision
 * (refused, or applied forward only), taken where objectives are edited; the cockpit only reads
 * objectives and never their answers.
 */
export const createCockpitModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  play: PlayRepository;
  hints: HintsRepository;
  ranking: RankingCache;
  events: EventWriter;
  clock: Clock;
}) => {
  const cockpit = createCockpitService({
    db: deps.db,
    repo: createCockpitRepository(deps.db),
    sessions: deps.sessions,
    play: deps.play,
    hints: deps.hints,
    clock: deps.clock,
  });
  const adjustments = createScoreAdjustments({
    sessions: deps.sessions,
    play: deps.play,
    events: deps.events,
    ranking: deps.ranking,
    clock: deps.clock,
  });
  return {
    cockpit,
    registerRoutes: (app: FastifyInstance) => registerCockpitRoutes(app, { cockpit, adjustments }),
  };
};
