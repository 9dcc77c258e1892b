#!/usr/bin/env node
// `npm run admin -- <command>`: account administration (see apps/server/src/cli/admin.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
buildIfStale(['@rampart/contracts', '@rampart/server']);
const child = spawn(process.execPath, ['apps/server/dist/cli/admin.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
