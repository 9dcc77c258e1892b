import fs from 'node:fs';
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

export default defineConfig({
  test: {
    projects: [
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      ...(fs.existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
