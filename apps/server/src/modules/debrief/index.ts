import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { createCockpitRepository } from '../cockpit/cockpit.repository.js';
import type { CockpitService } from '../cockpit/cockpit.service.js';
import type { HintsRepository } from '../play/hints.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { registerExportsRoutes } from './exports.routes.js';
import { createExportsService } from './exports.service.js';
import { createResultsRepository } from './results.repository.js';
import { registerResultsRoutes } from './results.routes.js';
import { createResultsService } from './results.service.js';
import { createStatsRepository } from './stats.repository.js';
import { registerStatsRoutes } from './stats.routes.js';
import { createStatsService } from './stats.service.js';
import { createSurveyRepository } from './survey.repository.js';
import { registerSurveyRoutes } from './survey.routes.js';
import { createSurveyService } from './survey.service.js';

/**
 * The debrief of a session: its statistics (the same grid as the trainer's cockpit, read
 * through the cockpit's repository, with the ledger and the resolutions), its survey and the
 * trainers' exports.
 */
export const createDebriefModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  play: PlayRepository;
  hints: HintsRepository;
  cockpit: CockpitService;
  clock: Clock;
}) => {
  const survey = createSurveyService({
    repo: createSurveyRepository(deps.db),
    sessions: deps.sessions,
    clock: deps.clock,
  });
  const stats = createStatsService({
    repo: createStatsRepository(deps.db),
    sessions: deps.sessions,
    play: deps.play,
    cockpit: createCockpitRepository(deps.db),
    hints: deps.hints,
    clock: deps.clock,
  });
  const results = createResultsService({
    repo: createResultsRepository(deps.db),
    clock: deps.clock,
  });
  const exports = createExportsService({ stats, cockpit: deps.cockpit, sessions: deps.sessions });
  return {
    survey,
    stats,
    results,
    registerRoutes: (app: FastifyInstance) => {
      registerResultsRoutes(app, { results });
      registerSurveyRoutes(app, { survey });
      registerStatsRoutes(app, { stats });
      registerExportsRoutes(app, { exports });
    },
  };
};
