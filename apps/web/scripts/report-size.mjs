#!/usr/bin/env node
/**
 * Prints the gzipped size of the JavaScript the first page needs and fails (exit 1) when the
 * login page's share exceeds its budget (150 kB = 150,000 bytes). Reads dist/.vite/manifest.json:
 * the entry chunk plus everything it imports statically, then the same for the login screen's
 * lazy chunk, which the router fetches before the login page can render. The game screen's first
 * load (the same, with the game screen's chunk) is printed beside it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1000;
const LOGIN_SCREEN = 'src/features/auth/screens/login-screen.tsx';
const GAME_SCREEN = 'src/features/game/screens/session-game-screen.tsx';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-size: no entry chunk in the manifest');
  process.exit(1);
}
for (const screen of [LOGIN_SCREEN, GAME_SCREEN]) {
  if (!manifest[screen]) {
    console.error(`report-size: ${screen} is not a chunk of the build (moved? update this script)`);
    process.exit(1);
  }
}

/** The chunk `key` and every chunk it imports statically, transitively. */
const staticClosure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
};

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
  return gzipped.get(file);
};

const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
const total = (keys) => [...keys].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);

const initial = staticClosure(entryKey);
const login = staticClosure(LOGIN_SCREEN, new Set(initial));
const game = staticClosure(GAME_SCREEN, new Set(initial));

console.log('\nInitial JS (gzip), entry and its static imports:');
for (const key of [...initial].sort(
  (a, b) => gzipSize(manifest[b].file) - gzipSize(manifest[a].file),
)) {
  // Chunk files are named by their hash alone (vite.config.ts): the chunk's name says what it is.
  const { file, name } = manifest[key];
  console.log(`  ${kb(gzipSize(file))}  ${file}${name ? ` (${name})` : ''}`);
}
const initialBytes = total(initial);
const loginBytes = total(login);
console.log(`  ${kb(initialBytes)}  total initial JS`);
console.log(
  `  ${kb(loginBytes)}  login page (initial + login screen chunk), budget ${kb(BUDGET_BYTES).trim()}`,
);
console.log(`  ${kb(total(game))}  game screen's first load (initial + game screen chunk)\n`);

if (loginBytes > BUDGET_BYTES) {
  console.error(
    `report-size: the login page needs ${kb(loginBytes).trim()} of JS, over the ${kb(BUDGET_BYTES).trim()} budget`,
  );
  process.exit(1);
}
