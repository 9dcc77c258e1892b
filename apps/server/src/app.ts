import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { getRanking, toColonPath, type RouteContract } from '@rampart/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerErrorHandler, sendError } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.js';
import { createHotReads } from './http/hot-reads.js';
import { isApiPath } from './http/paths.js';
import { accessLog, maskLogSecrets, requestLogFields } from './http/request-log.js';
import { registerSecurityHeaders, securityHeadersOf } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { databaseClock, systemClock, type Clock } from './lib/clock.js';
import {
  createSecretBox,
  generateSecretKey,
  parseSecretKey,
  type SecretBox,
} from './lib/secret-box.js';
import { createMetrics } from './metrics/metrics.js';
import {
  createOutsideRecorder,
  registerHttpMetrics,
  registerMetricsEndpoint,
} from './metrics/metrics.plugin.js';
import { createChatModule } from './modules/chat/index.js';
import { createCockpitModule } from './modules/cockpit/index.js';
import { createDebriefModule } from './modules/debrief/index.js';
import { createDisplayModule } from './modules/display/index.js';
import { createContentModule } from './modules/content/index.js';
import { cachedPrincipalOf, isSignedInAs } from './modules/identity/auth.plugin.js';
import { createIdentityModule } from './modules/identity/index.js';
import { createProfileModule } from './modules/profile/index.js';
import type { CustomFetch } from 'openid-client';
import type { EnvironmentProvider } from './modules/labs/environment-provider.js';
import { createLabsModule } from './modules/labs/index.js';
import { createPlayModule } from './modules/play/index.js';
import { rankingEvent } from './modules/play/ranking-announcer.js';
import { registerRateLimitPurge } from './modules/rate-limit/rate-limit-purge.js';
import { registerRetention } from './modules/retention/index.js';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.js';
import {
  createSessionsModule,
  createSessionsRepositoryAndAccess,
  statusOf,
} from './modules/sessions/index.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { createRealtimeModule, type SessionAccess } from './realtime/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contracts of every API route this app serves (the OpenAPI test compares them). */
    registeredContracts: ReadonlySet<RouteContract>;
    /** Every API route as registered (method, URL, contract), for tests that sweep them all. */
    registeredRoutes: readonly { method: string; url: string; contract: RouteContract }[];
    /**
     * `draining`: the node is stopping and waits for its load balancer to notice (its health
     * check fails) while it still serves; set by the server's close.
     */
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  draining: boolean;
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  version?: string;
  /** This node's time: sign-in sessions, magic links, the identity provider's tokens. */
  clock?: Clock<Date>;
  /** Who may read a gaming session's event stream (gaming sessions provide it by default). */
  sessionAccess?: SessionAccess;
  /** The time sessions run on: the database's clock unless a test injects one. */
  sessionClock?: Clock;
  /** Called after the modules are registered, before the app is ready (tests add routes here). */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** The lab provider, when a test injects one (a FakeProvider with its faults). */
  labProvider?: EnvironmentProvider;
  /** How the server reaches the identity provider, when a test stands in between. */
  oidcFetch?: CustomFetch;
  /**
   * What seals secrets at rest: the server passes the deployment's keys (`startServer`); a test's
   * app on a database of its own gets SECRET_KEY's, or a key made for it alone.
   */
  secrets?: SecretBox;
}

/** The request log: credentials never reach it (tests capture it with these same options). */
export const loggerOptions = (config: Config) => ({
  level: config.logLevel,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
  // WireGuard private keys (labs' VPN), should one ever reach a log call's details.
  formatters: { log: maskLogSecrets },
  // For the framework's own lines that carry the request (a failed write of the headers).
  serializers: { req: requestLogFields },
});

/**
 * Builds the HTTP application without listening, so tests drive it with `inject`.
 * Order: framework plugins → infrastructure (errors, headers) → modules → web app.
 */
export const buildApp = async (deps: AppDependencies): Promise<FastifyInstance> => {
  const { config } = deps;
  const securityHeaders = securityHeadersOf({ hsts: config.hsts });
  const hotReads = createHotReads();
  const app = Fastify({
    serverFactory: hotReads.serverFactory,
    logger: deps.logger ?? loggerOptions(config),
    logController: accessLog(),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });

  // Every API route must be declared in the contracts: it is validated with them and appears in
  // the OpenAPI document. A route registered without one is a programming error.
  const registeredContracts = new Set<RouteContract>();
  const registeredRoutes: { method: string; url: string; contract: RouteContract }[] = [];
  app.decorate('registeredContracts', registeredContracts);
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (options) => {
    if (!isApiPath(options.url) || options.method === 'HEAD') return;
    if (!options.config?.contract) {
      throw new Error(`API route ${String(options.method)} ${options.url} has no contract`);
    }
    registeredContracts.add(options.config.contract);
    for (const method of [options.method].flat()) {
      registeredRoutes.push({
        method: String(method),
        url: options.url,
        contract: options.config.contract,
      });
    }
  });

  // First, so that every route registered after gets its counters.
  const metrics = createMetrics();
  registerHttpMetrics(app, metrics);

  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  // The hooks every request runs are callback-style: an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    if (!closing) return done();
    reply.header('Connection', 'close');
    void sendError(reply, 'server.unavailable');
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Responses finishing during shutdown end their keep-alive connection, so close() need not
  // wait for idle sockets to time out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing || lifecycle.draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      fields: 50,
      fileSize: 2 * 1024 * 1024,
      files: 1,
    },
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, securityHeaders);

  const identity = await createIdentityModule({
    db: deps.database.db,
    config,
    clock: deps.clock ?? systemClock,
    ...(deps.oidcFetch ? { oidcFetch: deps.oidcFetch } : {}),
  });
  identity.registerHooks(app);
  const profile = createProfileModule(identity);
  registerRateLimitPurge(app, createRateLimitRepository(deps.database.db));
  const sessionData = createSessionsRepositoryAndAccess(deps.database.db);
  const realtime = await createRealtimeModule({
    database: deps.database,
    config,
    logger: app.log,
    sessionAccess: deps.sessionAccess ?? sessionData.access,
    signedIn: (principal) => identity.auth.isLive(principal.session.idHash),
    observer: metrics.observers.realtime,
  });
  realtime.registerHooks(app);
  const sessionClock = deps.sessionClock ?? databaseClock(deps.database.db);
  const sessions = createSessionsModule({
    db: deps.database.db,
    repo: sessionData.repo,
    events: app.realtime.events,
    clock: sessionClock,
    logger: app.log,
    playerSessionsPerHour: config.sessions.playerSessionsPerHour,
  });
  sessions.registerHooks(app);
  const play = createPlayModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    events: realtime.events,
    bus: realtime.bus,
    answersPerMinute: config.play.answersPerMinute,
    clock: sessionClock,
    logger: app.log,
    batches: deps.database.batches,
    overlapBatches: deps.database.kind === 'postgres',
    observer: metrics.observers.answers,
  });
  // The ranking, refetched by every game screen after each solve: from memory when it can be.
  hotReads.configure({
    headers: securityHeaders.api,
    available: () => !closing && !lifecycle.draining && config.trustProxy.length === 0,
    logRequest: (fields) => app.log.info(fields, 'request'),
    record: createOutsideRecorder(metrics),
  });
  hotReads.add({
    route: toColonPath(getRanking.path),
    path: /^\/api\/sessions\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/ranking$/,
    read: (request, [, sessionUuid]) => {
      const principal = cachedPrincipalOf(identity.auth, request.headers, 'player');
      return principal && play.ranking.readCached(principal, sessionUuid!);
    },
  });
  const chat = createChatModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    events: app.realtime.events,
    messagesPerMinute: config.chat.messagesPerMinute,
    clock: sessionClock,
    teamHints: play.hints.listTeamHints,
  });
  const cockpit = createCockpitModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    play: play.repo,
    hints: play.hintsRepo,
    ranking: play.cache,
    events: app.realtime.events,
    clock: sessionClock,
  });
  const debrief = createDebriefModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    play: play.repo,
    hints: play.hintsRepo,
    cockpit: cockpit.cockpit,
    clock: sessionClock,
  });
  const display = createDisplayModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    play: play.repo,
    events: app.realtime.events,
    hub: app.realtime.hub,
    clock: sessionClock,
  });
  const content = createContentModule({
    db: deps.database.db,
    events: app.realtime.events,
    sessions: {
      homeListings: sessions.homeListings,
      isObjectiveOpenInPlay: play.isObjectiveOpenInPlay,
      settleResults: debrief.results.settle,
    },
    clock: sessionClock,
    statusOf,
  });

  const labs = await createLabsModule({
    db: deps.database.db,
    sessions: sessionData.repo,
    events: app.realtime.events,
    config: config.labs,
    clock: sessionClock,
    logger: app.log,
    secrets:
      deps.secrets ?? createSecretBox([parseSecretKey(config.secretKey ?? generateSecretKey())]),
    ...(deps.labProvider ? { provider: deps.labProvider } : {}),
  });
  labs.registerHooks(app);
  await labs.registerSocket(app);
  registerRetention(app, {
    db: deps.database.db,
    kind: deps.database.kind,
    config: config.retention,
    clock: sessionClock,
  });

  metrics.readFrom({
    streams: () => realtime.hub.openStreams(),
    pools: () => deps.database.usage?.().pools ?? [],
    connectionErrors: () => deps.database.usage?.().connectionErrors ?? 0,
    labPhases: () => labs.countByPhase(),
    warn: (details, message) => app.log.warn(details, message),
  });
  registerMetricsEndpoint(app, { config: config.metrics, metrics });

  await app.register(async (api) => {
    registerSystemRoutes(api, {
      config,
      database: deps.database,
      version: deps.version ?? '0.0.0',
      lifecycle,
    });
    identity.registerRoutes(api);
    profile.registerRoutes(api);
    content.registerRoutes(api);
    sessions.registerRoutes(api, {
      rankingEvent: (trx, uuid) => rankingEvent(play.repo, trx, uuid),
      invalidate: (uuid) => play.cache.invalidate(uuid),
    });
    play.registerRoutes(api);
    chat.registerRoutes(api);
    cockpit.registerRoutes(api);
    debrief.registerRoutes(api);
    display.registerRoutes(api);
    realtime.registerRoutes(api);
    labs.registerRoutes(api);
  });

  await deps.configure?.(app);
  await registerWebApp(app, config.webDist, {
    isSignedIn: (request, side) => isSignedInAs(identity.auth, request, side),
  });
  return app;
};
