import { expect, test } from './support/checks';
import { enterLabGame, importLabDrill } from './support/lab-pack';
import { signInTrainer } from './support/trainer';

/**
 * The Console tab end to end, on the fake lab provider (its shell answers `id` as uid 1000):
 * her team's lab starts with the session; alice opens the Console tab, types `id` in the terminal
 * and reads an unprivileged uid.
 */

test('alice finds her team’s lab started with the session, types `id` in the Console tab and reads an unprivileged uid', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const missionUuid = await importLabDrill(trainer, {
    slug: 'console-drill',
    title: { en: 'Console drill', fr: 'Exercice console' },
    summary: { en: 'A lab to open a console on.', fr: 'Un lab où ouvrir une console.' },
    missionTitle: { en: 'Shell access', fr: 'Accès shell' },
    image: 'rampart/workstation:1',
    vpn: false,
    position: 90,
  });
  const alice = await enterLabGame(browser, trainer, {
    missionUuid,
    sessionName: 'Console drill',
    username: 'alice',
    teamName: 'Shells',
  });

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
