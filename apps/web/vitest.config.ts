import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { TEST_TIMEOUT_MS } from './src/test/timeouts.ts';

/** The tests of login.html's page: they run on Preact, as the page does (vitest.login.config.ts). */
export const LOGIN_PAGE_TESTS = [
  'src/app/login/**/*.test.{ts,tsx}',
  'src/react-on-preact.test.tsx',
];

/** How the web tests run, in both projects. */
export const jsdomTests = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    environment: 'jsdom',
    // Screens render in jsdom on a CPU shared with the server's test files: a journey through
    // a screen may take seconds there without anything being wrong.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    // A visual jsdom reports `document.hidden === false`, like a foreground tab (toasts time out).
    environmentOptions: { jsdom: { pretendToBeVisual: true, url: 'http://localhost/' } },
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
} satisfies ViteUserConfig;

export default mergeConfig(
  mergeConfig(viteConfig, jsdomTests),
  defineConfig({
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
      exclude: LOGIN_PAGE_TESTS,
      // A worker keeps the modules it loaded from one test file to the next (each file still
      // gets a fresh jsdom): loading the app again for each file took three quarters of the
      // project's time. The state modules keep for the page's life is reset after each file
      // (src/test/setup.ts), and a test whose outcome hung on what ran before it was a bug in
      // the app: security-section.test.tsx loads the login screen first on purpose.
      isolate: false,
    },
  }),
);
