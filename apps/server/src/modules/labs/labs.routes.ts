import {
  getSessionEnvironments,
  getTeamEnvironment,
  postExtendEnvironment,
  postPrewarmEnvironments,
  postReleaseEnvironments,
  postTeamEnvironment,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { LabsService } from './labs.service.js';

export const registerLabsRoutes = (app: FastifyInstance, deps: { labs: LabsService }) => {
  const { labs } = deps;

  route(app, getTeamEnvironment, async ({ params, request }) =>
    labs.get(principalOf(request), params.uuid),
  );
  route(app, postTeamEnvironment, async ({ params, request }) =>
    labs.allocate(principalOf(request), params.uuid),
  );

  route(app, getSessionEnvironments, async ({ params, request }) =>
    labs.list(principalOf(request), params.uuid),
  );
  route(app, postPrewarmEnvironments, async ({ params, body, request }) =>
    labs.prewarm(principalOf(request), params.uuid, body.teamUuid),
  );
  route(app, postReleaseEnvironments, async ({ params, body, request }) =>
    labs.release(principalOf(request), params.uuid, body.teamUuid),
  );
  route(app, postExtendEnvironment, async ({ params, body, request }) =>
    labs.extend(principalOf(request), params.uuid, params.team, body.minutes),
  );
};
