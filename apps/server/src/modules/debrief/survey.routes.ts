import {
  getSurvey,
  getTrainerMissionSurvey,
  getTrainerSessionSurvey,
  postSurvey,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { SurveyService } from './survey.service.js';

export const registerSurveyRoutes = (app: FastifyInstance, deps: { survey: SurveyService }) => {
  const { survey } = deps;

  route(app, getSurvey, async ({ params, request }) =>
    survey.answer(principalOf(request), params.uuid),
  );

  route(app, postSurvey, async ({ params, body, request }) =>
    survey.rate(principalOf(request), params.uuid, body),
  );

  route(app, getTrainerSessionSurvey, async ({ params, query, request }) =>
    survey.sessionResults(principalOf(request), params.uuid, query),
  );

  route(app, getTrainerMissionSurvey, async ({ params, query, request }) =>
    survey.missionResults(principalOf(request), params.uuid, query),
  );
};
