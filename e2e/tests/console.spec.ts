import { randomUUID } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { signInDemoPlayer } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * The Console tab end to end, on the fake lab provider (its shell answers `id` as uid 1000):
 * her team's lab starts with the session; alice opens the Console tab, types `id` in the terminal
 * and reads an unprivileged uid.
 */

/** A one-mission pack with a lab, never assigned to anyone: other journeys do not see it. */
const labPack = (chapterUuid: string, missionUuid: string) => `format: rampart.chapter/v1
chapter:
  uuid: ${chapterUuid}
  title: { en: Console drill, fr: Exercice console }
  summary: { en: A lab to open a console on., fr: Un lab où ouvrir une console. }
  visibility: assigned
  position: 90
  missions:
    - uuid: ${missionUuid}
      title: { en: Shell access, fr: Accès shell }
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

const importLabMission = async (trainer: TrainerApi) => {
  const chapterUuid = randomUUID();
  const missionUuid = randomUUID();
  const archive = zipSync({
    'console-drill/chapter.yaml': strToU8(labPack(chapterUuid, missionUuid)),
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

const playerPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

test('alice finds her team’s lab started with the session, types `id` in the Console tab and reads an unprivileged uid', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const missionUuid = await importLabMission(trainer);
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid,
    name: 'Console drill',
    maxTeams: 2,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;

  const alice = await playerPage(browser, 'alice');
  const request = alice.context().request;
  const xsrf = decodeURIComponent(
    (await alice.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
  );
  const team = await request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { name: `Shells ${randomUUID().slice(0, 4)}` },
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
  await expect(terminal).toBeVisible();
  await expect(alice.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await terminal.click();
  await alice.keyboard.type('id');
  await alice.keyboard.press('Enter');
  await expect(terminal).toContainText('uid=1000(player)');
  await expect(alice.getByText('Press Escape then Tab to leave the terminal')).toBeVisible();
  // Tab belongs to the shell; Escape then Tab hands the focus back to the page.
  const input = alice.getByRole('textbox', { name: 'Terminal input' });
  await expect(input).toBeFocused();
  await alice.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await alice.keyboard.press('Escape');
  await alice.keyboard.press('Tab');
  await expect(input).not.toBeFocused();
});
