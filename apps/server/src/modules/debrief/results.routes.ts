import { getProfileHistory } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { ResultsService } from './results.service.js';

export const registerResultsRoutes = (app: FastifyInstance, deps: { results: ResultsService }) => {
  route(app, getProfileHistory, async ({ request }) => deps.results.history(principalOf(request)));
};
