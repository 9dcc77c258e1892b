import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { signInDemoPlayer } from './support/session';
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

/** A one-mission pack whose lab the local provider runs: the host's /usr as `debian`. */
const labPack = (chapterUuid: string, missionUuid: string) => `format: rampart.chapter/v1
chapter:
  uuid: ${chapterUuid}
  title: { en: Real console drill, fr: Exercice console réelle }
  summary: { en: A real lab to open a console on., fr: Un vrai lab où ouvrir une console. }
  visibility: assigned
  position: 91
  missions:
    - uuid: ${missionUuid}
      title: { en: Real shell, fr: Shell réel }
      brief: { en: Open the console., fr: Ouvrez la console. }
      scenario: { en: A workstation waits for you., fr: Un poste vous attend. }
      rules: { en: 'Flags look like RAMPART{...}.', fr: 'Les flags ressemblent à RAMPART{...}.' }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      lab:
        machines:
          - { name: workstation, image: debian }
        consoleMachine: workstation
        vpn: false
        ttlSeconds: 1800
        maxTtlSeconds: 3600
      objectives:
        - uuid: ${randomUUID()}
          title: { en: Who are you, fr: Qui êtes-vous }
          description: { en: 'Your uid?', fr: 'Votre uid ?' }
          category: system
          difficulty: 1
          points: 10
          type: flag
          flag: { accepted: ['1000'] }
`;

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
  const chapterUuid = randomUUID();
  const missionUuid = randomUUID();
  const imported = await trainer.trainer.post('/api/trainer/content-packs', {
    headers: { 'x-xsrf-token': await trainer.xsrf() },
    multipart: {
      archive: {
        name: 'packs.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(
          zipSync({ 'real-console/chapter.yaml': strToU8(labPack(chapterUuid, missionUuid)) }),
        ),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid,
    name: 'Real console drill',
    maxTeams: 2,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;

  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const alice = await context.newPage();
  await signInDemoPlayer(alice, 'alice');
  const xsrf = decodeURIComponent(
    (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
  );
  const team = await context.request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { name: `Real shells ${randomUUID().slice(0, 4)}` },
  });
  expect(team.status(), await team.text()).toBe(201);
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);

  await alice.goto(`/en/sessions/${sessionUuid}/game`);
  const briefing = alice.getByRole('dialog', { name: /^Briefing: / });
  await expect(briefing).toBeVisible({ timeout: 20_000 });
  await briefing.getByRole('button', { name: 'Back to the game' }).click();

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
  await context.close();
});
