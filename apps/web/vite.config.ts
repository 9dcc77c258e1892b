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

/** Where the API server listens in development (`npm run dev` at the root starts both). */
const API_ORIGIN = 'http://localhost:3000';

/**
 * Libraries every page needs from the first paint, in a few named, long-lived chunks whose hashes
 * survive app releases. Everything else (each screen, the cookie dialog, zod, each catalogue) is
 * split automatically at its dynamic import.
 */
const initialVendorGroups = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  { name: 'vendor-i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  // Loaded just after the first paint (toasts), named for legibility.
  { name: 'vendor-sonner', test: /[\\/]node_modules[\\/]sonner[\\/]/ },
];

/** login.html's libraries in one chunk: built against Preact, no other page shares them. */
const loginVendorGroups = [
  {
    name: 'login-vendor',
    test: /[\\/]node_modules[\\/](preact|react-router|cookie|set-cookie-parser|i18next|react-i18next|@tanstack)[\\/]/,
  },
];

/**
 * login.html, the page of the sign-in screens, is built apart (`vite build -c
 * vite.login.config.ts`), from the same components with Preact in place of React: the first page
 * of most visitors then needs a fraction of the app's JavaScript. Nothing on it uses what Preact
 * lacks (Radix dialogs): if that changes, the e2e identity journey signs in through this page.
 */
const preactInPlaceOfReact = (): Alias[] => {
  // By file: the libraries that import React sit where this package's own Preact is not found.
  const preact = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
  const compat = path.join(preact, 'compat/dist/compat.mjs');
  return [
    { find: /^react$/, replacement: compat },
    { find: /^react-dom$/, replacement: compat },
    { find: /^react-dom\/client$/, replacement: path.join(preact, 'compat/client.mjs') },
    {
      find: /^react\/jsx-(dev-)?runtime$/,
      replacement: path.join(preact, 'jsx-runtime/dist/jsxRuntime.mjs'),
    },
  ];
};

export type WebPage = 'index' | 'login';

const manifestFile = (page: WebPage) =>
  page === 'index' ? '.vite/manifest.json' : '.vite/login-manifest.json';

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

/** Where the server reads what each page's first screens need (see `listFirstLoads`). */
const firstLoadsFile = (page: WebPage) => `.vite/first-loads-${page}.json`;

/**
 * Writes, beside the page's manifest, the files its first screens fetch after the entry has run:
 * the responses' schemas, the catalogue of each language, the default layout's chunk, each
 * screen's chunk, each
 * with the static imports and styles the entry does not already load. The server names them in
 * the page it sends (`<link rel=modulepreload>`), so they load beside the entry rather than after it.
 */
const listFirstLoads = (page: WebPage): Plugin => ({
  name: 'rampart-list-first-loads',
  apply: 'build',
  writeBundle(options, bundle) {
    type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
    const asset = bundle[manifestFile(page)];
    if (!asset || asset.type !== 'asset') throw new Error(`the ${page} build wrote no manifest`);
    const manifest = JSON.parse(String(asset.source)) as Record<string, Chunk>;
    const graphOf = (key: string, seen = new Set<string>()) => {
      const chunk = manifest[key]!;
      if (seen.has(chunk.file)) return seen;
      seen.add(chunk.file);
      chunk.css?.forEach((file) => seen.add(file));
      chunk.imports?.forEach((imported) => graphOf(imported, seen));
      return seen;
    };
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const loaded = graphOf(entry);
    const filesOf = (key: string) =>
      [...graphOf(key)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
    const keyOf = (source: string) =>
      Object.keys(manifest).find((key) => key.replace(/\.[jt]sx?$/, '') === source);
    // The screens' modules, as screen-modules.ts imports them (the console's go through a list).
    const router = 'src/app/router';
    const screenModules = fs.readFileSync(
      fileURLToPath(new URL(`./${router}/screen-modules.ts`, import.meta.url)),
      'utf8',
    );
    const screens: Record<string, string[]> = {};
    for (const [, id, specifier] of screenModules.matchAll(
      /(\w+): \(\) =>\s*import\('([^']+)'\)/g,
    )) {
      const key = keyOf(path.posix.join(router, specifier!));
      if (key) screens[id!] = filesOf(key);
    }
    const catalogues = Object.fromEntries(
      Object.keys(manifest)
        .map((key) => /^src\/locales\/(\w+)\/index\.ts$/.exec(key))
        .filter((match) => match !== null)
        .map((match) => [match[1], filesOf(match[0])]),
    );
    const layout = keyOf('src/app/layouts/default-layout');
    // The responses' schemas: the first identity and app info reads parse with them, on any page.
    const schemas = keyOf('src/lib/contract-schemas');
    const firstLoads = {
      always: schemas ? filesOf(schemas) : [],
      catalogues,
      layouts: { default: layout ? filesOf(layout) : [] },
      screens,
    };
    fs.writeFileSync(
      path.join(options.dir!, firstLoadsFile(page)),
      `${JSON.stringify(firstLoads)}\n`,
    );
  },
});

export const createWebConfig = (page: WebPage): UserConfig => ({
  plugins: [react(), ...(page === 'login' ? [listAppFiles()] : []), listFirstLoads(page)],
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
    manifest: manifestFile(page),
    // No modulepreload polyfill on the first page: browsers without modulepreload (Safari before
    // 17) still load every module, only without the head start.
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    // login.html's styles in one file: a single stylesheet blocks its first paint.
    cssCodeSplit: page === 'index',
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
        codeSplitting: { groups: page === 'index' ? initialVendorGroups : loginVendorGroups },
      },
    },
  },
});

export default defineConfig(createWebConfig('index'));
