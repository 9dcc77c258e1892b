import { postConsoleTicket, postTrainerConsoleTicket } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { ConsoleService } from './console.service.js';

export const registerConsoleRoutes = (app: FastifyInstance, deps: { consoles: ConsoleService }) => {
  route(app, postConsoleTicket, async ({ params, request, reply }) => {
    // The CSRF hook has already refused an Origin that is not ours; without one (a client
    // that is not a browser), the ticket is bound to the app's own origin.
    const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
    const ticket = await deps.consoles.issue(principalOf(request), params.uuid, origin);
    return reply.code(201).send(ticket);
  });
  route(app, postTrainerConsoleTicket, async ({ params, request, reply }) => {
    const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
    const ticket = await deps.consoles.issueForTrainer(
      principalOf(request),
      params.uuid,
      params.team,
      origin,
    );
    return reply.code(201).send(ticket);
  });
};
