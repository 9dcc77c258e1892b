import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it loaded from one test file to the next: loading the server's
    // graph again for each of a hundred files cost a quarter of the suite's time. The files share
    // no state through modules: each builds its own app, database and clock.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
