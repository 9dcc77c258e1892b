import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/secrets.js';
import { findStreamHead } from '../../realtime/event-log.repository.js';
import { userStream } from '../../realtime/streams.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type { CustomFetch } from 'openid-client';
import { createAccountIdentityRepository } from './account-identity.repository.js';
import { registerAuth } from './auth.plugin.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createIdentityRepository } from './identity.repository.js';
import { registerOidcRoutes } from './oidc.routes.js';
import { createOidcService } from './oidc.service.js';
import { createSessionCookies } from './session-cookies.js';
import { createTrainerPlayersRepository } from './trainer-players.repository.js';
import { registerTrainerPlayersRoutes } from './trainer-players.routes.js';
import { createTrainerPlayersService } from './trainer-players.service.js';

/** The identity services without HTTP, for the server's start and the administration command. */
export const createIdentityServices = (
  db: Kysely<Database>,
  config: Config['auth'],
  clock: Clock<Date> = systemClock,
) => {
  const repo = createIdentityRepository(db);
  const auth = createAuthService({
    repo,
    rateLimits: createRateLimitRepository(db),
    config,
    clock,
  });
  return { repo, auth };
};

/** Accounts, sessions, CSRF, tokens, login links and the trainers' players screen. */
export const createIdentityModule = async (deps: {
  db: Kysely<Database>;
  config: Config;
  clock: Clock<Date>;
  oidcFetch?: CustomFetch;
}) => {
  const { repo, auth } = createIdentityServices(deps.db, deps.config.auth, deps.clock);
  const players = createTrainerPlayersService({
    repo,
    players: createTrainerPlayersRepository(deps.db),
    auth,
    config: deps.config.auth,
  });
  // Shared by every node through the database, so a token issued by one node is valid on all.
  const secret = await repo.getOrCreateSetting('csrf_secret', () => randomToken(32));
  const cookies = createSessionCookies({
    secret,
    crossOrigin: deps.config.auth.crossOriginCookies,
  });
  const identities = createAccountIdentityRepository(deps.db);
  const oidcConfig = deps.config.auth.oidc;
  const oidc = oidcConfig
    ? createOidcService({
        config: oidcConfig,
        identities,
        auth,
        clock: deps.clock,
        ...(deps.oidcFetch ? { fetch: deps.oidcFetch } : {}),
      })
    : null;
  return {
    repo,
    auth,
    cookies,
    oidc,
    /** Hooks: registered on the root instance before any route. */
    registerHooks: (app: FastifyInstance) =>
      registerAuth(app, { auth, cookies, allowedOrigins: deps.config.allowedOrigins }),
    registerRoutes: (app: FastifyInstance) => {
      registerAuthRoutes(app, {
        auth,
        cookies,
        repo,
        oidc,
        userStreamPosition: (accountId) => findStreamHead(deps.db, userStream(accountId)),
      });
      registerOidcRoutes(app, {
        auth,
        cookies,
        repo,
        oidc,
        identities,
        secret,
        crossOrigin: deps.config.auth.crossOriginCookies,
      });
      registerTrainerPlayersRoutes(app, { players });
    },
  };
};

export type IdentityModule = Awaited<ReturnType<typeof createIdentityModule>>;
