#!/usr/bin/env node
// `npm run content -- <command>`: import, export and list content packs (see
// apps/server/src/cli/content.ts and content/README.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Paths on the command line are the caller's: npm says where it was called from in INIT_CWD.
const callerDirectory = process.env.INIT_CWD ?? process.cwd();
process.chdir(root);
buildIfStale(['@rampart/contracts', '@rampart/server']);
const child = spawn(
  process.execPath,
  ['apps/server/dist/cli/content.js', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, INIT_CWD: callerDirectory } },
);
child.on('exit', (code) => process.exit(code ?? 1));
