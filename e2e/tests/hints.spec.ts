import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * Hints with a price, in both languages: a player unlocks the first hint of an objective after a
 * confirmation that states its cost, a teammate reads it live, the ranking shows the cost, and
 * the trainer's cockpit shows who paid what.
 */

interface TrainerObjective {
  uuid: string;
  title: { en: string; fr: string };
  locked: boolean;
  hints?: { text: { en: string; fr: string }; cost: number }[];
}

const words = {
  en: {
    path: 'en',
    locale: 'en-GB',
    back: 'Back to the game',
    unlock: 'Unlock hint 1',
    confirm: /Unlock hint 1 for \d+ points\?/,
    ranking: 'Ranking',
    rankingTable: 'Ranking of the teams',
    toast: /unlocked hint 1 for \d+ points/,
    hintsPanel: 'Hints unlocked',
  },
  fr: {
    path: 'fr',
    locale: 'fr-FR',
    back: 'Retour à la partie',
    unlock: "Débloquer l'indice 1",
    confirm: /Débloquer l['’]indice 1 pour \d+ points\s?\?/,
    ranking: 'Classement',
    rankingTable: 'Classement des équipes',
    toast: /a débloqué l['’]indice 1 pour \d+ points/,
    hintsPanel: 'Indices débloqués',
  },
} as const;

const playerPage = async (browser: Browser, username: string, locale: string) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

/** A demo mission with an open objective that has hints, and a game of one team of two on it. */
const startGame = async (trainer: TrainerApi, captain: Page, mate: Page, team: string) => {
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string }[];
  };
  for (const { uuid } of missions) {
    const { mission } = (await (
      await trainer.trainer.get(`/api/trainer/missions/${uuid}`)
    ).json()) as {
      mission: { uuid: string; objectives: TrainerObjective[] };
    };
    const objective = mission.objectives.find(
      (candidate) => !candidate.locked && (candidate.hints?.length ?? 0) > 0,
    );
    if (!objective) continue;
    const created = await trainer.post('/api/trainer/sessions', {
      missionUuid: mission.uuid,
      name: `Hints drill ${team}`,
      maxTeams: 4,
      playersPerTeam: 2,
      durationMinutes: 60,
    });
    const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
    const made = await captain.context().request.post(`/api/sessions/${sessionUuid}/teams`, {
      headers: { 'x-xsrf-token': await xsrfOf(captain) },
      multipart: { name: team },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { token } = ((await made.json()) as { team: { token: string } }).team;
    const joined = await mate.context().request.post(`/api/sessions/${sessionUuid}/teams/join`, {
      headers: { 'x-xsrf-token': await xsrfOf(mate) },
      data: { token },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    expect(
      (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
    ).toBe(true);
    return { sessionUuid, objective };
  }
  throw new Error('no demo objective with hints');
};

for (const [language, word] of Object.entries(words)) {
  test(`a player buys a hint after saying yes to its price; a teammate and the trainer see it (${language})`, async ({
    browser,
    baseURL,
    checks,
  }) => {
    test.slow();
    const [captainName, mateName] = language === 'en' ? ['carol', 'dave'] : ['erin', 'frank'];
    const trainer = await signInTrainer(baseURL!);
    const [captain, mate] = await Promise.all([
      playerPage(browser, captainName, word.locale),
      playerPage(browser, mateName, word.locale),
    ]);
    const team = language === 'en' ? 'Hint Hunters' : 'Chasseurs d’indices';
    const { sessionUuid, objective } = await startGame(trainer, captain, mate, team);
    const hint = objective.hints![0]!;
    const title = objective.title[language as 'en' | 'fr'];
    const text = hint.text[language as 'en' | 'fr'].trim().split('\n')[0]!.slice(0, 30);

    for (const page of [captain, mate]) {
      await page.goto(`/${word.path}/sessions/${sessionUuid}/game`);
      const briefing = page.getByRole('dialog').first();
      await expect(briefing).toBeVisible({ timeout: 20_000 });
      await briefing.getByRole('button', { name: word.back }).click();
      await page.getByRole('button').filter({ hasText: title }).first().click();
    }
    await mate.evaluate(() => Object.assign(window, { notReloaded: true }));
    // Before: the place and the price, not the text.
    await expect(captain.getByText(text)).toHaveCount(0);
    await captain.getByRole('button', { name: word.unlock }).click();
    const dialog = captain.getByRole('dialog').filter({ hasText: word.confirm });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${hint.cost} points`);
    await checks.axe(captain, 'hint confirmation');
    await captain.screenshot({ path: test.info().outputPath(`confirm-${language}.png`) });
    await dialog.getByTestId('confirm-hint').click();
    await expect(dialog).toBeHidden();
    await expect(captain.getByText(text).first()).toBeVisible();

    // The teammate reads it without reloading, and is told who paid.
    await expect(mate.getByText(word.toast).first()).toBeVisible();
    await expect(mate.getByText(text).first()).toBeVisible();
    expect(
      await mate.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await mate.screenshot({ path: test.info().outputPath(`teammate-${language}.png`) });

    // The ranking has the cost in the team's score.
    await captain.keyboard.press('Escape');
    await captain.getByRole('tab', { name: word.ranking }).click();
    await expect(
      captain
        .getByRole('table', { name: word.rankingTable })
        .getByRole('row', { name: new RegExp(team) }),
    ).toContainText(`-${hint.cost}`);

    // The trainer's cockpit: the grid's cell and the list of unlocks, with the price.
    const desk = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: word.locale })
    ).newPage();
    await desk.context().request.get('/api/csrf-cookie');
    const login = await desk.context().request.post('/api/trainer/auth/login', {
      headers: { 'x-xsrf-token': await xsrfOf(desk) },
      data: { username: 'trainer', password: 'Rampart#2025' },
    });
    expect(login.ok()).toBe(true);
    await desk.goto(`/${word.path}/trainer/sessions/${sessionUuid}`);
    const panel = desk.getByTestId('cockpit-hints');
    await expect(panel.getByTestId('hint-row')).toHaveCount(1);
    await expect(panel.getByTestId('hint-row')).toContainText(team);
    await expect(panel.getByTestId('hint-row')).toContainText(`−${hint.cost}`);
    await panel.scrollIntoViewIfNeeded();
    await desk.screenshot({
      path: test.info().outputPath(`cockpit-${language}.png`),
      fullPage: true,
    });
    await checks.axe(desk, 'cockpit with a hint');

    await trainer.trainer.dispose();
  });
}
