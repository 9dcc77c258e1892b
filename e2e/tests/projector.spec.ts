import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { DEMO_PASSWORD, signInDemoPlayer } from './support/session';

/**
 * The projector view: the trainer opens it from the cockpit, a display machine with no login
 * follows the game on it without reloading (a solve, a first blood, a pause, a speedrun, the end
 * with its podium), and a revoked link stops working at once. In English and in French, at
 * 1920×1080 and 1280×720, never scrolled.
 */
const words = {
  en: {
    open: 'Projector view',
    revoke: 'Revoke',
    lobby: 'Waiting for the start',
    running: 'Time left',
    paused: 'Paused',
    firstBlood: 'First blood!',
    speedrun: 'Speedrun!',
    speedrunWon: 'Speedrun won!',
    over: 'Game over',
    podium: 'Podium',
    winner: 'Winner',
    revoked: 'This display link was revoked.',
    ranking: 'Ranking',
  },
  fr: {
    open: 'Vue projecteur',
    revoke: 'Révoquer',
    lobby: 'En attente du départ',
    running: 'Temps restant',
    paused: 'En pause',
    firstBlood: 'Premier sang !',
    speedrun: 'Speedrun !',
    speedrunWon: 'Speedrun gagné !',
    over: 'Partie terminée',
    podium: 'Podium',
    winner: 'Vainqueur',
    revoked: 'Ce lien d’affichage a été révoqué.',
    ranking: 'Classement',
  },
} as const;

interface TrainerObjective {
  uuid: string;
  type: string;
  locked: boolean;
  points: number;
  firstBloodBonus?: number;
  title: { en: string; fr: string };
  flag?: { accepted: string[] };
}

const xsrfOf = async (context: BrowserContext) =>
  decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

/** A cookie-authenticated write of a browser context, with its anti-forgery header. */
const write = async (
  context: BrowserContext,
  method: 'post' | 'delete',
  path: string,
  data?: unknown,
) => {
  const response = await context.request[method](path, {
    headers: { 'x-xsrf-token': await xsrfOf(context) },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return response;
};

const trainerContext = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.request.get('/api/csrf-cookie');
  await write(context, 'post', '/api/trainer/auth/login', {
    username: 'trainer',
    password: DEMO_PASSWORD,
  });
  return context;
};

const playerIn = async (browser: Browser, username: string, session: string, team: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  const created = await context.request.post(`/api/sessions/${session}/teams`, {
    headers: { 'x-xsrf-token': await xsrfOf(context) },
    multipart: { name: team },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return context;
};

/** The wall shows everything at once: nothing scrolls, at either size. */
const expectNoScroll = async (display: Page) => {
  const overflow = await display.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(overflow).toEqual({ x: 0, y: 0 });
};

const shootBothSizes = async (display: Page, name: string) => {
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await display.setViewportSize(size);
    await expectNoScroll(display);
    await display.screenshot({ path: test.info().outputPath(`${name}-${size.height}p.png`) });
  }
};

for (const locale of ['en', 'fr'] as const) {
  const w = words[locale];
  test(`the projector view follows a game and stops when revoked (${locale})`, async ({
    browser,
    checks,
  }) => {
    test.slow();
    // The revoked display asks once more and is refused: that refusal is the point.
    checks.allow(/403 on GET .*\/api\/display\/|status of 403/);
    const trainer = await trainerContext(browser);
    checks.watch(trainer);
    const { missions } = (await (await trainer.request.get('/api/trainer/missions')).json()) as {
      missions: { uuid: string }[];
    };
    const created = await write(trainer, 'post', '/api/trainer/sessions', {
      missionUuid: missions[0]!.uuid,
      name: `Wall drill ${locale}`,
      maxTeams: 4,
      playersPerTeam: 2,
      durationMinutes: 60,
    });
    const session = ((await created.json()) as { session: { uuid: string } }).session.uuid;
    const erin = await playerIn(browser, 'erin', session, `Owls ${locale}`);
    const frank = await playerIn(browser, 'frank', session, `Foxes ${locale}`);

    // The trainer opens the view from the cockpit: a new window on the display page.
    const cockpit = await trainer.newPage();
    await cockpit.goto(`/${locale}/trainer/sessions/${session}`);
    const panel = cockpit.getByTestId('cockpit-projector');
    const popup = cockpit.waitForEvent('popup');
    await panel.getByRole('button', { name: w.open, exact: true }).click();
    const opened = await popup;
    await opened.waitForURL(/\/display\/[A-Za-z0-9_-]{43}$/);
    const displayPath = new URL(opened.url()).pathname;
    await opened.close();
    await expect(panel.getByTestId('display-link')).toHaveCount(1);

    // The display machine: no account, no cookie, only the link.
    const wall = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    checks.watch(wall);
    const display = await wall.newPage();
    await display.goto(`${displayPath}?lang=${locale}`);
    await expect(display).toHaveURL(new RegExp(`/${locale}/display/`));
    await expect(
      display.getByRole('heading', { level: 1, name: `Wall drill ${locale}` }),
    ).toBeVisible();
    await expect(display.getByText(w.lobby)).toBeVisible();
    await expect(display.getByRole('heading', { name: w.ranking })).toBeVisible();
    await display.evaluate(() => Object.assign(window, { notReloaded: true }));
    expect(await wall.cookies()).toEqual([]);

    await write(trainer, 'post', `/api/trainer/sessions/${session}/start`, { force: true });
    await expect(display.getByText(w.running)).toBeVisible({ timeout: 20_000 });

    // A solve that is the objective's first blood: banner, feed and ranking.
    const { mission } = (await (
      await trainer.request.get(`/api/trainer/missions/${missions[0]!.uuid}`)
    ).json()) as { mission: { objectives: TrainerObjective[] } };
    const open = mission.objectives.filter((o) => o.type === 'flag' && !o.locked && o.flag);
    const first = open.find((o) => (o.firstBloodBonus ?? 0) > 0) ?? open[0]!;
    const other = open.find((o) => o.uuid !== first.uuid)!;
    await write(erin, 'post', `/api/sessions/${session}/objectives/${first.uuid}/answers`, {
      answer: first.flag!.accepted[0],
    });
    const banner = display.getByRole('status').filter({ hasText: w.firstBlood });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`Owls ${locale}`);
    await expect(banner).toContainText(first.title[locale]);
    await expect(display.getByRole('list').getByText(first.title[locale])).toBeVisible();
    await checks.axe(display, 'first blood');
    await shootBothSizes(display, `running-${locale}`);
    // Nothing of the answer on the wall.
    expect(await display.content()).not.toContain(first.flag!.accepted[0]!);

    await write(trainer, 'post', `/api/trainer/sessions/${session}/pause`);
    await expect(display.getByText(w.paused, { exact: true })).toBeVisible();
    await shootBothSizes(display, `paused-${locale}`);
    await write(trainer, 'post', `/api/trainer/sessions/${session}/resume`);
    await expect(display.getByText(w.running)).toBeVisible();

    await write(trainer, 'post', `/api/trainer/sessions/${session}/speedruns`, {
      objectiveUuid: other.uuid,
      title: 'Beat the clock',
      description: 'Only the players read this.',
    });
    await expect(display.getByRole('status').filter({ hasText: w.speedrun })).toContainText(
      'Beat the clock',
    );
    await write(frank, 'post', `/api/sessions/${session}/objectives/${other.uuid}/answers`, {
      answer: other.flag!.accepted[0],
    });
    await expect(display.getByRole('status').filter({ hasText: w.speedrunWon })).toContainText(
      `Foxes ${locale}`,
    );
    await expect(display.getByText('Only the players read this.')).toHaveCount(0);

    await write(trainer, 'post', `/api/trainer/sessions/${session}/stop`);
    await expect(display.getByText(w.over)).toBeVisible();
    const podium = display.getByRole('region', { name: w.podium });
    await expect(podium).toBeVisible();
    await expect(podium.getByText(w.winner)).toBeVisible();
    await checks.axe(display, 'podium');
    await shootBothSizes(display, `podium-${locale}`);
    expect(await display.evaluate(() => 'notReloaded' in window)).toBe(true);

    // Revoked from the cockpit: the wall says so at once, without a reload.
    await panel.getByRole('button', { name: new RegExp(`^${w.revoke}`) }).click();
    await expect(display.getByRole('heading', { level: 1, name: w.revoked })).toBeVisible({
      timeout: 10_000,
    });
    expect(await display.evaluate(() => 'notReloaded' in window)).toBe(true);
    const again = await wall.request.get(`/api/display/${displayPath.split('/').at(-1)}`);
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'display.link_revoked',
    );
    await checks.axe(display, 'revoked');

    for (const context of [trainer, erin, frank, wall]) await context.close();
  });
}
