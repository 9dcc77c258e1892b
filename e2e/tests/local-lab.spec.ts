import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/checks';
import { enterLabGame, importLabDrill } from './support/lab-pack';
import { signInTrainer } from './support/trainer';

/**
 * The Console tab on a real lab: a server of its own runs the local provider (bubblewrap
 * sandboxes on this machine), so alice's `id` is answered by a real shell in her team's lab.
 * The suite's shared server keeps the fake provider for every other journey.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Why this host cannot run sandboxes, or null: `.ci/run` installs bubblewrap, so CI can. */
const sandboxUnavailable = () => {
  const probe = spawnSync(
    'bwrap',
    [
      '--unshare-user',
      '--disable-userns',
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--symlink',
      'usr/lib',
      '/lib',
      '--symlink',
      'usr/lib64',
      '/lib64',
      '/bin/true',
    ],
    { stdio: 'ignore' },
  );
  if (probe.error) return `bubblewrap is not installed (${probe.error.message})`;
  return probe.status === 0 ? null : 'user namespaces are not available here';
};

let server: ChildProcess | undefined;
let baseURL = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-local-'));
const unavailable = sandboxUnavailable();

test.skip(unavailable !== null, `no sandboxes on this host: ${unavailable}`);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      HOST: '127.0.0.1',
      PORT: '0',
      PGLITE_DIR: path.join(dataDir, 'data'),
      LOG_LEVEL: 'warn',
      LAB_PROVIDER: 'local',
      // The same production mode as the suite's server: the local provider must be allowed.
      ALLOW_LOCAL_PROVIDER: '1',
      LAB_LOCAL_MAX_LABS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server:\n${output}`)), 50_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    server!.stdout!.on('data', read);
    server!.stderr!.on('data', read);
    server!.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('alice types `id` in the Console tab and a real sandboxed shell answers an unprivileged uid', async ({
  browser,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL);
  const missionUuid = await importLabDrill(trainer, {
    slug: 'real-console',
    title: { en: 'Real console drill', fr: 'Exercice console réelle' },
    summary: { en: 'A real lab to open a console on.', fr: 'Un vrai lab où ouvrir une console.' },
    missionTitle: { en: 'Real shell', fr: 'Shell réel' },
    image: 'debian',
    vpn: false,
    position: 91,
  });
  const alice = await enterLabGame(browser, trainer, {
    missionUuid,
    sessionName: 'Real console drill',
    username: 'alice',
    teamName: 'Real shells',
    baseURL,
  });

  await alice.getByRole('tab', { name: 'Console' }).click();
  // No "Start the lab": the session's start gave every team its lab.
  const terminal = alice.getByRole('group', { name: 'Terminal on the lab machine workstation' });
  await expect(terminal).toBeVisible({ timeout: 20_000 });
  await expect(alice.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await terminal.click();
  // Only a real shell knows its host name and its capabilities: the fake one answers neither.
  await alice.keyboard.type('id; hostname; grep CapEff /proc/self/status');
  await alice.keyboard.press('Enter');
  await expect(terminal).toContainText('uid=1000(player) gid=1000(player)');
  await expect(terminal).toContainText(/CapEff:\s*0000000000000000/);
  await expect(terminal).toContainText('player@workstation');
  await alice.context().close();
});
