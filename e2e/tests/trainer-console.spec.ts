import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { DEMO_PASSWORD, signInDemoPlayer, xsrfOf } from './support/session';

/**
 * A trainer runs an exercise from the console alone: creates the session with the wizard, two
 * players join in their own browsers, and every control of the cockpit reaches them live.
 */

interface TrainerObjective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
}

const playerIn = async (browser: Browser, username: string, sessionUuid: string, team: string) => {
  // Wide enough for the game screen to show the objectives and the ranking side by side.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  // Joining and the team go through the API: the join screens have their own journey.
  const created = await page.context().request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    multipart: { name: team },
  });
  expect(created.status(), await created.text()).toBe(201);
  return page;
};

const confirm = async (trainer: Page, button: string, dialogTitle: string | RegExp) => {
  await trainer
    .getByRole('group', { name: 'Session controls' })
    .getByRole('button', { name: button })
    .click();
  const dialog = trainer.getByRole('dialog', { name: dialogTitle });
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
};

test('the trainer creates a session, starts, pauses, resumes, eliminates, launches a speedrun and stops', async ({
  browser,
  checks,
}) => {
  test.setTimeout(120_000);
  const trainerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const trainer = await trainerContext.newPage();
  await trainer.goto('/en/trainer/login');
  await trainer.getByLabel('Username', { exact: true }).fill('trainer');
  await trainer.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await trainer.getByRole('button', { name: 'Log in' }).click();
  await expect(trainer).toHaveURL(/\/en\/trainer$/);

  // The wizard: absurd settings are refused in the form, then the session is created.
  await trainer
    .getByRole('navigation', { name: 'Trainer console' })
    .getByRole('link', { name: 'New session' })
    .click();
  const mission = trainer.getByLabel('Mission');
  await mission.selectOption({ index: 1 });
  await trainer.getByLabel('Session name').fill('Console drill');
  await trainer.getByLabel('Maximum teams').fill('0');
  await trainer.getByRole('button', { name: 'Create the session' }).click();
  await expect(trainer.getByText('Enter a whole number from 1 to 100.')).toBeVisible();
  await trainer.getByLabel('Maximum teams').fill('4');
  await trainer.getByLabel('Players per team', { exact: true }).fill('2');
  await trainer.getByRole('button', { name: 'Create the session' }).click();
  const link = await trainer.getByTestId('join-link').inputValue();
  const sessionUuid = /\/sessions\/([0-9a-f-]{36})\/join$/.exec(link)![1]!;
  await trainer.getByRole('link', { name: 'Open the cockpit' }).click();
  await expect(trainer.getByRole('heading', { level: 1, name: 'Console drill' })).toBeVisible();

  const carol = await playerIn(browser, 'carol', sessionUuid, 'Red Foxes');
  const dave = await playerIn(browser, 'dave', sessionUuid, 'Grey Wolves');
  // The cockpit hears of both teams without reloading.
  await expect(trainer.getByTestId('cockpit-team')).toHaveCount(2);

  await confirm(trainer, 'Start', 'Start the session?');
  // The countdown ends by the clock; the cockpit reads the session again when it does.
  await expect(trainer.getByTestId('cockpit-summary')).toContainText('Running', {
    timeout: 20_000,
  });
  for (const page of [carol, dave]) {
    await page.goto(`/en/sessions/${sessionUuid}/game`);
    const briefing = page.getByRole('dialog', { name: /^Briefing: / });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: 'Back to the game' }).click();
  }

  // Carol answers wrong: the trainer reads her answer in the feed and the grid counts it; the
  // other team's screens never show it.
  const { session } = (await (
    await trainer.request.get(`/api/trainer/sessions/${sessionUuid}`)
  ).json()) as { session: { mission: { uuid: string } } };
  const { mission: played } = (await (
    await trainer.request.get(`/api/trainer/missions/${session.mission.uuid}`)
  ).json()) as { mission: { objectives: TrainerObjective[] } };
  const flag = played.objectives.find(
    (objective) => objective.type === 'flag' && !objective.locked,
  )!;
  await carol.getByRole('button').filter({ hasText: flag.title.en }).click();
  await carol.getByRole('textbox', { name: 'Your answer' }).fill('FLAG{carol-guess}');
  await carol.getByRole('button', { name: 'Submit' }).click();
  await expect(carol.getByRole('status').filter({ hasText: /Wrong answer/ })).toBeVisible();
  const feed = trainer.getByTestId('cockpit-feed');
  await expect(feed.getByTestId('feed-row').filter({ hasText: 'FLAG{carol-guess}' })).toContainText(
    'carol',
    { ignoreCase: true },
  );
  const grid = trainer.getByTestId('cockpit-grid');
  const foxesColumn = await grid
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.findIndex((header) => header.textContent?.includes('Red Foxes')),
    );
  await expect(
    grid
      .getByRole('row', { name: new RegExp(flag.title.en) })
      .getByRole('cell')
      .nth(foxesColumn - 1),
  ).toContainText('1 wrong answer');
  await dave.getByRole('button').filter({ hasText: flag.title.en }).click();
  await expect(dave.getByText('carol-guess')).toHaveCount(0);
  expect(await dave.content()).not.toContain('carol-guess');

  await confirm(trainer, 'Pause', 'Pause the session?');
  await expect(
    carol.getByText('Game paused: the trainer will resume it shortly.', { exact: false }),
  ).toBeVisible();
  const objectives = (await (
    await carol.context().request.get(`/api/sessions/${sessionUuid}/objectives`)
  ).json()) as { objectives: { uuid: string }[] };
  const refused = await carol
    .context()
    .request.post(
      `/api/sessions/${sessionUuid}/objectives/${objectives.objectives[0]!.uuid}/answers`,
      { headers: { 'x-xsrf-token': await xsrfOf(carol) }, data: { answer: 'anything' } },
    );
  expect(refused.status()).toBe(423);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('session.paused');

  await confirm(trainer, 'Resume', 'Resume the session?');
  await expect(trainer.getByTestId('cockpit-summary')).toContainText('Running');
  await expect(carol.getByText('Game paused', { exact: false })).toBeHidden();

  // The trainer adds points to Red Foxes with a reason: carol's ranking shows the new score.
  await trainer.getByRole('button', { name: 'Adjust the score of Red Foxes' }).click();
  const adjust = trainer.getByRole('dialog', { name: 'Adjust the score of Red Foxes' });
  await adjust.getByLabel('Points (negative to remove)').fill('25');
  await adjust.getByLabel('Reason').fill('Helped the other team');
  await adjust.getByTestId('confirm-action').click();
  await expect(adjust).toBeHidden();
  const foxes = trainer.getByTestId('cockpit-team').filter({ hasText: 'Red Foxes' });
  await expect(foxes.getByTestId('team-score')).toHaveText(/^\d+ pts$/);
  const score = /^(\d+)/.exec((await foxes.getByTestId('team-score').textContent())!)![1]!;
  // Carol's team reads the trainer's reason; dave's learns of the points, never why.
  await expect(carol.getByText('Helped the other team').first()).toBeVisible();
  await expect(dave.getByText('The trainer gave Red Foxes 25 points.')).toBeVisible();
  await expect(dave.getByText('Helped the other team')).toHaveCount(0);
  await carol.getByRole('tab', { name: 'Ranking' }).click();
  await expect(
    carol
      .getByRole('table', { name: 'Ranking of the teams' })
      .getByRole('row', { name: /Red Foxes/ }),
  ).toContainText(score);

  // Eliminate dave's team with a reason: that team is told why.
  await trainer.getByRole('button', { name: 'Eliminate Grey Wolves' }).click();
  const eliminate = trainer.getByRole('dialog', { name: 'Eliminate Grey Wolves?' });
  await eliminate.getByLabel('Reason').fill('Attacked the scoring server');
  await eliminate.getByTestId('confirm-action').click();
  await expect(eliminate).toBeHidden();
  // The team's game screen keeps the reason in view (a toast says it too, for a while).
  await expect(dave.getByText('The trainer’s reason: Attacked the scoring server')).toBeVisible();
  // Carol's team is told that Grey Wolves is out, never why.
  await expect(carol.getByText('Grey Wolves has been eliminated.')).toBeVisible();
  await expect(carol.getByText('Attacked the scoring server')).toHaveCount(0);
  await expect(
    trainer.getByTestId('cockpit-team').filter({ hasText: 'Grey Wolves' }),
  ).toContainText('Eliminated');

  // A speedrun on an objective nobody solved: the players see it announced.
  await trainer.getByRole('button', { name: 'Launch a speedrun' }).click();
  const speedrun = trainer.getByRole('dialog', { name: 'Launch a speedrun' });
  await speedrun.getByLabel('Objective').selectOption({ index: 1 });
  await speedrun.getByLabel('Title').fill('Race for the flag');
  await speedrun.getByTestId('confirm-action').click();
  await expect(speedrun).toBeHidden();
  await expect(carol.getByText('Speedrun launched: Race for the flag').first()).toBeVisible();

  // The audit list: the pause, the elimination and the adjustment, with their reasons.
  const audit = trainer.getByTestId('cockpit-audit');
  await expect(audit.getByTestId('audit-entry').filter({ hasText: 'Session paused' })).toHaveCount(
    1,
  );
  // The cockpit at its fullest: submissions, an eliminated team, the audit log.
  await checks.axe(trainer, 'in play');
  await checks.axe(dave, 'eliminated');
  await expect(
    audit.getByTestId('audit-entry').filter({ hasText: 'Team eliminated' }),
  ).toContainText('Attacked the scoring server');
  await expect(
    audit.getByTestId('audit-entry').filter({ hasText: 'Score adjusted' }),
  ).toContainText(/Red Foxes.*\+25.*Helped the other team/);

  // Stop says it is irreversible, then ends the game for everyone.
  await trainer
    .getByRole('group', { name: 'Session controls' })
    .getByRole('button', { name: 'Stop' })
    .click();
  const stop = trainer.getByRole('dialog', { name: 'Stop the session?' });
  await expect(stop).toContainText('This cannot be undone');
  await stop.getByTestId('confirm-action').click();
  await expect(stop).toBeHidden();
  await expect(trainer.getByTestId('cockpit-summary')).toContainText('Stopped');
  await expect(trainer.getByRole('group', { name: 'Session controls' })).toBeHidden();
});
