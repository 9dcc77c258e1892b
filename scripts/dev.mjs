#!/usr/bin/env node
// `npm run dev`: the server from source with reload on change (port 3000), and Vite's dev server
// for the web app (port 5173, proxying /api to the server).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: { NODE_ENV: 'development', PGLITE_DIR: path.join(root, 'data'), ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
let remaining = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) stop('SIGTERM');
    if (--remaining === 0) process.exit(code ?? 0);
  });
}
