// Screenshots of the trainers' debrief for a look (not a test): the cockpit of a rated session
// with its exports, a mission's ratings and the explanation field of the chapter editor, in
// English on a laptop and in French on a phone.
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/debrief-trainer-screenshots.ts
import { chromium, type Browser, type Page } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3332';
const out = process.env.OUT_DIR ?? '/tmp/debrief-trainer-shots';

const xsrfOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

const signIn = async (page: Page, path: string, username: string) => {
  await page.request.get(`${base}/api/csrf-cookie`);
  const login = await page.request.post(`${base}${path}`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    data: { username, password: 'Rampart#2025' },
  });
  if (!login.ok()) throw new Error(`${username}: ${login.status()}`);
};

const post = async (page: Page, path: string, data?: unknown) => {
  const response = await page.request.post(`${base}${path}`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response;
};

/** A played and stopped session of `mission`, rated by its players. */
const ratedSession = async (
  browser: Browser,
  trainer: Page,
  mission: { uuid: string; objectives: { uuid: string; flag?: { accepted: string[] } }[] },
  name: string,
  players: [string, string, string | null][],
) => {
  const created = await post(trainer, '/api/trainer/sessions', {
    missionUuid: mission.uuid,
    name,
    maxTeams: 6,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const uuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  const pages: Page[] = [];
  for (const [username] of players) {
    const page = await browser.newPage();
    await signIn(page, '/api/auth/login', username);
    const team = await page.request.post(`${base}/api/sessions/${uuid}/teams`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      multipart: { name: `Team ${username}` },
    });
    if (!team.ok()) throw new Error(`team of ${username}: ${team.status()}`);
    pages.push(page);
  }
  await post(trainer, `/api/trainer/sessions/${uuid}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));
  const flag = mission.objectives.find((objective) => objective.flag)!;
  for (const [index, page] of pages.entries()) {
    await post(page, `/api/sessions/${uuid}/objectives/${flag.uuid}/answers`, {
      answer: index === 0 ? flag.flag!.accepted[0] : 'a wrong guess',
    });
  }
  await post(trainer, `/api/trainer/sessions/${uuid}/stop`);
  for (const [index, page] of pages.entries()) {
    const [, rating, comment] = players[index]!;
    await post(page, `/api/sessions/${uuid}/survey`, {
      rating,
      ...(comment ? { comment } : {}),
    });
    await page.close();
  }
  return uuid;
};

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const setup = await browser.newPage();
  await signIn(setup, '/api/trainer/auth/login', 'trainer');
  const { missions } = (await (await setup.request.get(`${base}/api/trainer/missions`)).json()) as {
    missions: { uuid: string; chapter_uuid: string; title: { en: string } }[];
  };
  const first = missions.find((mission) => mission.title.en.length > 0)!;
  const { mission } = await (
    await setup.request.get(`${base}/api/trainer/missions/${first.uuid}`)
  ).json();
  const session = await ratedSession(browser, setup, mission, 'Thursday drill', [
    ['alice', 'very_satisfied', 'The log hunt was great, we want more like it.'],
    ['bob', 'satisfied', null],
    ['carol', 'unsatisfied', 'Too little time for the last objective.'],
  ]);
  await ratedSession(browser, setup, mission, 'Friday drill', [
    ['dave', 'satisfied', 'Clear rules, good pace.'],
    ['erin', 'neutral', null],
  ]);

  for (const [locale, width, height] of [
    ['en', 1440, 900],
    ['fr', 390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, locale });
    const page = await context.newPage();
    await page.goto(`${base}/${locale}/trainer/login`);
    await signIn(page, '/api/trainer/auth/login', 'trainer');

    await page.goto(`${base}/${locale}/trainer/sessions/${session}`);
    await page.getByTestId('survey-summary').waitFor();
    await page.getByTestId('cockpit-grid').waitFor();
    await page.screenshot({ path: `${out}/cockpit-${locale}-${width}.png`, fullPage: true });
    await page.getByTestId('cockpit-survey').screenshot({
      path: `${out}/cockpit-survey-${locale}-${width}.png`,
    });
    await page.getByTestId('cockpit-exports').screenshot({
      path: `${out}/cockpit-exports-${locale}-${width}.png`,
    });

    await page.goto(`${base}/${locale}/trainer/content`);
    await page
      .getByRole('button', { name: locale === 'en' ? /^Ratings of / : /^Notes de / })
      .first()
      .click();
    await page.getByTestId('survey-summary').waitFor();
    await page.screenshot({ path: `${out}/mission-survey-${locale}-${width}.png` });
    await page.getByRole('dialog').screenshot({
      path: `${out}/mission-survey-dialog-${locale}-${width}.png`,
    });

    await page.goto(`${base}/${locale}/trainer/content/${first.chapter_uuid}`);
    const group = page.getByRole('group', {
      name: locale === 'en' ? 'Explanation' : 'Explication',
    });
    await group.first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -160));
    await page.screenshot({ path: `${out}/editor-explanation-${locale}-${width}.png` });
    await context.close();
  }
  await browser.close();
};

await main();
