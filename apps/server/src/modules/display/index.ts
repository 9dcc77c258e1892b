import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventHub } from '../../realtime/event-hub.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createCockpitRepository } from '../cockpit/cockpit.repository.js';
import { createStatsRepository } from '../debrief/stats.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { createDisplayLinksService } from './display-links.service.js';
import { createDisplayRepository } from './display.repository.js';
import { registerDisplayRoutes } from './display.routes.js';
import { createDisplayService } from './display.service.js';

/**
 * The projector view: display links issued from the cockpit, and the read-only snapshot, stream
 * and logos a display reads with one.
 */
export const createDisplayModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  play: PlayRepository;
  events: EventWriter;
  hub: EventHub;
  clock: Clock;
}) => {
  const repo = createDisplayRepository(deps.db);
  const links = createDisplayLinksService({
    db: deps.db,
    repo,
    sessions: deps.sessions,
    events: deps.events,
    clock: deps.clock,
  });
  const display = createDisplayService({
    repo,
    sessions: deps.sessions,
    play: deps.play,
    stats: createStatsRepository(deps.db),
    cockpit: createCockpitRepository(deps.db),
    hub: deps.hub,
    clock: deps.clock,
  });
  return {
    links,
    display,
    registerRoutes: (app: FastifyInstance) => registerDisplayRoutes(app, { links, display }),
  };
};
