/**
 * Screenshots of the game screen for a person to look at: 1440×900 and 390×844, in English and
 * French, with the briefing modal, a challenge modal, a speedrun banner, a first blood, My Team
 * and the support modal. Starts the built server on a fresh embedded database of its own.
 *
 *   npm run build && node_modules/.bin/tsx e2e/tools/game-screenshots.ts [output dir]
 *
 * Output: /tmp/gameui-shots by default.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request, type APIRequestContext, type Browser, type Page } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const output = path.resolve(process.argv[2] ?? '/tmp/gameui-shots');
const port = Number(process.env.SHOTS_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync('/tmp/gameui-shots-data-');
const PASSWORD = 'Rampart#2025';

interface Objective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
  firstBloodBonus: number;
  flag?: { accepted: string[] };
}

const startServer = async () => {
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const ready = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
};

/** A cookie-authenticated API client, as the web app is (CSRF cookie, then login). */
const signIn = async (username: string, side: 'player' | 'trainer') => {
  const api = await request.newContext({ baseURL: base });
  const xsrf = async () =>
    decodeURIComponent(
      (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
    );
  await api.get('/api/csrf-cookie');
  const login = await api.post(side === 'player' ? '/api/auth/login' : '/api/trainer/auth/login', {
    headers: { 'x-xsrf-token': await xsrf() },
    data: { username, password: PASSWORD },
  });
  if (!login.ok()) throw new Error(`login of ${username}: ${login.status()}`);
  const post = async (url: string, data?: unknown, multipart?: Record<string, string>) => {
    const response = await api.post(url, {
      headers: { 'x-xsrf-token': await xsrf() },
      ...(data === undefined ? {} : { data }),
      ...(multipart ? { multipart } : {}),
    });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return response.json() as Promise<Record<string, never>>;
  };
  return { api, post };
};

/** A browser page sharing a player's cookies, at a size and in a language. */
const playerPage = async (
  browser: Browser,
  player: { api: APIRequestContext },
  viewport: { width: number; height: number },
  locale: 'en' | 'fr',
) => {
  const context = await browser.newContext({
    viewport,
    locale: locale === 'en' ? 'en-GB' : 'fr-FR',
    storageState: await player.api.storageState(),
    reducedMotion: 'reduce',
  });
  return context.newPage();
};

const shoot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(output, `${name}.png`) });
  console.log(`  ${name}.png`);
};

const texts = {
  en: {
    briefing: /^Briefing: /,
    back: 'Back to the game',
    open: (title: string) => `Open “${title}” in a window`,
    team: 'My team',
    support: 'Support',
    ranking: 'Ranking',
  },
  fr: {
    briefing: /^Briefing : /,
    back: 'Retour à la partie',
    open: (title: string) => `Ouvrir « ${title} » dans une fenêtre`,
    team: 'Mon équipe',
    support: 'Support',
    ranking: 'Classement',
  },
};

const main = async () => {
  fs.mkdirSync(output, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const trainer = await signIn('trainer', 'trainer');
    const { missions } = (await (await trainer.api.get('/api/trainer/missions')).json()) as {
      missions: { uuid: string }[];
    };
    const { mission } = (await (
      await trainer.api.get(`/api/trainer/missions/${missions[0]!.uuid}`)
    ).json()) as { mission: { uuid: string; objectives: Objective[] } };
    const { session } = await trainer.post('/api/trainer/sessions', {
      missionUuid: mission.uuid,
      name: 'Friday drill',
      maxTeams: 4,
      playersPerTeam: 3,
      durationMinutes: 60,
    });
    const sessionUuid = (session as unknown as { uuid: string }).uuid;

    const [alice, bob, carol] = await Promise.all(
      ['alice', 'bob', 'carol'].map((name) => signIn(name, 'player')),
    );
    for (const [player, avatarId] of [
      [alice!, 'sentinel'],
      [bob!, 'cipher'],
      [carol!, 'phantom'],
    ] as const) {
      const response = await player.api.put('/api/profile/avatar', {
        headers: {
          'x-xsrf-token': decodeURIComponent(
            (await player.api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
          ),
        },
        data: { avatarId },
      });
      if (!response.ok()) throw new Error(`avatar: ${response.status()}`);
    }
    const { team } = await alice!.post(`/api/sessions/${sessionUuid}/teams`, undefined, {
      name: 'Red Foxes',
    });
    await bob!.post(`/api/sessions/${sessionUuid}/teams/join`, {
      token: (team as unknown as { token: string }).token,
    });
    await carol!.post(`/api/sessions/${sessionUuid}/teams`, undefined, { name: 'Blue Owls' });
    await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true });
    console.log('countdown…');
    await new Promise((resolve) => setTimeout(resolve, 11_500));

    const open = mission.objectives.filter((objective) => !objective.locked);
    const speedrunTarget = open.find((objective) => objective.type === 'flag')!;
    const firstBloodTarget = open.find(
      (objective) =>
        objective.type === 'flag' &&
        objective.uuid !== speedrunTarget.uuid &&
        objective.firstBloodBonus > 0,
    )!;

    // Alice in English and bob in French: teammates, both online. A laptop in English too.
    const sizes = [
      { name: '1440x900', viewport: { width: 1440, height: 900 }, locales: ['en', 'fr'] },
      { name: '390x844', viewport: { width: 390, height: 844 }, locales: ['en', 'fr'] },
      { name: '1024x768', viewport: { width: 1024, height: 768 }, locales: ['en'] },
    ] as const;
    const players = { en: alice!, fr: bob! };
    const pages: { page: Page; prefix: string; locale: 'en' | 'fr' }[] = [];
    for (const size of sizes) {
      for (const locale of size.locales) {
        const player = players[locale];
        const page = await playerPage(browser, player, size.viewport, locale);
        await page.goto(`${base}/${locale}/sessions/${sessionUuid}/game`);
        const briefing = page.getByRole('dialog', { name: texts[locale].briefing });
        await briefing.waitFor();
        await briefing
          .getByRole('heading', { name: locale === 'en' ? 'Scenario' : 'Scénario' })
          .waitFor();
        const prefix = `${size.name}-${locale}`;
        await shoot(page, `${prefix}-01-briefing-modal`);
        await briefing.getByRole('button', { name: texts[locale].back }).click();
        await shoot(page, `${prefix}-02-game`);
        pages.push({ page, prefix, locale });
      }
    }

    await trainer.post(`/api/trainer/sessions/${sessionUuid}/speedruns`, {
      objectiveUuid: speedrunTarget.uuid,
      title: 'Beat the clock',
      description: 'The first team to find it takes the most: it loses a point every second.',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const { page, prefix, locale } of pages) {
      await shoot(page, `${prefix}-03-speedrun-banner`);
      await page
        .getByRole('button', { name: texts[locale].open(speedrunTarget.title[locale]) })
        .click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `${prefix}-04-challenge-modal`);
      await page.getByRole('dialog').getByRole('button', { name: texts[locale].back }).click();
      await page.getByRole('tab', { name: texts[locale].team }).click();
      await page.getByRole('tab', { name: texts[locale].team }).scrollIntoViewIfNeeded();
      await shoot(page, `${prefix}-05-my-team`);
      await page.getByRole('tab', { name: texts[locale].ranking }).click();
      await page.getByRole('button', { name: texts[locale].support, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `${prefix}-06-support-modal`);
      await page.getByRole('dialog').getByRole('button', { name: texts[locale].back }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    await carol!.post(`/api/sessions/${sessionUuid}/objectives/${firstBloodTarget.uuid}/answers`, {
      answer: firstBloodTarget.flag!.accepted[0],
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const { page, prefix } of pages) await shoot(page, `${prefix}-07-first-blood`);

    await trainer.post(`/api/trainer/sessions/${sessionUuid}/pause`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const { page, prefix } of pages) await shoot(page, `${prefix}-08-paused`);

    // The other layout a wide screen may choose.
    const wide = pages[0]!.page;
    await wide.getByRole('button', { name: 'Tabs' }).click();
    await shoot(wide, '1440x900-en-09-tabs-layout');
    await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
