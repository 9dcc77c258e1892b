import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { registerPeriodicJob } from '../../lib/periodic-job.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { createHomeListings } from './home-listings.service.js';
import { createSessionAccess } from './session-access.js';
import { createSessionMission } from './session-mission.service.js';
import { registerSessionRoutes } from './sessions.routes.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createSessionsService } from './sessions.service.js';
import { createTrainerSessions } from './trainer-sessions.service.js';
import { createSessionChanges } from './session-changes.service.js';
import { registerSessionChangeRoutes } from './session-changes.routes.js';
import { createTeamFixes, type RankingHooks } from './team-fixes.service.js';

/** How often each node looks for scheduled starts that fell due. */
const SCHEDULE_TICK_MS = 1000;

/** A session's status from its row: content and other modules get the rule handed in. */
export { statusOf } from './session-view.js';

/**
 * Gaming sessions and teams. Built in two steps because the real-time module needs to know who
 * may read a session's stream before the sessions module can write events through it.
 */
export const createSessionsRepositoryAndAccess = (db: Kysely<Database>) => {
  const repo = createSessionsRepository(db);
  return { repo, access: createSessionAccess(repo) };
};

export const createSessionsModule = (deps: {
  db: Kysely<Database>;
  repo: ReturnType<typeof createSessionsRepository>;
  events: EventWriter;
  clock: Clock;
  logger: FastifyBaseLogger;
  playerSessionsPerHour: number;
}) => {
  const { repo } = deps;
  const sessions = createSessionsService({
    repo,
    events: deps.events,
    rateLimits: createRateLimitRepository(deps.db),
    clock: deps.clock,
    playerSessionsPerHour: deps.playerSessionsPerHour,
  });
  const trainer = createTrainerSessions({ repo, sessions, events: deps.events, clock: deps.clock });
  const homeListings = createHomeListings({ repo, clock: deps.clock });

  return {
    sessions,
    trainer,
    homeListings,
    registerHooks: (app: FastifyInstance) => {
      registerPeriodicJob(app, {
        name: 'scheduled session starts',
        everyMs: SCHEDULE_TICK_MS,
        run: () => trainer.startDueSessions(),
        atReady: 'wait',
        failure: 'scheduled session starts could not be checked',
      });
    },
    /** `ranking`: the play module's, since reinstating or dissolving a team changes it. */
    registerRoutes: (app: FastifyInstance, ranking: RankingHooks) => {
      registerSessionRoutes(app, { sessions, trainer, mission: createSessionMission({ repo }) });
      registerSessionChangeRoutes(app, {
        changes: createSessionChanges({ repo, sessions, trainer }),
        fixes: createTeamFixes({ repo, sessions, trainer, ranking }),
      });
    },
  };
};
