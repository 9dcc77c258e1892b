import { getSessionStats, getTrainerSessionStats } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { StatsService } from './stats.service.js';

export const registerStatsRoutes = (app: FastifyInstance, deps: { stats: StatsService }) => {
  route(app, getSessionStats, async ({ params, request }) =>
    deps.stats.forPlayer(principalOf(request), params.uuid),
  );

  route(app, getTrainerSessionStats, async ({ params, request }) =>
    deps.stats.forTrainer(principalOf(request), params.uuid),
  );
};
