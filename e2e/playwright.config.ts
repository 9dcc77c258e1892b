import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(root, '.test-output/e2e-data');

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * The browser: `CHROMIUM_PATH` when set, else Debian's headless shell (package
 * `chromium-headless-shell`, the kind of build Playwright runs headless by default: no browser
 * window behind each page, about an eighth less CPU on the accessibility tour), else the full
 * Chromium.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
/**
 * Chromium shares its pages' memory through files in /dev/shm. Where that is a small tmpfs (a
 * container's 64 MB), `--disable-dev-shm-usage` keeps it from running out by using the temporary
 * directory instead; where /dev/shm is large, the flag only costs CPU: on this two-core machine,
 * three pairs of runs of the same journeys took 5 to 15 % more CPU with it than without.
 */
const smallDevShm = (() => {
  try {
    const { bsize, blocks } = fs.statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true;
  }
})();
const identity = /identity\.spec\.ts$/;
/** Specs that sign in alice or bob, whose passwords identity.spec changes (see `projects`). */
const afterIdentity = /(content|sessions|play|chat|debrief|console|vpn)\.spec\.ts$/;

/**
 * The browser journeys: the built app served by the real server on a fresh embedded database,
 * driven in Debian's Chromium (no browser download).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, '.test-output/playwright-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey's time limit, a guard against a hang, not a speed target: on a two-core machine
  // that also runs the server and two browsers, short journeys take 15 to 45 s (a sign-in, a few
  // screens, axe on each page left open). Long ones ask for three times this with `test.slow()`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey keeps its trace: each action with the page's DOM as it was, which the
    // trace viewer redraws. Not the screencast: filming every page cost the journeys about 40 %
    // more CPU (hints and projector, 4 journeys: 209 s with it, 129 s without, 113 s with no
    // trace at all), and the failure's own screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        ...(smallDevShm ? ['--disable-dev-shm-usage'] : []),
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: [identity, afterIdentity] },
    // identity.spec changes alice's password halfway through its journey, which ends every
    // session of hers: specs that sign alice in wait until that journey is over.
    { name: 'identity', use: chromium, testMatch: identity },
    { name: 'after-identity', use: chromium, testMatch: afterIdentity, dependencies: ['identity'] },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && exec node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // Always the embedded database with its demo accounts, even when the suite also runs
      // against PostgreSQL (an empty value counts as unset).
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_MENTIONS: 'Operated by the Rampart test range',
      // The console journey needs a lab: the in-memory provider, whose shell answers `id`.
      LAB_PROVIDER: 'fake',
    },
  },
});
