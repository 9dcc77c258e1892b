#!/usr/bin/env node
/**
 * Prints the gzipped size of the JavaScript the first pages need and fails (exit 1) when the
 * login page's exceeds its budget (75 kB = 75,000 bytes). The login page is login.html
 * (dist/.vite/login-manifest.json): its entry chunk and everything it imports statically. The
 * app's first load (dist/.vite/manifest.json, index.html's entry and its static imports) and the
 * home and game screens' (the same, with the screen's lazy chunk and its imports, which the
 * router fetches before the screen renders) are printed beside it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 75 * 1000;
/**
 * The files (scripts and stylesheets) of the game screen's first load. A phone on a slow link
 * pays a round trip for each file beyond the six requests the browser makes at once: left to
 * itself the bundler gave this load 70 files, and the queue held back the screen's first paint
 * (vite.config.ts groups the app's shared code to keep it short).
 */
const GAME_FILES_BUDGET = 40;
const GAME_SCREEN = 'src/features/game/screens/session-game-screen.tsx';
/** A signed-in player's first screen: its chapter cards need no Markdown parser. */
const HOME_SCREEN = 'src/features/home/screens/home-screen.tsx';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const readManifest = (name) => JSON.parse(readFileSync(join(distDir, '.vite', name), 'utf8'));
const appManifest = readManifest('manifest.json');
const loginManifest = readManifest('login-manifest.json');

const entryOf = (manifest, name) => {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].isEntry);
  if (!key) {
    console.error(`report-size: no entry chunk in ${name}`);
    process.exit(1);
  }
  return key;
};
const appEntry = entryOf(appManifest, 'manifest.json');
const loginEntry = entryOf(loginManifest, 'login-manifest.json');
for (const screen of [GAME_SCREEN, HOME_SCREEN]) {
  if (!appManifest[screen]) {
    console.error(`report-size: ${screen} is not a chunk of the build (moved? update this script)`);
    process.exit(1);
  }
}

/** The chunk `key` and every chunk it imports statically, transitively: its files. */
const staticClosure = (manifest, key, seen = new Set()) => {
  if (seen.has(manifest[key].file)) return seen;
  seen.add(manifest[key].file);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
};

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
  return gzipped.get(file);
};

const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
// Chunk files are named by their hash alone (vite.config.ts): the chunk's name says what it is.
const names = new Map(
  [appManifest, loginManifest].flatMap((manifest) =>
    Object.values(manifest).map(({ file, name }) => [file, name]),
  ),
);
const list = (title, files) => {
  console.log(`\n${title}`);
  for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
    const name = names.get(file);
    console.log(`  ${kb(gzipSize(file))}  ${file}${name ? ` (${name})` : ''}`);
  }
};

/** The stylesheets of the chunks `files` (the same set of files). */
const stylesheetsOf = (manifest, files) =>
  new Set(
    Object.values(manifest)
      .filter((chunk) => files.has(chunk.file))
      .flatMap((chunk) => chunk.css ?? []),
  );

const login = staticClosure(loginManifest, loginEntry);
const app = staticClosure(appManifest, appEntry);
const game = staticClosure(appManifest, GAME_SCREEN, new Set(app));
const home = staticClosure(appManifest, HOME_SCREEN, new Set(app));
const loginBytes = total(login);

list('Login page (login.html) JS (gzip), entry and its static imports:', login);
console.log(`  ${kb(loginBytes)}  login page, budget ${kb(BUDGET_BYTES).trim()}`);
list('App (index.html) initial JS (gzip), entry and its static imports:', app);
console.log(`  ${kb(total(app))}  app's initial JS`);
console.log(`  ${kb(total(home))}  home screen's first load (app's initial + home screen chunk)`);
console.log(`  ${kb(total(game))}  game screen's first load (app's initial + game screen chunk)`);
const gameFiles = game.size + stylesheetsOf(appManifest, game).size;
console.log(
  `  ${String(gameFiles).padStart(6)} files  game screen's first load (scripts and stylesheets), budget ${GAME_FILES_BUDGET}\n`,
);
if (gameFiles > GAME_FILES_BUDGET) {
  console.error(
    `report-size: the game screen's first load needs ${gameFiles} files, over the budget of ${GAME_FILES_BUDGET}`,
  );
  process.exit(1);
}

if (loginBytes > BUDGET_BYTES) {
  console.error(
    `report-size: the login page needs ${kb(loginBytes).trim()} of JS, over the ${kb(BUDGET_BYTES).trim()} budget`,
  );
  process.exit(1);
}
