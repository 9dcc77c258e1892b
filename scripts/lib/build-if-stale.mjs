// Builds each workspace whose output is missing or older than its sources (its tests aside: they
// are not built).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const newest = (entries) => {
  let latest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) {
        if (child !== 'node_modules' && child !== 'dist') visit(path.join(entry, child));
      }
    } else if (!/\.test\.tsx?$/.test(entry)) {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
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
      'apps/web/login.html',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/vite.login.config.ts',
      'apps/web/package.json',
      'apps/web/build-plugins',
      'packages/contracts/src',
    ],
  },
];

export const buildIfStale = (workspaces = builds.map((build) => build.workspace)) => {
  for (const build of builds.filter((candidate) => workspaces.includes(candidate.workspace))) {
    const output = path.join(root, build.output);
    const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    if (built >= newest(build.sources)) continue;
    console.log(`Building ${build.workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
};
