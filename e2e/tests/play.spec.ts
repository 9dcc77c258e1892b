import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * Two teams play the first demo mission in two browsers: one answers, the other sees the ranking
 * and the first blood arrive without reloading. The trainer acts through the API.
 */

interface TrainerObjective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
  firstBloodBonus: number;
  flag?: { accepted: string[] };
}

/** Joins the session and creates a team through the API (the screens have their own journey). */
const createTeam = async (page: Page, sessionUuid: string, name: string) => {
  const request = page.context().request;
  const created = await request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    multipart: { name },
  });
  expect(created.status(), await created.text()).toBe(201);
};

const playerPage = async (
  browser: Browser,
  username: string,
  viewport = { width: 1440, height: 900 },
) => {
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

const startGame = async (trainer: TrainerApi, players: [Page, string][]) => {
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string }[];
  };
  const { mission } = (await (
    await trainer.trainer.get(`/api/trainer/missions/${missions[0]!.uuid}`)
  ).json()) as { mission: { uuid: string; objectives: TrainerObjective[] } };
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: mission.uuid,
    name: 'Play drill',
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  for (const [page, team] of players) await createTeam(page, sessionUuid, team);
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);
  // A flag open from the start that carries a first-blood bonus.
  const flag = mission.objectives.find(
    (objective) =>
      objective.type === 'flag' &&
      !objective.locked &&
      objective.flag &&
      objective.firstBloodBonus > 0,
  )!;
  return { sessionUuid, flag };
};

test('alice answers wrong then right; bob sees the ranking change and the first blood, live', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const [alice, bob] = await Promise.all([
    playerPage(browser, 'alice'),
    playerPage(browser, 'bob'),
  ]);
  const { sessionUuid, flag } = await startGame(trainer, [
    [alice, 'Red Foxes'],
    [bob, 'Blue Owls'],
  ]);

  for (const page of [alice, bob]) {
    await page.goto(`/en/sessions/${sessionUuid}/game`);
    // The countdown first (10 s), then the game: its briefing opens by itself the first time.
    const briefing = page.getByRole('dialog', { name: /^Briefing: / });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: 'Back to the game' }).click();
    // Quarter at this width: the first tab of each group open.
    await expect(page.getByRole('tab', { name: 'Briefing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Ranking' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }
  await bob.getByRole('tab', { name: 'Ranking' }).click();
  const bobRanking = bob.getByRole('table', { name: 'Ranking of the teams' });
  await expect(bobRanking.getByRole('row', { name: /Red Foxes/ })).toContainText('0');
  await bob.evaluate(() => Object.assign(window, { notReloaded: true }));

  await alice.getByRole('button').filter({ hasText: flag.title.en }).click();
  const answer = alice.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('definitely not the flag');
  await alice.getByRole('button', { name: 'Submit' }).click();
  await expect(alice.getByRole('status').filter({ hasText: /Wrong answer/ })).toBeVisible();
  await answer.fill(flag.flag!.accepted[0]!);
  await alice.getByRole('button', { name: 'Submit' }).click();
  await expect(alice.getByRole('status').filter({ hasText: /Correct!/ })).toBeVisible();

  await expect(
    bob.locator('[data-sonner-toast]').filter({ hasText: 'First blood for Red Foxes!' }),
  ).toBeVisible();
  // And the banner, for every team, the solver's own included.
  for (const page of [alice, bob]) {
    await expect(
      page.getByRole('status').filter({ hasText: `solved “${flag.title.en}” first` }),
    ).toBeVisible();
  }
  await expect(bobRanking.getByRole('row').nth(1)).toContainText('Red Foxes');
  expect(await bob.evaluate(() => 'notReloaded' in window)).toBe(true);

  // Looked at by a person: the screen at a laptop and a phone size.
  await alice.screenshot({ path: test.info().outputPath('game-1440x900.png') });
  await alice.setViewportSize({ width: 390, height: 844 });
  await alice.screenshot({ path: test.info().outputPath('game-390x844.png'), fullPage: true });

  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await trainer.trainer.dispose();
  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('the game screen in French', async ({ browser, baseURL }) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const context = await browser.newContext({ locale: 'fr-FR' });
  const erin = await context.newPage();
  await signInDemoPlayer(erin, 'erin');
  const { sessionUuid, flag } = await startGame(trainer, [[erin, 'Les Renards']]);
  await erin.goto(`/fr/sessions/${sessionUuid}/game`);
  const briefing = erin.getByRole('dialog', { name: /^Briefing : / });
  await expect(briefing).toBeVisible({ timeout: 20_000 });
  await briefing.getByRole('button', { name: 'Retour à la partie' }).click();
  await expect(erin.getByRole('tab', { name: 'Classement' })).toBeVisible();
  await erin.getByRole('button').filter({ hasText: flag.title.fr }).click();
  await erin.getByRole('textbox', { name: 'Votre réponse' }).fill(flag.flag!.accepted[0]!);
  await erin.getByRole('button', { name: 'Valider' }).click();
  await expect(erin.getByRole('status').filter({ hasText: /Bonne réponse/ })).toBeVisible();
  await erin.getByRole('tab', { name: 'Mon équipe' }).click();
  await expect(erin.getByText(/^1 objectif résolu sur \d+$/)).toBeVisible();
  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await trainer.trainer.dispose();
  await context.close();
});
