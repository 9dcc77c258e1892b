import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The operations suite: the container image, the load-balanced cluster and the deployment
 * manifests, each tested with its real component (Podman, nginx, PostgreSQL). Run by
 * `npm test` after the browser journeys, since it uses the built app; `npm test -- --only ops`
 * runs it alone.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['deploy/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 900_000,
    pool: 'forks',
    // Each file starts heavy processes (an image build, a cluster): one at a time.
    fileParallelism: false,
  },
});
