#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (embedded database in ./data unless DATABASE_URL is set) on PORT, 3000 by default.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const newest = (entries) => {
  let latest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) {
        if (child !== 'node_modules' && child !== 'dist') visit(path.join(entry, child));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  entries.forEach(visit);
  return latest;
};

const builds = [
  {
    workspace: '@rampart/contracts',
    output: 'packages/contracts/dist/index.js',
    sources: ['packages/contracts/src', 'packages/contracts/package.json'],
  },
  {
    workspace: '@rampart/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/contracts/src'],
  },
  {
    workspace: '@rampart/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contracts/src',
    ],
  },
];

for (const build of builds) {
  const built = fs.existsSync(build.output) ? fs.statSync(build.output).mtimeMs : 0;
  if (built >= newest(build.sources)) continue;
  console.log(`Building ${build.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
