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
 * sign-in; `name` names its kept report). Answers the performance score (0–100) and the figures
 * it is made of, and the audits that cost it points, so a regression says where to look.
 */
export const auditPage = (url, headers = {}, name = null) => {
  // A profile of its own: a Chromium that outlives its audit (Lighthouse leaves it behind when it
  // fails or is stopped at the time limit) is found by it and stopped, instead of slowing down,
  // and making fail, the audits after it.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-lighthouse-'));
  try {
    return audit(url, headers, profile, name);
  } finally {
    spawnSync('pkill', ['-KILL', '-f', `--user-data-dir=${profile}`]);
    fs.rmSync(profile, { recursive: true, force: true });
  }
};

/** Reports kept so far per screen (`LIGHTHOUSE_REPORTS`). */
const reportsWritten = new Map();

const audit = (url, headers, profile, reportName) => {
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
  // LIGHTHOUSE_REPORTS=<dir> keeps each audit's full report (`home-1.json`, `home-2.json`…), to
  // read which audits cost points.
  if (process.env.LIGHTHOUSE_REPORTS) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = reportName ?? new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? 'root';
    const run = (reportsWritten.get(name) ?? 0) + 1;
    reportsWritten.set(name, run);
    fs.writeFileSync(
      path.join(process.env.LIGHTHOUSE_REPORTS, `${name}-${run}.json`),
      result.stdout,
    );
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Several audits of one screen as one figure: the median of each value, the scores' range, and
 * the audits that cost points in most of them. On a small machine one audit's score moves by
 * about ten points from one run to the next (its blocking time depends on what else ran during
 * that audit), so a single audit cannot show a change of five.
 */
export const summarizeAudits = (audits) => {
  const scores = audits.map((audit) => audit.score);
  const counts = new Map();
  for (const audit of audits)
    for (const loss of audit.losses) counts.set(loss, (counts.get(loss) ?? 0) + 1);
  return {
    runs: audits.length,
    score: median(scores),
    lowest: Math.min(...scores),
    highest: Math.max(...scores),
    fcp: median(audits.map((audit) => audit.fcp)),
    lcp: median(audits.map((audit) => audit.lcp)),
    tbt: median(audits.map((audit) => audit.tbt)),
    cls: median(audits.map((audit) => audit.cls)),
    losses: [...counts].filter(([, n]) => n * 2 > audits.length).map(([loss]) => loss),
  };
};
