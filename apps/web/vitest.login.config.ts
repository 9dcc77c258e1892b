import { defineConfig, mergeConfig } from 'vitest/config';
import { createWebConfig } from './vite.config.ts';
import { jsdomTests, LOGIN_PAGE_TESTS } from './vitest.config.ts';

/**
 * The tests of login.html's page, rendered as the browser runs it: with Preact in place of React
 * (`createWebConfig('login')`'s aliases), the libraries included. The app's other tests run with
 * React (vitest.config.ts).
 */
export default mergeConfig(
  mergeConfig(createWebConfig('login'), jsdomTests),
  defineConfig({
    // The libraries' ES modules, as in the browser's build: a CommonJS copy would `require`
    // React itself, past the aliases.
    resolve: { mainFields: ['module', 'main'] },
    test: {
      name: 'web:login',
      include: LOGIN_PAGE_TESTS,
      // Processed like the page's code, the libraries that import React get the same aliases.
      server: { deps: { inline: true } },
    },
  }),
);
