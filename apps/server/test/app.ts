import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/database.js';
import type { Clock } from '../src/lib/clock.js';
import { TEST_SECRET_KEY } from './process.js';

export const testConfig = (environment: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // A started server loads no demo content unless a test gives it some.
    CONTENT_DIR: '/nonexistent',
    // PostgreSQL needs one (config.ts); a test about that passes `SECRET_KEY: ''`.
    ...(environment.DATABASE_URL ? { SECRET_KEY: TEST_SECRET_KEY } : {}),
    ...environment,
  });

/** The real app on a real database, driven with `inject`. */
export const createTestApp = async (
  database: DatabaseHandle,
  environment: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void | Promise<void>,
  clock?: Clock<Date>,
  sessionClock?: Clock,
): Promise<FastifyInstance> => {
  const app = await buildApp({
    config: testConfig(environment),
    database,
    logger: false,
    ...(clock ? { clock } : {}),
    // Gaming sessions run on the database's clock unless a test moves time for them alone.
    ...(sessionClock ? { sessionClock } : {}),
    ...(configure ? { configure } : {}),
  });
  await app.ready();
  return app;
};
