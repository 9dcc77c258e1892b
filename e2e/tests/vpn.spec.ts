import { randomUUID } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { signInDemoPlayer } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * The VPN tab end to end, on the fake lab provider: bob's team's lab starts with the session; he
 * downloads his WireGuard profile from the VPN tab and shows it as a QR code.
 */

/** A one-mission pack with a lab, never assigned to anyone: other journeys do not see it. */
const labPack = (chapterUuid: string, missionUuid: string) => `format: rampart.chapter/v1
chapter:
  uuid: ${chapterUuid}
  title: { en: VPN drill, fr: Exercice VPN }
  summary: { en: A lab reached through the VPN., fr: Un lab joint par le VPN. }
  visibility: assigned
  position: 90
  missions:
    - uuid: ${missionUuid}
      title: { en: Tunnel access, fr: Accès par tunnel }
      brief: { en: Open the console., fr: Ouvrez la console. }
      scenario: { en: A workstation waits for you., fr: Un poste vous attend. }
      rules: { en: 'Flags look like RAMPART{...}.', fr: 'Les flags ressemblent à RAMPART{...}.' }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      lab:
        machines:
          - { name: workstation, image: rampart/workstation:1 }
        consoleMachine: workstation
        vpn: true
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

const importLabMission = async (trainer: TrainerApi) => {
  const chapterUuid = randomUUID();
  const missionUuid = randomUUID();
  const archive = zipSync({
    'vpn-drill/chapter.yaml': strToU8(labPack(chapterUuid, missionUuid)),
  });
  const imported = await trainer.trainer.post('/api/trainer/content-packs', {
    headers: { 'x-xsrf-token': await trainer.xsrf() },
    multipart: {
      archive: { name: 'packs.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return missionUuid;
};

const streamText = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
};

const playerPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

test('bob downloads his WireGuard profile from the VPN tab and shows it as a QR code', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const missionUuid = await importLabMission(trainer);
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid,
    name: 'VPN drill',
    maxTeams: 2,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;

  const bob = await playerPage(browser, 'bob');
  const request = bob.context().request;
  const xsrf = decodeURIComponent(
    (await bob.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
  );
  const team = await request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { name: `Tunnels ${randomUUID().slice(0, 4)}` },
  });
  expect(team.status(), await team.text()).toBe(201);
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);

  await bob.goto(`/en/sessions/${sessionUuid}/game`);
  const briefing = bob.getByRole('dialog', { name: /^Briefing: / });
  await expect(briefing).toBeVisible({ timeout: 20_000 });
  await briefing.getByRole('button', { name: 'Back to the game' }).click();

  await bob.getByRole('tab', { name: 'VPN' }).click();
  // No "Start the lab": the session's start gave every team its lab.
  await expect(bob.getByRole('status').filter({ hasText: 'Not connected yet' })).toBeVisible();
  await expect(bob.getByText('10.201.0.2/32')).toBeVisible();

  const [download] = await Promise.all([
    bob.waitForEvent('download'),
    bob.getByRole('button', { name: 'Download the profile' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vpn-drill.conf');
  const profile = await streamText(await download.createReadStream());
  expect(profile).toMatch(/^PrivateKey = [A-Za-z0-9+/]{43}=$/m);
  expect(profile).toContain('Address = 10.201.0.2/32');
  expect(profile).toMatch(/^AllowedIPs = \d+\.\d+\.\d+\.\d+\/\d+$/m);
  expect(profile).not.toContain('0.0.0.0/0');

  await bob.getByRole('button', { name: 'Show the QR code' }).click();
  await expect(bob.getByRole('img', { name: /QR code of your WireGuard profile/ })).toBeVisible();
  await bob.context().close();
});
