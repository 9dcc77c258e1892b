import {
  deleteSessionPlayer,
  patchTrainerSession,
  postDissolveTeam,
  postLeaveSession,
  postMovePlayer,
  postReinstateTeam,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { SessionChanges } from './session-changes.service.js';
import type { TeamFixes } from './team-fixes.service.js';

export const registerSessionChangeRoutes = (
  app: FastifyInstance,
  deps: { changes: SessionChanges; fixes: TeamFixes },
) => {
  const { changes, fixes } = deps;

  route(app, patchTrainerSession, async ({ params, body, request }) =>
    changes.update(principalOf(request), params.uuid, body),
  );

  route(app, postMovePlayer, async ({ params, body, request }) =>
    fixes.movePlayer(principalOf(request), params.uuid, params.player, body.teamUuid),
  );

  route(app, deleteSessionPlayer, async ({ params, request }) =>
    fixes.removePlayer(principalOf(request), params.uuid, params.player),
  );

  route(app, postDissolveTeam, async ({ params, body, request }) =>
    fixes.dissolveTeam(principalOf(request), params.uuid, params.team, body?.reason),
  );

  route(app, postReinstateTeam, async ({ params, request }) =>
    fixes.reinstateTeam(principalOf(request), params.uuid, params.team),
  );

  route(app, postLeaveSession, async ({ params, request }) =>
    fixes.leave(principalOf(request), params.uuid),
  );
};
