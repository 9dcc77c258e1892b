import {
  getTrainerAudit,
  getTrainerCockpit,
  getTrainerSessionAudit,
  getTrainerSubmissions,
  postScoreAdjustment,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { CockpitService } from './cockpit.service.js';
import type { ScoreAdjustments } from './score-adjustments.service.js';

export const registerCockpitRoutes = (
  app: FastifyInstance,
  deps: { cockpit: CockpitService; adjustments: ScoreAdjustments },
) => {
  const { cockpit, adjustments } = deps;

  route(app, getTrainerCockpit, async ({ params, request }) =>
    cockpit.cockpit(principalOf(request), params.uuid),
  );

  route(app, getTrainerSubmissions, async ({ params, query, request }) =>
    cockpit.submissions(principalOf(request), params.uuid, query),
  );

  route(app, postScoreAdjustment, async ({ params, body, request, reply }) =>
    reply
      .code(201)
      .send(await adjustments.adjust(principalOf(request), params.uuid, params.team, body)),
  );

  route(app, getTrainerSessionAudit, async ({ params, query, request }) =>
    cockpit.sessionAudit(principalOf(request), params.uuid, query),
  );

  route(app, getTrainerAudit, async ({ query, request }) =>
    cockpit.audit(principalOf(request), query),
  );
};
