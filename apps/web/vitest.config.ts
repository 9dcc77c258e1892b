import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { TEST_TIMEOUT_MS } from './src/test/timeouts.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'web',
      environment: 'jsdom',
      // Screens render in jsdom on a CPU shared with the server's test files: a journey through
      // a screen may take seconds there without anything being wrong.
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: TEST_TIMEOUT_MS,
      // A visual jsdom reports `document.hidden === false`, like a foreground tab (toasts time out).
      environmentOptions: { jsdom: { pretendToBeVisual: true, url: 'http://localhost/' } },
      include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
