#!/usr/bin/env node
// `npm run fuzz`: the contract fuzz test at length. Requests drawn from the contracts go to every
// API route as a player, a trainer and a stranger; it fails on the first 5xx, error without
// Rampart's shape, answer without the security headers or log line above info, and otherwise
// prints the count of answers by status. `npm test` runs the same test with a bounded number.
//   --runs N         requests per database (default 100000)
//   --database <db>  pglite or postgres (default: pglite, and postgres too when DATABASE_URL is set)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(option('runs', '100000'));
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a positive whole number');
  process.exit(2);
}
const only = option('database', null);
const databases = only ? [only] : ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
if (databases.includes('postgres') && !process.env.DATABASE_URL) {
  console.error('--database postgres needs DATABASE_URL');
  process.exit(2);
}

let failed = false;
for (const database of databases) {
  const { status } = spawnSync(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--project', `server:${database}`, 'apps/server/src/http/contract-fuzz.test.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs) } },
  );
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
