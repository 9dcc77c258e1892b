import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { registerPeriodicJob } from '../../lib/periodic-job.js';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { createConsoleHub } from './console-hub.js';
import { registerConsoleRoutes } from './console.routes.js';
import { createConsoleService } from './console.service.js';
import { registerConsoleSocket } from './console.socket.js';
import { createConsoleTicketsRepository } from './console-tickets.repository.js';
import { createEnvironmentManager } from './environment-manager.js';
import type { EnvironmentProvider } from './environment-provider.js';
import { createLabReconciler } from './lab-reconciler.js';
import { createLabSessionStarter } from './lab-session-start.js';
import { createLabSessionStartsRepository } from './lab-session-starts.repository.js';
import { registerLabsRoutes } from './labs.routes.js';
import { createLabsRepository } from './labs.repository.js';
import { createLabsService } from './labs.service.js';
import { FakeProvider } from './providers/fake-provider.js';
import { LocalProvider } from './providers/local-provider.js';
import { createVpnProfilesRepository } from './vpn-profiles.repository.js';
import { registerVpnRoutes } from './vpn-profiles.routes.js';
import { createVpnProfilesService } from './vpn-profiles.service.js';

/** How often a node looks for sessions with a lab that started running. */
const START_TICK_MS = 2000;
/** Allocations in flight at once when a session starts. */
const START_CONCURRENCY = 4;

/** The provider the configuration names (config.ts has checked its settings). */
const providerFor = async (
  config: Config['labs'],
  logger: { warn(details: object, message: string): void },
): Promise<EnvironmentProvider> => {
  switch (config.provider) {
    case 'fake':
      return new FakeProvider();
    case 'local':
      return new LocalProvider({
        maxConcurrent: config.local.maxLabs,
        rootFilesystems: config.local.rootFilesystems,
        logger,
      });
    case 'kubernetes': {
      // config.ts gives these settings with this provider, and checked the credentials exist.
      const settings = config.kubernetes;
      if (!settings) throw new Error('LAB_PROVIDER "kubernetes" without its LAB_K8S_* settings');
      // Loading the Kubernetes client costs a process over a second of CPU: only a server whose
      // labs run on a cluster pays it, not every start of one on the fake or local provider.
      const { KubernetesProvider, loadKubeConfig } =
        await import('./providers/kubernetes-provider.js');
      return new KubernetesProvider({ ...settings, kubeConfig: loadKubeConfig(settings) });
    }
  }
};

/**
 * Lab environments: the manager (policy), its provider (infrastructure), the
 * reconciler that keeps both in step, and the routes of the Console/VPN tabs and the cockpit.
 */
export const createLabsModule = async (deps: {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  events: EventWriter;
  config: Config['labs'];
  clock: Clock;
  logger: { warn(details: object, message: string): void };
  /** Seals the WireGuard private keys the VPN keeps in the database. */
  secrets: SecretBox;
  /** A test's own provider (a FakeProvider with faults to inject). */
  provider?: EnvironmentProvider;
}) => {
  const repo = createLabsRepository(deps.db);
  const provider = deps.provider ?? (await providerFor(deps.config, deps.logger));
  const manager = createEnvironmentManager({
    repo,
    provider,
    events: deps.events,
    limits: deps.config,
    clock: deps.clock,
    logger: deps.logger,
  });
  const reconciler = createLabReconciler({
    db: deps.db,
    repo,
    manager,
    provider,
    clock: deps.clock,
    logger: deps.logger,
  });
  const starts = createLabSessionStartsRepository(deps.db);
  const starter = createLabSessionStarter({
    starts,
    sessions: deps.sessions,
    manager,
    clock: deps.clock,
    concurrency: START_CONCURRENCY,
    logger: deps.logger,
  });
  const labs = createLabsService({
    db: deps.db,
    repo,
    starts,
    sessions: deps.sessions,
    manager,
    rateLimits: createRateLimitRepository(deps.db),
    allocationsPerTeamPerMinute: deps.config.allocationsPerTeamPerMinute,
    clock: deps.clock,
  });

  const consoles = createConsoleService({
    db: deps.db,
    repo,
    tickets: createConsoleTicketsRepository(deps.db),
    sessions: deps.sessions,
    clock: deps.clock,
  });
  const vpn = createVpnProfilesService({
    labs: repo,
    profiles: createVpnProfilesRepository(deps.db, deps.secrets),
    sessions: deps.sessions,
    provider,
    vpn: deps.config.vpn,
    clock: deps.clock,
    logger: deps.logger,
  });
  const hub = createConsoleHub({
    perTeam: deps.config.console.perTeam,
    graceMs: deps.config.console.graceSeconds * 1000,
    scrollbackBytes: 64 * 1024,
  });
  // Consoles on this node close the moment their environment is released here; those held by
  // another node notice at their next liveness check.
  manager.onReleased((envId) => hub.releaseEnvironment(envId));

  return {
    manager,
    reconciler,
    /** Environments by phase, for the metrics. */
    countByPhase: () => repo.countByPhase(),
    starter,
    provider,
    registerHooks: (app: FastifyInstance) => {
      // One pass at a time each: a slow provider never stacks reconciliations or allocations.
      registerPeriodicJob(app, {
        name: 'lab reconciliation',
        everyMs: deps.config.reconcileSeconds * 1000,
        run: () => reconciler.reconcile(),
        atReady: 'await',
        failure: 'lab environments could not be reconciled',
      });
      if (deps.config.allocateAtStart)
        registerPeriodicJob(app, {
          name: 'lab allocation at start',
          everyMs: START_TICK_MS,
          run: () => starter.allocateStartedSessions(),
          atReady: 'wait',
          failure: 'lab environments of starting sessions not allocated',
        });
      app.addHook('onClose', async () => {
        if (!deps.provider) await provider.close();
      });
    },
    consoleHub: hub,
    registerRoutes: (app: FastifyInstance) => {
      registerLabsRoutes(app, { labs });
      registerConsoleRoutes(app, { consoles });
      registerVpnRoutes(app, { vpn });
    },
    /** The console WebSocket, outside `/api`: registered at the app's root. */
    registerSocket: (app: FastifyInstance) =>
      registerConsoleSocket(app, {
        consoles,
        hub,
        provider,
        idleMs: deps.config.console.idleSeconds * 1000,
      }),
  };
};
