import { expect, test } from './support/checks';
import { importLabMission } from './support/lab-pack';
import { DEMO_PASSWORD, signInDemoPlayer } from './support/session';
import { signInTrainer } from './support/trainer';

/**
 * A trainer handles the teams' lab environments from the cockpit (fake provider): pre-warms
 * them, sees a team's ready, extends it, opens its console and releases them all, each action in
 * the audit list.
 */
test('the trainer pre-warms the lab environments, extends one, opens its console and releases them all', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await signInTrainer(baseURL!);
  const missionUuid = await importLabMission(api);
  const created = await api.post('/api/trainer/sessions', {
    missionUuid,
    name: 'Lab drill',
    maxTeams: 4,
    playersPerTeam: 3,
    durationMinutes: 60,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { session } = (await created.json()) as { session: { uuid: string } };

  // A team, joined through the API: the join screens have their own journey.
  const team = `Lab Foxes ${Math.random().toString(36).slice(2, 6)}`;
  const player = await (await browser.newContext()).newPage();
  await signInDemoPlayer(player, 'frank');
  const xsrf = (await player.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const joined = await player.context().request.post(`/api/sessions/${session.uuid}/teams`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    multipart: { name: team },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  const trainer = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await trainer.goto('/en/trainer/login');
  await trainer.getByLabel('Username', { exact: true }).fill('trainer');
  await trainer.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await trainer.getByRole('button', { name: 'Log in' }).click();
  await expect(trainer).toHaveURL(/\/en\/trainer$/);
  await trainer.goto(`/en/trainer/sessions/${session.uuid}`);

  const panel = trainer.getByTestId('cockpit-labs');
  const row = panel.getByTestId('lab-environment').filter({ hasText: team });
  await expect(row).toHaveAttribute('data-phase', 'none');
  await expect(row).toContainText('None');

  await panel.getByRole('button', { name: 'Pre-warm all teams' }).click();
  let dialog = trainer.getByRole('dialog', { name: 'Pre-warm lab environments' });
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('data-phase', 'Ready');
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('0 of 2');

  await row.getByRole('button', { name: `Extend the environment of ${team}` }).click();
  dialog = trainer.getByRole('dialog', { name: `Extend the environment of ${team}` });
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('1 of 2');

  // The trainer looks into the team's lab: a shell of their own on the console machine.
  await row.getByRole('button', { name: `Open console of ${team}` }).click();
  dialog = trainer.getByRole('dialog', { name: `Console of ${team}` });
  const terminal = dialog.getByRole('group', { name: 'Terminal on the lab machine workstation' });
  await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await terminal.click();
  await trainer.keyboard.type('echo trainer-was-here');
  await trainer.keyboard.press('Enter');
  await expect(terminal).toContainText('trainer-was-here');
  await dialog.getByRole('button', { name: 'Close the console' }).click();
  await expect(dialog).toBeHidden();

  await panel.getByRole('button', { name: 'Release all' }).click();
  dialog = trainer.getByRole('dialog', { name: 'Release every environment' });
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('data-phase', 'Released');
  await expect(row).toContainText('Released');

  const audit = trainer.getByTestId('cockpit-audit');
  await expect(audit).toContainText('Lab environments pre-warmed');
  await expect(audit).toContainText('Lab environment extended');
  await expect(audit).toContainText('Team lab console opened');
  await expect(audit).toContainText('Lab environments released');
  await api.trainer.dispose();
});
