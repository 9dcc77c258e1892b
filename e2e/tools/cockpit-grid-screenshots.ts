// Screenshots of the cockpit's objectives × teams grid in a game under way (first blood, a
// speedrun, wrong answers), at 1440×900 and 390×844 in English and French, for a look (not a
// test): BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/cockpit-grid-screenshots.ts
import type { Browser } from '@playwright/test';
import {
  base,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer,
  signedInTrainer,
  sizes,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/grid-shots';
const suffix = process.env.SUFFIX ?? '';

const playerIn = async (browser: Browser, username: string, session: string, team: string) => {
  const page = await signedInPlayer(browser, username);
  const created = await postWith(page, `/api/sessions/${session}/teams`, {
    multipart: { name: team },
  });
  if (!created.ok()) throw new Error(`${username}: ${await created.text()}`);
  return page;
};

const main = async () => {
  const browser = await launchChromium();
  const trainer = await signedInTrainer(browser);
  const post = (path: string, data?: unknown) =>
    postWith(trainer, path, data === undefined ? undefined : { data });
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();
  const created = await post('/api/trainer/sessions', {
    missionUuid: missions[0].uuid,
    name: 'Grid drill',
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const session = (await created.json()).session.uuid as string;
  const players = [
    await playerIn(browser, 'alice', session, 'Red Foxes'),
    await playerIn(browser, 'bob', session, 'Grey Wolves'),
    await playerIn(browser, 'carol', session, 'Blue Owls'),
  ];
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
  const last = objectives.filter((objective) => !objective.locked).at(-1)!;
  await post(`/api/trainer/sessions/${session}/speedruns`, {
    objectiveUuid: last.uuid,
    title: 'Beat the clock',
    description: 'The first team to solve it takes the points.',
  });
  for (const [index, flag] of flags.entries()) {
    await answer(index % 3, flag.uuid, 'wrong guess');
    await answer((index + 1) % 3, flag.uuid, flag.flag!.accepted[0]!);
  }
  for (const size of sizes) {
    await trainer.setViewportSize({ width: size.width, height: size.height });
    for (const locale of locales) {
      await trainer.goto(`${base}/${locale}/trainer/sessions/${session}`);
      const grid = trainer.getByTestId('cockpit-grid');
      await grid.locator('table').waitFor();
      await grid.scrollIntoViewIfNeeded();
      await trainer.waitForTimeout(800);
      await grid.screenshot({ path: `${out}/grid-${size.name}-${locale}${suffix}.png` });
    }
  }
  await browser.close();
};

await main();
