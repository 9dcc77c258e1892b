// Screenshots of the projector view of a game under way (ranking with logos, latest solves, a
// first-blood banner, an elimination), paused, and at its end with the podium, at 1920×1080 and
// 1280×720 in English and French, for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/projector-screenshots.ts
import type { Browser, Page } from '@playwright/test';
import {
  base,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer,
  signedInTrainer,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/projector-shots';
const sizes = [
  { name: '1080p', width: 1920, height: 1080 },
  { name: '720p', width: 1280, height: 720 },
] as const;

const playerIn = async (browser: Browser, username: string, session: string, team: string) => {
  const page = await signedInPlayer(browser, username);
  const created = await postWith(page, `/api/sessions/${session}/teams`, {
    multipart: { name: team },
  });
  if (!created.ok()) throw new Error(`${username}: ${await created.text()}`);
  return page;
};

/** Fails when the page scrolls: the wall shows everything at once. */
const assertNoScroll = async (page: Page, label: string) => {
  const overflow = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  if (overflow.x > 0 || overflow.y > 0)
    throw new Error(`${label} scrolls: ${JSON.stringify(overflow)}`);
};

const shoot = async (browser: Browser, path: string, name: string) => {
  for (const size of sizes) {
    for (const locale of locales) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
      });
      const page = await context.newPage();
      await page.goto(`${base}/${locale}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(1200);
      await assertNoScroll(page, `${name}-${size.name}-${locale}`);
      await page.screenshot({ path: `${out}/${name}-${size.name}-${locale}.png` });
      await context.close();
    }
  }
};

const main = async () => {
  const browser = await launchChromium();
  const trainer = await signedInTrainer(browser);
  const post = (path: string, data?: unknown) =>
    postWith(trainer, path, data === undefined ? undefined : { data });
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();
  const created = await post('/api/trainer/sessions', {
    missionUuid: missions[0].uuid,
    name: 'Friday drill',
    maxTeams: 6,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const session = (await created.json()).session.uuid as string;
  const names = ['Red Foxes', 'Grey Wolves', 'Blue Owls', 'Night Herons', 'Golden Lynxes'];
  const users = ['alice', 'bob', 'carol', 'dave', 'erin'];
  const players: Page[] = [];
  for (const [index, user] of users.entries())
    players.push(await playerIn(browser, user, session, names[index]!));
  const link = await (await post(`/api/trainer/sessions/${session}/display-links`)).json();
  await post(`/api/trainer/sessions/${session}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));
  const { mission } = await (
    await trainer.request.get(`${base}/api/trainer/missions/${missions[0].uuid}`)
  ).json();
  const objectives = mission.objectives as {
    uuid: string;
    locked: boolean;
    flag?: { accepted: string[] };
  }[];
  const flags = objectives.filter((objective) => objective.flag && !objective.locked);
  const answer = (index: number, objective: string, text: string) =>
    postWith(players[index]!, `/api/sessions/${session}/objectives/${objective}/answers`, {
      data: { answer: text },
    });
  for (const [index, flag] of flags.entries()) {
    await answer(index % 5, flag.uuid, flag.flag!.accepted[0]!);
    await answer((index + 2) % 5, flag.uuid, flag.flag!.accepted[0]!);
  }
  const teams = (
    await (await trainer.request.get(`${base}/api/trainer/sessions/${session}/cockpit`)).json()
  ).teams;
  await post(`/api/trainer/sessions/${session}/teams/${teams.at(-1).uuid}/eliminate`, {
    reason: 'Out of bounds',
  });
  await shoot(browser, link.path, 'running');
  await post(`/api/trainer/sessions/${session}/pause`);
  await shoot(browser, link.path, 'paused');
  await post(`/api/trainer/sessions/${session}/resume`);
  await post(`/api/trainer/sessions/${session}/stop`);
  await shoot(browser, link.path, 'podium');
  await trainer.request.delete(
    `${base}/api/trainer/sessions/${session}/display-links/${link.link.uuid}`,
    {
      headers: {
        'x-xsrf-token': decodeURIComponent(
          (await trainer.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
        ),
      },
    },
  );
  await shoot(browser, link.path, 'revoked');
  await browser.close();
};

await main();
