import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * A gaming session from creation to the first second of play, with three people at once: the
 * trainer (through the API: the trainer's console is its own journey), and two players in their
 * own browsers who see each other arrive live.
 */

interface TrainerMission {
  uuid: string;
}

const createSession = async (trainer: TrainerApi, name: string, settings: object = {}) => {
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: TrainerMission[];
  };
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: missions[0]!.uuid,
    name,
    maxTeams: 4,
    playersPerTeam: 3,
    durationMinutes: 30,
    ...settings,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { session: { uuid: string } }).session.uuid;
};

const playerPage = async (browser: Browser, username: string, locale = 'en-GB') => {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

const texts = {
  en: {
    join: 'Join this session',
    create: 'Create a team',
    withToken: 'Join a team with its token',
    teamName: 'Team name',
    createSubmit: 'Create the team',
    token: 'Team token',
    continue: 'Continue to the lobby',
    joinSubmit: 'Join the team',
    willStart: 'Game will start in',
    game: 'Game',
  },
  fr: {
    join: 'Rejoindre cette session',
    create: 'Créer une équipe',
    withToken: 'Rejoindre une équipe avec son jeton',
    teamName: "Nom de l'équipe",
    createSubmit: "Créer l'équipe",
    token: "Jeton d'équipe",
    continue: "Aller au salon d'attente",
    joinSubmit: "Rejoindre l'équipe",
    willStart: 'La partie commence dans',
    game: 'Partie',
  },
} as const;

/** Joins the session and creates a team through the screens; answers the team's token. */
const createTeamThroughScreens = async (
  page: Page,
  sessionUuid: string,
  teamName: string,
  locale: 'en' | 'fr',
) => {
  const text = texts[locale];
  await page.goto(`/${locale}/sessions/${sessionUuid}/join`);
  await page.getByRole('button', { name: text.join }).click();
  await page.getByRole('link', { name: text.create }).click();
  await page.getByRole('textbox', { name: text.teamName }).fill(teamName);
  await page.getByRole('button', { name: text.createSubmit }).click();
  const token = await page.getByRole('textbox', { name: text.token }).inputValue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{27}$/);
  await page.getByRole('link', { name: text.continue }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/sessions/${sessionUuid}/lobby$`));
  return token;
};

test('the trainer creates a session, alice creates a team, bob joins it with the token, and both play', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // three people, two browsers, a real countdown
  const trainer = await signInTrainer(baseURL!);
  const sessionUuid = await createSession(trainer, 'Friday exercise');
  const [alice, bob] = await Promise.all([
    playerPage(browser, 'alice'),
    playerPage(browser, 'bob'),
  ]);

  // A name a player could use to attack the others: shown as text everywhere.
  const teamName = '<img src=x onerror=alert(1)> Foxes';
  const token = await createTeamThroughScreens(alice, sessionUuid, teamName, 'en');
  const lobbyTeam = alice.getByRole('listitem').filter({
    has: alice.getByRole('heading', { level: 3, name: teamName }),
  });
  await expect(lobbyTeam.getByText('Alice', { exact: true })).toBeVisible();
  // Gone if the lobby reloads: bob must appear on this very page.
  await alice.evaluate(() => Object.assign(window, { notReloaded: true }));

  await bob.goto(`/en/sessions/${sessionUuid}/join`);
  await bob.getByRole('button', { name: texts.en.join }).click();
  await bob.getByRole('link', { name: texts.en.withToken }).click();
  await bob.getByRole('textbox', { name: texts.en.token }).fill(token);
  await bob.getByRole('button', { name: texts.en.joinSubmit }).click();
  await expect(bob).toHaveURL(new RegExp(`/en/sessions/${sessionUuid}/lobby$`));

  await expect(lobbyTeam.getByText('Bob', { exact: true })).toBeVisible();
  expect(await alice.evaluate(() => 'notReloaded' in window)).toBe(true);
  expect(await alice.locator('img[src="x"]').count()).toBe(0);

  // From the lobby to the countdown to the game, each page keeps the session's stream it has:
  // a screen takes the last one's connection over rather than opening its own.
  const streamsOpened = new Map<Page, number>([
    [alice, 0],
    [bob, 0],
  ]);
  for (const page of [alice, bob]) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/sessions/${sessionUuid}/events`)
        streamsOpened.set(page, streamsOpened.get(page)! + 1);
    });
  }

  const started = await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`);
  expect(started.ok(), await started.text()).toBe(true);
  for (const page of [alice, bob]) {
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionUuid}/startScreen$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.en.willStart })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^(10|[1-9])$/);
  }
  for (const page of [alice, bob]) {
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionUuid}/game$`), {
      timeout: 20_000,
    });
    // The first time in the game, its briefing greets the player.
    await page.getByRole('dialog').getByRole('button', { name: 'Back to the game' }).click();
    await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:[0-5]\d)$/);
  }
  expect([...streamsOpened.values()]).toEqual([0, 0]);

  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await trainer.trainer.dispose();
  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('a lobby whose stream opens late still shows who joined the team meanwhile', async ({
  browser,
  baseURL,
}) => {
  const trainer = await signInTrainer(baseURL!);
  const sessionUuid = await createSession(trainer, 'Late stream');
  const [alice, bob] = await Promise.all([
    playerPage(browser, 'alice'),
    playerPage(browser, 'bob'),
  ]);
  const token = await createTeamThroughScreens(alice, sessionUuid, 'Slow Owls', 'en');
  // Alice's lobby stays open in another tab: she stays online, so no change of her presence
  // makes the lobby read the session again when its stream opens.
  const otherTab = await alice.context().newPage();
  await otherTab.goto(`/en/sessions/${sessionUuid}/lobby`);
  await expect(otherTab.getByRole('heading', { level: 3, name: 'Slow Owls' })).toBeVisible();

  // The lobby is read again, but its stream is held back until bob has joined: what happened
  // between the read and the opening must reach alice all the same.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await alice.route(`**/api/sessions/${sessionUuid}/events*`, async (route) => {
    await held;
    await route.continue();
  });
  await alice.reload();
  const lobbyTeam = alice.getByRole('listitem').filter({
    has: alice.getByRole('heading', { level: 3, name: 'Slow Owls' }),
  });
  await expect(lobbyTeam.getByText('Alice', { exact: true })).toBeVisible();

  for (const path of ['join', 'teams/join']) {
    const response = await bob.context().request.post(`/api/sessions/${sessionUuid}/${path}`, {
      headers: { 'x-xsrf-token': await xsrfOf(bob) },
      data: path === 'join' ? {} : { token },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await expect(lobbyTeam.getByText('Bob', { exact: true })).toBeHidden();
  release();
  await expect(lobbyTeam.getByText('Bob', { exact: true })).toBeVisible();

  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await trainer.trainer.dispose();
  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('the same journey in French for one player, with a start the trainer forces', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const sessionUuid = await createSession(trainer, 'Exercice du vendredi', {
    minPlayersPerTeam: 2,
  });
  const frank = await playerPage(browser, 'frank', 'fr-FR');
  await createTeamThroughScreens(frank, sessionUuid, 'Les Renards', 'fr');
  await expect(
    frank.getByRole('heading', { level: 1, name: 'Exercice du vendredi' }),
  ).toBeVisible();
  await expect(frank.getByText('Encore 1 joueur pour commencer')).toBeVisible();

  const forced = await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true });
  expect(forced.ok(), await forced.text()).toBe(true);
  await expect(frank.getByRole('heading', { level: 1, name: texts.fr.willStart })).toBeVisible();
  await expect(frank).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/game$`), {
    timeout: 20_000,
  });
  await frank.getByRole('dialog').getByRole('button', { name: 'Retour à la partie' }).click();
  await expect(frank.getByRole('heading', { level: 1, name: texts.fr.game })).toBeVisible();

  const paused = await trainer.post(`/api/trainer/sessions/${sessionUuid}/pause`);
  expect(paused.ok()).toBe(true);
  await expect(frank.getByText(/^Partie en pause/)).toBeVisible();

  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await expect(frank).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/statsTransition$`));
  await trainer.trainer.dispose();
  await frank.context().close();
});
