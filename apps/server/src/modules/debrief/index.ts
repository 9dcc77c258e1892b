import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { createSurveyRepository } from './survey.repository.js';
import { registerSurveyRoutes } from './survey.routes.js';
import { createSurveyService } from './survey.service.js';

/** The debrief of a session once it is over: for now, its satisfaction survey. */
export const createDebriefModule = (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  now: () => Promise<Date>;
}) => {
  const survey = createSurveyService({
    repo: createSurveyRepository(deps.db),
    sessions: deps.sessions,
    now: deps.now,
  });
  return {
    survey,
    registerRoutes: (app: FastifyInstance) => registerSurveyRoutes(app, { survey }),
  };
};
