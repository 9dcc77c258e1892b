import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadDemoContent } from './modules/content/pack/demo-content.js';
import { seedDemoAccounts } from './modules/identity/demo-accounts.js';
import { createIdentityServices } from './modules/identity/index.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Whether this start created the demo accounts (empty database, seeding enabled). */
  seededDemoAccounts: boolean;
  database: DatabaseHandle;
  address: string;
  /** Stops accepting, lets in-flight requests finish (up to the shutdown timeout), closes the database. */
  close(): Promise<void>;
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

export const startServer = async (
  config: Config,
  options: { configure?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<RunningServer> => {
  const startedAt = performance.now();
  const bootLog = { warn: (details: object, message: string) => console.warn(message, details) };
  const database = await openDatabase(config.database, bootLog);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    const seededDemoAccounts = config.seedDemoAccounts
      ? await seedDemoAccounts(createIdentityServices(database.db, config.auth))
      : false;
    app = await buildApp({
      config,
      database,
      version,
      ...(options.configure ? { configure: options.configure } : {}),
    });
    if (config.seedDemoAccounts) await loadDemoContent(database.db, config.contentDir, app.log);
    const address = await app.listen({ host: config.host, port: config.port });
    app.log.info(
      { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
      `Rampart ${version} listening on ${address}`,
    );
    let closing: Promise<void> | undefined;
    const running = app;
    return {
      app,
      seededDemoAccounts,
      database,
      address,
      close: () =>
        (closing ??= (async () => {
          let timer: NodeJS.Timeout | undefined;
          try {
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
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
};
