import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

/**
 * The login page is the first page most visitors see, and its screen is a lazy chunk the router
 * asks for only once the entry has run. A modulepreload of that chunk (and of its imports the
 * first page does not already preload) in index.html fetches it beside the entry instead of
 * after it; on other pages it costs a few kilobytes, which the login page's budget counts anyway.
 */
const preloadFirstScreen = (screenModule: string): Plugin => ({
  name: 'rampart-preload-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(screenModule));
      if (!screen) throw new Error(`no chunk for ${screenModule}: its preload would be lost`);
      const files = [screen.fileName, ...screen.imports].filter(
        (file) => !html.includes(`/${file}"`),
      );
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
        injectTo: 'head',
      }));
    },
  },
});

export default defineConfig({
  plugins: [react(), preloadFirstScreen('src/features/auth/screens/login-screen.tsx')],
  resolve: {
    // `source` makes @rampart/contracts resolve to its TypeScript source: no build step between them.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    manifest: true,
    // No modulepreload polyfill on the first page: browsers without modulepreload (Safari before
    // 17) still load every module, only without the head start.
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    // Every asset stays a hashed, cacheable file: the server's Content-Security-Policy need not
    // allow data: URLs.
    assetsInlineLimit: 0,
    rolldownOptions: {
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
        codeSplitting: {
          groups: initialVendorGroups,
        },
      },
    },
  },
});
