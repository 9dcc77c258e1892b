import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Principal } from '../modules/identity/auth.service.js';
import type { RealtimeObserver } from '../metrics/metrics.js';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from './event-bus.js';
import {
  createEventHub,
  REPLAY_READS_EMBEDDED,
  REPLAY_READS_ON_SERVER,
  type EventHub,
} from './event-hub.js';
import { createEventWriter, type EventWriter } from './event-writer.js';
import { createPresenceTracker } from './presence.js';
import { createPresenceRepository } from './presence.repository.js';
import { createRealtimeService } from './realtime.service.js';
import { registerRealtimeRoutes } from './realtime.routes.js';
import { noSessionAccess, type SessionAccess } from './session-access.js';

export type { SessionAccess } from './session-access.js';
export type { EventWriter } from './event-writer.js';
export { sessionStream, userStream } from './streams.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event log's writer and this node's hub (services get them as dependencies). */
    realtime: { events: EventWriter; hub: EventHub };
  }
}

const notifyThrough = (db: Kysely<Database>) => async (channel: string, payload: string) => {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
};

/**
 * The real-time backbone: event log writer, the bus between nodes (LISTEN/NOTIFY on PostgreSQL,
 * in memory on PGlite), this node's hub of open streams and the SSE routes.
 */
export const createRealtimeModule = async (deps: {
  database: DatabaseHandle;
  config: Config;
  logger: FastifyBaseLogger;
  sessionAccess?: SessionAccess;
  /** Whether the sign-in behind a stream still holds, asked at each heartbeat. */
  signedIn?: (principal: Principal) => Promise<boolean>;
  /** Told of events written and delivered (the metrics). */
  observer?: RealtimeObserver;
}) => {
  const { db } = deps.database;
  const bus: EventBus =
    deps.database.kind === 'postgres' && deps.database.connectionString
      ? createPostgresEventBus({
          connectionString: deps.database.connectionString,
          notify: notifyThrough(db),
          logger: deps.logger,
        })
      : createLocalEventBus();
  await bus.start();
  const hub = createEventHub({
    db,
    bus,
    logger: deps.logger,
    heartbeatMs: deps.config.realtime.heartbeatSeconds * 1000,
    maxStreamsPerOwner: deps.config.realtime.maxStreamsPerUser,
    replayReads: deps.database.kind === 'pglite' ? REPLAY_READS_EMBEDDED : REPLAY_READS_ON_SERVER,
    ...(deps.observer ? { delivered: deps.observer.delivered } : {}),
  });
  const events = createEventWriter({
    db,
    bus,
    ...(deps.observer ? { written: deps.observer.written } : {}),
  });
  const presence = createPresenceTracker({
    repo: createPresenceRepository(db),
    events,
    // Each process is a node of its own: its presence rows are its own to renew and remove.
    nodeId: randomUUID(),
    renewSeconds: deps.config.realtime.presenceRenewSeconds,
    ttlSeconds: deps.config.realtime.presenceTtlSeconds,
    logger: deps.logger,
  });
  const service = createRealtimeService({
    hub,
    sessionAccess: deps.sessionAccess ?? noSessionAccess,
    presence,
    ...(deps.signedIn ? { signedIn: deps.signedIn } : {}),
  });
  return {
    events,
    hub,
    bus,
    presence,
    /** Decorates the app and ends every stream before the server waits for open connections. */
    registerHooks: (app: FastifyInstance) => {
      app.decorate('realtime', { events, hub });
      app.addHook('preClose', async () => {
        hub.close();
        await presence.close();
      });
      app.addHook('onClose', async () => bus.close());
    },
    registerRoutes: (app: FastifyInstance) => registerRealtimeRoutes(app, { realtime: service }),
  };
};
