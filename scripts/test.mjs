#!/usr/bin/env node
// `npm test`: every test. First the static checks, failing fast: `npm run lint` (ESLint with the
// import directions and cycles, Prettier) and `npm run typecheck`; a red check stops the run
// before any suite starts. Then the OpenAPI document's lint (`npm run lint:api`), the unit and
// integration suites (Vitest: the server on PGlite, and on PostgreSQL when DATABASE_URL is set;
// the web app), then the browser journeys (Playwright in Chromium against the built app). Prints
// one "N passed, N failed" line per runner and a total, after the name and first error line of
// each failed test: a log's tail says what failed. Last, the operations suite (`deploy/test`):
// the container image, the cluster behind its load balancer and the deployment manifests.
//   --only unit | e2e | ops     run one part
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const outputDir = path.join(root, '.test-output');
fs.mkdirSync(outputDir, { recursive: true });

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : null;
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const results = [];
/** Failed tests, as "runner › file › name: first line of the error". */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- ANSI colours in the runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

if (!only || only === 'unit') {
  // Static checks first: they take well under a minute and a failure there makes the suites'
  // results moot, so a red lint or type check ends the run at once. The two run side by side
  // (each mostly on one core), their output held and printed whole, one after the other.
  const check = (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { env: process.env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => (output += `${error.message}\n`));
      child.on('close', (status) =>
        resolve({ script, status, output, seconds: Math.round((Date.now() - started) / 1000) }),
      );
    });
  const checks = await Promise.all(['lint', 'typecheck'].map(check));
  for (const { script, status, output, seconds } of checks) {
    process.stdout.write(output);
    console.log(`npm run ${script}: ${status === 0 ? 'ok' : 'failed'} in ${seconds} s`);
  }
  const failed = checks.filter(({ status }) => status !== 0).map(({ script }) => script);
  if (failed.length > 0) {
    console.log(
      `\nFailed: ${failed.map((script) => `npm run ${script}`).join(' and ')} (see the problems above); the suites did not run.`,
    );
    process.exit(1);
  }
}

if (!only || only === 'unit') {
  // The OpenAPI document, generated from the contracts, against Redocly's recommended ruleset.
  const status = run('node', ['scripts/lint-api.mjs']);
  if (status !== 0) failures.push('redocly › npm run lint:api: see its problems above');
  results.push({
    runner: 'redocly',
    passed: status === 0 ? 1 : 0,
    failed: status === 0 ? 0 : 1,
    status,
  });
}

if (!only || only === 'unit') {
  const report = path.join(outputDir, 'vitest.json');
  fs.rmSync(report, { force: true });
  const status = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const json = readJson(report);
  for (const file of json?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`vitest › ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(
        `vitest › ${name}: ${
          firstLine(file.message) || 'failed outside its tests (a hook): see its FAIL block above'
        }`,
      );
  }
  if (status !== 0 && !failures.some((failure) => failure.startsWith('vitest')))
    failures.push('vitest: failed outside any test (an unhandled error?): see the log above');
  const passed = json?.numPassedTests ?? 0;
  const failed = (json?.numFailedTests ?? 0) + (status !== 0 && !json?.numFailedTests ? 1 : 0);
  results.push({ runner: 'vitest', passed, failed, status });
}

if (!only || only === 'e2e') {
  // The build the journeys run: what the unit suites' setup built already (the server), and the
  // rest when its sources are newer than it (`npm start`'s rule).
  let status = run('node', [
    '--input-type=module',
    '-e',
    "import { buildIfStale } from './scripts/lib/build-if-stale.mjs'; buildIfStale();",
  ]);
  let passed = 0;
  let failed = status === 0 ? 0 : 1;
  if (status === 0) {
    const report = path.join(outputDir, 'playwright.json');
    fs.rmSync(report, { force: true });
    status = run(bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    const json = readJson(report);
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected')
            failures.push(
              `playwright › ${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(
                test.results?.at(-1)?.errors?.[0]?.message,
              )}`,
            );
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of json?.suites ?? []) visit(suite, []);
    for (const error of json?.errors ?? [])
      failures.push(`playwright: ${firstLine(error.message)}`);
    const stats = json?.stats;
    passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed = (stats?.unexpected ?? 0) + (status !== 0 && !stats?.unexpected ? 1 : 0);
  }
  results.push({ runner: 'playwright', passed, failed, status });
}

if (!only || only === 'ops') {
  const report = path.join(outputDir, 'vitest-ops.json');
  fs.rmSync(report, { force: true });
  const status = run(bin('vitest'), [
    'run',
    '--config',
    'deploy/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const json = readJson(report);
  for (const file of json?.testResults ?? []) {
    const name = path.relative(root, file.name);
    for (const test of (file.assertionResults ?? []).filter((t) => t.status === 'failed'))
      failures.push(`ops › ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  const passed = json?.numPassedTests ?? 0;
  const failed = (json?.numFailedTests ?? 0) + (status !== 0 && !json?.numFailedTests ? 1 : 0);
  results.push({ runner: 'ops', passed, failed, status });
}

console.log('');
if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`  ${failure}`);
  console.log('');
}
for (const result of results)
  console.log(`${result.runner}: ${result.passed} passed, ${result.failed} failed`);
const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }),
  {
    passed: 0,
    failed: 0,
  },
);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(results.some((result) => result.status !== 0 || result.failed > 0) ? 1 : 0);
