import { buildApiDocument, getAppInfo, getHealth, getOpenApi } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../../app.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { sendError } from '../../http/error-handler.js';
import { noteRequestFailure } from '../../http/request-log.js';
import { route } from '../../http/route.js';

export const registerSystemRoutes = (
  app: FastifyInstance,
  deps: { config: Config; database: DatabaseHandle; version: string; lifecycle: Lifecycle },
) => {
  const oidc = deps.config.auth.oidc;
  const appInfo = {
    'app-name': deps.config.app.name,
    mentions: deps.config.app.mentions,
    'available-locales': ['fr', 'en'] as const,
    'go-home-enabled': deps.config.app.goHomeEnabled,
    ...(oidc
      ? { 'sign-in-provider': { label: oidc.label, trainers: oidc.trainerClaim !== null } }
      : {}),
  };
  const appInfoBody = JSON.stringify(appInfo);
  const openApiBody = JSON.stringify(
    buildApiDocument({
      title: `${deps.config.app.name} API`,
      version: deps.version,
    }),
  );

  route(app, getAppInfo, async ({ reply }) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(appInfoBody),
  );

  route(app, getOpenApi, async ({ reply }) =>
    reply.type('application/json; charset=utf-8').send(openApiBody),
  );

  route(app, getHealth, async ({ reply, request }) => {
    reply.header('Cache-Control', 'no-store');
    // A stopping node fails its health check first, so the load balancer sends its requests
    // elsewhere while it still answers those already on their way.
    if (deps.lifecycle.draining) return sendError(reply, 'server.unavailable');
    try {
      await deps.database.ping();
    } catch (error) {
      noteRequestFailure(request, error);
      return sendError(reply, 'database.unavailable');
    }
    return { status: 'ok' as const, database: { kind: deps.database.kind, state: 'up' as const } };
  });
};
