import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import type { Config } from './config.js';
import { createBackupRequestServer } from './db/backup/online-backup.js';
import { embeddedKeyText } from './db/backup/pglite-backup.js';
import { openDatabase, type DatabaseHandle, type PGliteHandle } from './db/database.js';
import { isDatabaseUnavailable } from './db/connection-errors.js';
import { migrateToLatest } from './db/migrate.js';
import { dropPreviousKeyFile, loadSecretKeys } from './db/secret-key-file.js';
import { createLogDestination } from './lib/log-destination.js';
import { createSecretBox } from './lib/secret-box.js';
import { answerUnavailable, type WaitingServer } from './http/waiting-server.js';
import { loadDemoContent } from './modules/content/pack/demo-content.js';
import { seedDemoAccounts } from './modules/identity/demo-accounts.js';
import { createIdentityServices } from './modules/identity/index.js';
import { sealStoredKeys } from './modules/labs/vpn-keys-at-rest.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Whether this start created the demo accounts (empty database, seeding enabled). */
  seededDemoAccounts: boolean;
  database: DatabaseHandle;
  address: string;
  /**
   * With `onlineBackups` on the embedded database: takes the backups the backup command asked
   * for (main.ts calls it on SIGUSR2).
   */
  takeBackups?: () => Promise<void>;
  /**
   * Fails the health check and keeps serving for the drain period, then stops accepting, lets
   * in-flight requests finish (up to the shutdown timeout) and closes the database.
   */
  close(): Promise<void>;
  /** Writes the log lines not written yet (the shutdown's last step, before the exit). */
  flushLog(): void;
}

const version = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

/** How often a node started while PostgreSQL is away tries it again. */
const DATABASE_RETRY_MS = 1000;

/**
 * Says why a node is not serving yet: at the first attempt, when the reason changes and every
 * minute, not at every attempt.
 */
const createWaitingReport = () => {
  let lastReason = '';
  return (error: unknown, attempt: number, address: string) => {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason === lastReason && attempt % 60 !== 1) return;
    lastReason = reason;
    console.warn(
      `Waiting for the database (${reason}): trying again every ${DATABASE_RETRY_MS / 1000} s, ` +
        `answering 503 on ${address} meanwhile (attempt ${attempt}).`,
    );
  };
};

export const startServer = async (
  config: Config,
  options: {
    configure?: (app: FastifyInstance) => void | Promise<void>;
    /** Whether this process answers the backup command's requests (SIGUSR2, main.ts). */
    onlineBackups?: boolean;
  } = {},
): Promise<RunningServer> => {
  const startedAt = performance.now();
  const bootLog = { warn: (details: object, message: string) => console.warn(message, details) };
  const secrets = createSecretBox(loadSecretKeys(config));
  const database = await openDatabase(config.database, bootLog, {
    servesBackups: options.onlineBackups ?? false,
  });
  let app: FastifyInstance | undefined;
  let waiting: WaitingServer | undefined;
  const reportWaiting = createWaitingReport();
  const logDestination = createLogDestination();
  try {
    let seededDemoAccounts = false;
    // On PostgreSQL, a node started while the database is away waits for it, answering 503
    // meanwhile, instead of exiting: under a process manager the cluster would otherwise stay
    // down for the whole outage, restarted and failing in a loop.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await migrateToLatest(database.db);
        // Idempotent: seals keys still in clear, and refuses a SECRET_KEY that opens none.
        await sealStoredKeys(database.db, secrets);
        dropPreviousKeyFile(config);
        seededDemoAccounts = config.seedDemoAccounts
          ? await seedDemoAccounts(createIdentityServices(database.db, config.auth))
          : false;
        app = await buildApp({
          config,
          database,
          version,
          secrets,
          logger: { ...loggerOptions(config), stream: logDestination },
          ...(options.configure ? { configure: options.configure } : {}),
        });
        if (config.seedDemoAccounts) await loadDemoContent(database.db, config.contentDir, app.log);
        break;
      } catch (error) {
        await app?.close().catch(() => {});
        app = undefined;
        if (database.kind !== 'postgres' || !isDatabaseUnavailable(error)) throw error;
        waiting ??= await answerUnavailable(config.host, config.port);
        reportWaiting(error, attempt, waiting.address);
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
      }
    }
    await waiting?.close();
    const address = await app.listen({
      host: config.host,
      port: waiting?.port ?? config.port,
    });
    app.log.info(
      { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
      `Rampart ${version} listening on ${address}`,
    );
    let closing: Promise<void> | undefined;
    const running = app;
    const takeBackups =
      options.onlineBackups && database.kind === 'pglite' && config.database.kind === 'pglite'
        ? createBackupRequestServer(
            config.database.dataDir,
            database as PGliteHandle,
            () => embeddedKeyText(config),
            app.log,
          )
        : undefined;
    return {
      app,
      seededDemoAccounts,
      database,
      address,
      ...(takeBackups ? { takeBackups } : {}),
      flushLog: logDestination.flushSync,
      close: () =>
        (closing ??= (async () => {
          let timer: NodeJS.Timeout | undefined;
          try {
            if (config.shutdownDrainMs > 0) {
              running.lifecycle.draining = true;
              running.log.info(
                { drainMs: config.shutdownDrainMs },
                'draining: health check failing, still serving until the drain period ends',
              );
              await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
            }
            await Promise.race([
              running.close(),
              new Promise<void>((resolve) => {
                timer = setTimeout(() => {
                  running.log.warn('shutdown timeout reached: closing remaining connections');
                  running.server.closeAllConnections();
                  resolve();
                }, config.shutdownTimeoutMs);
              }),
            ]);
          } finally {
            clearTimeout(timer);
            await database.close();
          }
        })()),
    };
  } catch (error) {
    await waiting?.close().catch(() => {});
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
};
