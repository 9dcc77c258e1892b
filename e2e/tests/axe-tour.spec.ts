import type { Page } from '@playwright/test';
import { expect, test, type PageChecks } from './support/checks';
import { signInThroughApi, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * The main player and trainer screens, in both languages and at both sizes a classroom uses (a
 * projected desktop and a phone), scanned by axe: the journeys scan the screens they visit at one
 * size and in one language, this tour the rest, once each.
 */

const sizes = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const words = {
  en: { help: 'Help', teams: 'Teams' },
  fr: { help: 'Aide', teams: 'Équipes' },
} as const;

type Locale = keyof typeof words;

const TOUR_PASSWORD = 'Tour#Rampart42';

/** A running session of the first demo mission, with one team of a player of the tour's own. */
const runningSession = async (trainer: TrainerApi, locale: Locale, tag: string) => {
  const username = `tour_${locale}_${tag}`;
  const created = await trainer.post('/api/trainer/players', {
    username,
    pseudo: `Tour ${locale} ${tag}`,
    locale,
    password: TOUR_PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string }[];
  };
  const session = await trainer.post('/api/trainer/sessions', {
    missionUuid: missions[0]!.uuid,
    name: `Tour ${locale} ${tag}`,
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  expect(session.status(), await session.text()).toBe(201);
  const sessionUuid = ((await session.json()) as { session: { uuid: string } }).session.uuid;
  return { username, sessionUuid };
};

/** Opens a dialog with the button of that name, scans it, and closes it. */
const scanDialog = async (checks: PageChecks, page: Page, button: string) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await checks.axe(page, `${button} dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

for (const locale of ['en', 'fr'] as const)
  for (const [sizeName, viewport] of Object.entries(sizes))
    test(`the main screens have no serious accessibility violation (${locale}, ${sizeName})`, async ({
      browser,
      baseURL,
      checks,
    }) => {
      // About twenty screens, each scanned: 1.1 to 1.4 minutes on a slow two-core machine.
      test.setTimeout(300_000);
      const tag = `${Date.now().toString(36)}${sizeName[0]}`;
      const trainer = await signInTrainer(baseURL!);
      const { username, sessionUuid } = await runningSession(trainer, locale, tag);
      const at = (path: string) => `/${locale}${path}`;

      // The player's side.
      const player = await browser.newContext({ viewport, locale });
      const page = await player.newPage();
      await page.goto(at('/login'));
      await expect(page.locator('h1')).toBeVisible();
      await checks.axe(page);
      await signInThroughApi(page, username, { password: TOUR_PASSWORD });
      await page.goto(at('/home'));
      await expect(page.locator('h1')).toBeVisible();
      await checks.axe(page);
      const chapterLink = page.locator(`a[href*="/chapters/"]`).first();
      await chapterLink.click();
      await expect(page).toHaveURL(/\/chapters\//);
      await expect(page.getByRole('list').first()).toBeVisible();
      await checks.axe(page);
      // An unknown chapter is the not-found page, and the API's 404 the only message.
      checks.allow(/404.*\/api\/chapters\/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/);
      await page.goto(at('/chapters/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'));
      await expect(page.locator('[data-status="404"]')).toBeVisible();
      await checks.axe(page);
      await page.goto(at('/profile'));
      await expect(page.locator('h1')).toBeVisible();
      await checks.axe(page);

      const team = await page.context().request.post(`/api/sessions/${sessionUuid}/teams`, {
        headers: { 'x-xsrf-token': await xsrfOf(page) },
        multipart: { name: `Tourers ${tag}` },
      });
      expect(team.status(), await team.text()).toBe(201);
      await page.goto(at('/currentsSessions'));
      await expect(page.locator('h1')).toBeVisible();
      await checks.axe(page);
      await page.goto(at(`/sessions/${sessionUuid}/lobby`));
      await expect(page.locator('h1')).toBeVisible();
      await checks.axe(page);
      const started = await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, {
        force: true,
      });
      expect(started.ok(), await started.text()).toBe(true);
      // From the lobby, the countdown, then the game.
      await expect(page).toHaveURL(/\/game$/, { timeout: 30_000 });
      // The briefing opens by itself on a first visit.
      const briefing = page.getByRole('dialog');
      await expect(briefing).toBeVisible();
      await checks.axe(page, 'briefing');
      await page.keyboard.press('Escape');
      await expect(briefing).toBeHidden();
      await checks.axe(page);
      await scanDialog(checks, page, words[locale].help);
      await scanDialog(checks, page, words[locale].teams);

      // The trainer's side.
      const cockpit = await browser.newContext({ viewport, locale });
      const desk = await cockpit.newPage();
      await desk.goto(at('/trainer/login'));
      await expect(desk.locator('h1')).toBeVisible();
      await checks.axe(desk);
      await desk.context().request.get('/api/csrf-cookie');
      const login = await desk.context().request.post('/api/trainer/auth/login', {
        headers: { 'x-xsrf-token': await xsrfOf(desk) },
        data: { username: 'trainer', password: 'Rampart#2025' },
      });
      expect(login.ok()).toBe(true);
      for (const path of ['/trainer', '/trainer/sessions/new', '/trainer/players']) {
        await desk.goto(at(path));
        await expect(desk.locator('h1')).toBeVisible();
        await checks.axe(desk);
      }
      await desk.goto(at(`/trainer/sessions/${sessionUuid}`));
      await expect(desk.locator('h1')).toBeVisible();
      await checks.axe(desk);
      await desk.goto(at('/trainer/content'));
      await expect(desk.locator('h1')).toBeVisible();
      await checks.axe(desk);
      await desk.locator('a[href*="/trainer/content/"]:not([href$="/new"])').first().click();
      await expect(desk).toHaveURL(/\/trainer\/content\/./);
      await expect(desk.locator('h1')).toBeVisible();
      await checks.axe(desk);

      await player.close();
      await cockpit.close();
      await trainer.trainer.dispose();
    });
