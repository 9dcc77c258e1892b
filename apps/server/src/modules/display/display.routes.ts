import {
  deleteDisplayLink,
  getDisplayEvents,
  getDisplayLinks,
  getDisplaySnapshot,
  getDisplayTeamLogo,
  postDisplayLink,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { lastEventIdOf, stream } from '../../realtime/realtime.routes.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { DisplayLinksService } from './display-links.service.js';
import type { DisplayService } from './display.service.js';

export const registerDisplayRoutes = (
  app: FastifyInstance,
  deps: { links: DisplayLinksService; display: DisplayService },
) => {
  const { links, display } = deps;

  route(app, postDisplayLink, async ({ params, request, reply }) =>
    reply.code(201).send(await links.create(principalOf(request), params.uuid)),
  );

  route(app, getDisplayLinks, async ({ params, request }) =>
    links.list(principalOf(request), params.uuid),
  );

  route(app, deleteDisplayLink, async ({ params, request }) =>
    links.revoke(principalOf(request), params.uuid, params.linkUuid),
  );

  // The display routes carry their credential in the path: never cached, never referred.
  route(app, getDisplaySnapshot, async ({ params, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return display.snapshot(params.token);
  });

  route(app, getDisplayEvents, async ({ params, query, request, reply }) =>
    stream(request, reply, (sink) =>
      display.openStream(params.token, lastEventIdOf(request, query.lastEventId), sink),
    ),
  );

  route(app, getDisplayTeamLogo, async ({ params, reply }) => {
    const logo = await display.teamLogo(params.token, params.teamUuid);
    return reply
      .header('Content-Type', logo.type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=300')
      .send(Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength));
  });
};
