// Lighthouse's performance score of the web app's screens, mobile profile (Lighthouse's default:
// a mid-range phone on a slow 4G link, simulated), in the system's Chromium. Each screen is
// audited in a process of its own, like the load generator: the bench's own process competes
// with the server only for CPU.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Audits `url` (with `headers` on every request, a player's bearer token for the screens behind
 * sign-in). Answers the performance score (0–100) and the figures it is made of, and the audits
 * that cost it points, so a regression says where to look.
 */
export const auditPage = (url, headers = {}) => {
  // A profile of its own: a Chromium that outlives its audit (Lighthouse leaves it behind when it
  // fails or is stopped at the time limit) is found by it and stopped, instead of slowing down,
  // and making fail, the audits after it.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-lighthouse-'));
  try {
    return audit(url, headers, profile);
  } finally {
    spawnSync('pkill', ['-KILL', '-f', `--user-data-dir=${profile}`]);
    fs.rmSync(profile, { recursive: true, force: true });
  }
};

const audit = (url, headers, profile) => {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${[...CHROMIUM_FLAGS, `--user-data-dir=${profile}`].join(' ')}`,
      ...(Object.keys(headers).length > 0 ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    },
  );
  if (result.status !== 0)
    throw new Error(`lighthouse failed (${result.status} ${result.signal}): ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  // LIGHTHOUSE_REPORTS=<dir> keeps each screen's full report, to read which audits cost points.
  if (process.env.LIGHTHOUSE_REPORTS) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? 'root';
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), result.stdout);
  }
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  const category = report.categories.performance;
  const losses = category.auditRefs
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => ref.id);
  return {
    score: Math.round(category.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    losses,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
  };
};
