/**
 * Screenshots of the debrief for a person to look at: the stats transition, the survey and the
 * stats page (1440×900 in English, 390×844 in French), after five teams played a few minutes of
 * the first demo mission. Starts the built server on a fresh embedded database of its own.
 *
 *   npm run build && node_modules/.bin/tsx e2e/tools/debrief-screenshots.ts [output dir]
 *
 * Output: /tmp/debrief-shots by default.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request, type APIRequestContext, type Browser, type Page } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const output = path.resolve(process.argv[2] ?? '/tmp/debrief-shots');
const port = Number(process.env.SHOTS_PORT ?? 3191);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync('/tmp/debrief-shots-data-');
const PASSWORD = 'Rampart#2025';

interface Objective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
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
  const send = async (
    method: 'post' | 'put',
    url: string,
    data?: unknown,
    multipart?: Record<string, string>,
  ) => {
    const response = await api[method](url, {
      headers: { 'x-xsrf-token': await xsrf() },
      ...(data === undefined ? {} : { data }),
      ...(multipart ? { multipart } : {}),
    });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return response.json() as Promise<Record<string, never>>;
  };
  return {
    api,
    post: (url: string, data?: unknown, multipart?: Record<string, string>) =>
      send('post', url, data, multipart),
    put: (url: string, data?: unknown) => send('put', url, data),
  };
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
  });
  return context.newPage();
};

const shoot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(output, `${name}.png`), fullPage });
  console.log(`  ${name}.png`);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      maxTeams: 6,
      playersPerTeam: 2,
      durationMinutes: 60,
    });
    const sessionUuid = (session as unknown as { uuid: string }).uuid;

    const teams = [
      ['alice', 'Red Foxes', 'sentinel'],
      ['bob', 'Blue Owls', 'cipher'],
      ['carol', 'Green Vipers', 'phantom'],
      ['dave', 'Golden Hawks', 'sentinel'],
      ['erin', 'Night Wolves', 'cipher'],
    ] as const;
    const players = await Promise.all(teams.map(([name]) => signIn(name, 'player')));
    for (const [index, [, team, avatarId]] of teams.entries()) {
      const player = players[index]!;
      await player.put('/api/profile/avatar', { avatarId });
      await player.post(`/api/sessions/${sessionUuid}/teams`, undefined, { name: team });
    }
    await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true });
    console.log('countdown…');
    await pause(11_500);

    // A few minutes of play, compressed: right and wrong answers, spread over time.
    const flags = mission.objectives.filter(
      (objective) => objective.type === 'flag' && !objective.locked && objective.flag,
    );
    const answer = (player: number, objective: Objective, right: boolean) =>
      players[player]!.post(`/api/sessions/${sessionUuid}/objectives/${objective.uuid}/answers`, {
        answer: right ? objective.flag!.accepted[0] : `wrong ${player} ${Math.random()}`,
      }).catch(() => undefined);
    const moves: [number, number, boolean][] = [
      [1, 0, false],
      [0, 0, true],
      [2, 0, false],
      [1, 0, true],
      [3, 1, true],
      [4, 0, false],
      [2, 0, true],
      [0, 1, true],
      [4, 0, true],
      [3, 0, true],
      [1, 1, false],
      [2, 1, true],
    ];
    for (const [player, flag, right] of moves) {
      const objective = flags[flag % flags.length]!;
      await answer(player, objective, right);
      await pause(1_500);
    }

    const alice = await playerPage(browser, players[0]!, { width: 1440, height: 900 }, 'en');
    const bob = await playerPage(browser, players[1]!, { width: 390, height: 844 }, 'fr');
    await alice.goto(`${base}/en/sessions/${sessionUuid}/game`);
    await bob.goto(`${base}/fr/sessions/${sessionUuid}/game`);
    await pause(2_000);
    await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);

    // The podium rises (about 2.6 s) before the survey.
    await alice.waitForURL(/statsTransition$/);
    await bob.waitForURL(/statsTransition$/);
    await pause(1_400);
    await Promise.all([
      shoot(alice, '1440x900-en-01-stats-transition'),
      shoot(bob, '390x844-fr-01-stats-transition'),
    ]);

    await alice.waitForURL(/survey$/);
    await alice.getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await alice
      .getByRole('textbox', { name: 'Comment (optional)' })
      .fill('The forensics part was the best: more of it please.');
    await shoot(alice, '1440x900-en-02-survey');
    await alice.getByRole('button', { name: 'Send my answer' }).click();
    await alice.waitForURL(/stats$/);
    await alice.locator('[data-testid="score-chart"] canvas').waitFor();
    await shoot(alice, '1440x900-en-03-stats');
    await shoot(alice, '1440x900-en-04-stats-full', true);
    await alice.getByRole('button', { name: 'Show as table' }).click();
    await alice.getByRole('button', { name: 'Show as table' }).waitFor({ state: 'detached' });
    await alice.getByRole('region', { name: 'Score evolution' }).scrollIntoViewIfNeeded();
    await shoot(alice, '1440x900-en-05-stats-table');

    await bob.waitForURL(/survey$/);
    await shoot(bob, '390x844-fr-02-survey', true);
    await bob.getByRole('link', { name: 'Plus tard' }).click();
    await bob.waitForURL(/stats$/);
    await bob.locator('[data-testid="score-chart"] canvas').waitFor();
    await shoot(bob, '390x844-fr-03-stats');
    await shoot(bob, '390x844-fr-04-stats-full', true);
    await bob.getByRole('region', { name: 'Classement final' }).scrollIntoViewIfNeeded();
    await shoot(bob, '390x844-fr-05-stats-ranking');
    await bob
      .getByRole('region', { name: 'Évolution des scores' })
      .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shoot(bob, '390x844-fr-06-stats-chart');

    await alice.goto(`${base}/en/profile/sessions/${sessionUuid}`);
    await alice.getByRole('link', { name: 'See the statistics' }).waitFor();
    await shoot(alice, '1440x900-en-06-profile-session');
    await alice.goto(`${base}/en/profile`);
    await alice
      .getByRole('region', { name: 'History' })
      .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await alice.getByRole('table', { name: 'Sessions you played' }).waitFor();
    await shoot(alice, '1440x900-en-07-profile-history');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
