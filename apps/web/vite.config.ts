import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defineConfig,
  type Alias,
  type Plugin,
  type UserConfig,
} from 'vite';
import { noChunkCycles } from './build-plugins/chunk-cycles.ts';
import { firstLoadFiles } from './build-plugins/first-load-files.ts';
import { sharedChunkGroups } from './build-plugins/shared-chunks.ts';

/** Where the API server listens in development (`npm run dev` at the root starts both). */
const API_ORIGIN = 'http://localhost:3000';

/** The app's own modules and the contracts' (not a library's). */
const APP_SOURCE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]contracts[\\/]src)[\\/]/;
const ENTRY_MODULE = /[\\/]src[\\/]main\.tsx$/;

/**
 * How index.html's code is cut into files. Every file costs a request, and a phone on a slow link
 * pays a round trip for each beyond the six the browser opens at once: left to itself the bundler
 * gave the game screen's first load 53 scripts and 17 stylesheets, most of a kilobyte, and the
 * request queue, not the bytes, held back its first paint (Lighthouse, mobile). So:
 * - libraries every page needs from the first paint, in a few named, long-lived chunks whose
 *   hashes survive app releases;
 * - the app's own code of the first paint (the entry's static imports) in one chunk;
 * - the app's code shared by several screens, and the libraries only some screens use, grouped
 *   by the screens that share them, small groups merged (build-plugins/shared-chunks.ts): a group
 *   under `SHARED_MERGE_BYTES` joins the group, among those shared by as many screens, to which
 *   it adds the fewest bytes to load, and neighbouring files under `SHARED_SMALL_BYTES` share
 *   one, so that a screen may load some kilobytes it does not run, in a handful of files instead
 *   of dozens. The groups are merged in an order in which imports only go forward, so no two
 *   files ever need each other, whatever the imports;
 * - the styles of every screen in one stylesheet (`cssCodeSplit: false`, 21 kB with brotli).
 * Everything else (each screen, the cookie dialog, each catalogue) is split at its dynamic
 * import; the contracts and zod go with the first shared file that needs them (see
 * shared-chunks.ts, "What the plan does not see"). The server names a screen's files in the
 * page it serves (build-plugins/first-load-files.ts), so they all leave at once: with files in
 * fewer, larger groups, six connections carry the game screen's first load (14 files) in two
 * or three turns. With groups merged under 20 kB only, its 32 files queued behind each other and
 * announcing them made its largest paint later, not earlier (Lighthouse's simulation of a phone
 * on a slow link).
 */
const SHARED_MERGE_BYTES = 160_000;
const SHARED_SMALL_BYTES = 80_000;
const vendorGroups = [
  {
    name: 'vendor-react',
    priority: 1000,
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'vendor-i18n',
    priority: 1000,
    test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/,
  },
  { name: 'vendor-query', priority: 1000, test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  // Loaded just after the first paint (toasts), named for legibility.
  { name: 'vendor-sonner', priority: 1000, test: /[\\/]node_modules[\\/]sonner[\\/]/ },
];
/** The priorities: the libraries' groups first, then the entry's, then the shared code's (1 to 256). */
const sharedChunks = sharedChunkGroups({
  // The libraries a few screens share are planned with the app code that imports them
  // (Markdown's with the Markdown component), their size counted.
  test: (id) => !id.startsWith('\0') && !vendorGroups.some((group) => group.test.test(id)),
  mergeBytes: SHARED_MERGE_BYTES,
  smallBytes: SHARED_SMALL_BYTES,
});
const appGroups = [
  ...vendorGroups,
  {
    name: 'app-initial',
    priority: 900,
    tags: ['$initial' as const],
    // The entry stays the entry: index.html loads it.
    test: (id: string) => APP_SOURCE.test(id) && !ENTRY_MODULE.test(id),
  },
  ...sharedChunks.groups,
];

/** login.html's libraries in one chunk: built against Preact, no other page shares them. */
const loginVendorGroups = [
  {
    name: 'login-vendor',
    test: /[\\/](node_modules[\\/](preact|react-router|cookie|set-cookie-parser|i18next|react-i18next|@tanstack)[\\/]|apps[\\/]web[\\/]src[\\/]react-on-preact\.js$)/,
  },
];

/**
 * login.html, the page of the sign-in screens, is built apart (`vite build -c
 * vite.login.config.ts`), from the same components with Preact in place of React: the first page
 * of most visitors then needs a fraction of the app's JavaScript. `react` resolves to Preact's
 * React-compatible layer with what the components expect of React 19 added
 * (`src/react-on-preact.js`). The e2e journeys all sign in through this page.
 */
const preactInPlaceOfReact = (): Alias[] => {
  // By file: the libraries that import React sit where this package's own Preact is not found.
  const preact = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
  const compat = path.join(preact, 'compat/dist/compat.mjs');
  const react = fileURLToPath(new URL('./src/react-on-preact.js', import.meta.url));
  return [
    { find: /^react$/, replacement: react },
    // React's hook for versions of React without it (react-i18next's): Preact has it.
    { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: react },
    { find: /^react-dom$/, replacement: compat },
    { find: /^react-dom\/client$/, replacement: path.join(preact, 'compat/client.mjs') },
    {
      find: /^react\/jsx-(dev-)?runtime$/,
      replacement: path.join(preact, 'jsx-runtime/dist/jsxRuntime.mjs'),
    },
  ];
};

export type WebPage = 'index' | 'login';

/** The name of login.html's list of the app's first files (read by src/app/login/prefetch-app.ts). */
const APP_FILES_META = 'rampart-app-files';

/**
 * Lists in login.html the files of the app's first load (index.html's entry, its static imports
 * and their styles, from the app's manifest, built first), for the page to prefetch once it is
 * idle: signing in then loads the app from the cache.
 */
const listAppFiles = (): Plugin => ({
  name: 'rampart-list-app-files',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { server }) {
      if (server) return [];
      type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
      const manifestPath = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key]!;
        if (files.has(chunk.file)) return;
        files.add(chunk.file);
        chunk.css?.forEach((file) => files.add(file));
        chunk.imports?.forEach(visit);
      };
      const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
      if (!entry) throw new Error(`no entry in ${manifestPath}: build the app first`);
      visit(entry);
      const content = [...files].map((file) => `/${file}`).join(' ');
      return [{ tag: 'meta', attrs: { name: APP_FILES_META, content }, injectTo: 'head' }];
    },
  },
});

const APP_ROOT = fileURLToPath(new URL('.', import.meta.url));

export const createWebConfig = (page: WebPage): UserConfig => ({
  plugins:
    page === 'login'
      ? [react(), listAppFiles(), noChunkCycles(APP_ROOT)]
      : [
          react(),
          { name: 'rampart-shared-chunks', apply: 'build', buildStart: sharedChunks.reset },
          firstLoadFiles(APP_ROOT),
          noChunkCycles(APP_ROOT),
        ],
  resolve: {
    // `source` makes @rampart/contracts resolve to its TypeScript source: no build step between them.
    conditions: ['source', ...defaultClientConditions],
    ...(page === 'login' ? { alias: preactInPlaceOfReact() } : {}),
  },
  server: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // The app's build runs first and empties dist/; login.html's is written beside it.
    emptyOutDir: page === 'index',
    manifest: page === 'index' ? true : '.vite/login-manifest.json',
    // No modulepreload polyfill on the first page: browsers without modulepreload (Safari before
    // 17) still load every module, only without the head start.
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    // Each page's styles in one file: loaded with the page, never a step later with a screen's
    // code (a stylesheet per shared chunk was nine more requests on the game screen's first load).
    cssCodeSplit: false,
    // Every asset stays a hashed, cacheable file: the server's Content-Security-Policy need not
    // allow data: URLs.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: `${page}.html`,
      treeshake: {
        // The contracts are declarations (schemas, constants, no side effects): a module of theirs
        // that no export is used from can be dropped, which keeps zod out of the first page
        // (src/lib/contract-schemas.ts).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        // A chunk's file is its hash alone: every lazy import lists the files it preloads, and
        // the names in them were a kilobyte of the login page's budget (`npm run build` prints
        // each first-page chunk with its name).
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: { groups: page === 'index' ? appGroups : loginVendorGroups },
      },
    },
  },
});

export default defineConfig(createWebConfig('index'));
