import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * The unit and integration suites: the server on PGlite, again on PostgreSQL when DATABASE_URL
 * is set, and the web app in jsdom.
 */
const serverProject = (database: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: {
    name: `server:${database}`,
    env: { RAMPART_TEST_DATABASE: database },
  },
});

/**
 * Test files at once. Vitest's default, one fewer than the cores, runs a single file at a time
 * on a two-core machine, where most server files spend their time waiting on the database,
 * timers and child processes: twice the cores keeps both busy. Capped so that the server files'
 * connection pools stay within PostgreSQL's `max_connections` on larger machines.
 */
const maxWorkers = Math.min(8, os.availableParallelism() * 2);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      ...(fs.existsSync('apps/web/vitest.config.ts')
        ? ['apps/web/vitest.config.ts', 'apps/web/vitest.login.config.ts']
        : []),
    ],
  },
});
