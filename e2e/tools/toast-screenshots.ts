// Screenshots of the game screen under a stack of toasts, at 1440×900 and 390×844 in English
// and French, and a check that no toast covers the status bar (title, timer, the modals'
// buttons) or a speedrun's "worth now" value; exits 1 when one does:
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/toast-screenshots.ts
// With BEFORE=1 the toasts are placed as they were before they kept below the game's top.
import type { Browser, Page } from '@playwright/test';
import {
  base,
  closeBriefing,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer,
  signedInTrainer,
  sizes,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/toast-shots';
const before = process.env.BEFORE === '1';

const playerIn = async (browser: Browser, username: string, session: string, team: string) => {
  const page = await signedInPlayer(browser, username);
  const created = await postWith(page, `/api/sessions/${session}/teams`, {
    multipart: { name: team },
  });
  if (!created.ok()) throw new Error(`${username}: ${await created.text()}`);
  return page;
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The elements no toast may cover, by what they are, with their boxes. */
const guarded = async (page: Page) => {
  const top = page.getByTestId('game-top');
  const named: [string, Box | null][] = [];
  const buttons = await top.getByRole('button').all();
  for (const button of buttons) {
    named.push([`button “${await button.innerText()}”`, await button.boundingBox()]);
  }
  named.push(['timer', await page.getByTestId('game-timer').boundingBox()]);
  named.push(['title', await top.locator('[class*="session"]').first().boundingBox()]);
  for (const value of await top.locator('[class*="valueFigure"]').all()) {
    named.push(['worth now', await value.boundingBox()]);
  }
  return named.filter((entry): entry is [string, Box] => entry[1] !== null);
};

const main = async () => {
  const browser = await launchChromium();
  const trainer = await signedInTrainer(browser);
  const post = (path: string, data?: unknown) =>
    postWith(trainer, path, data === undefined ? undefined : { data });
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();
  const created = await post('/api/trainer/sessions', {
    missionUuid: missions[0].uuid,
    name: 'Toasts over the game bar',
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const session = (await created.json()).session.uuid as string;
  const alice = await playerIn(browser, 'alice', session, 'Red Foxes');
  await playerIn(browser, 'bob', session, 'Grey Wolves');
  await post(`/api/trainer/sessions/${session}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));
  const { mission } = await (
    await trainer.request.get(`${base}/api/trainer/missions/${missions[0].uuid}`)
  ).json();
  const open = (mission.objectives as { uuid: string; locked: boolean }[]).filter(
    (objective) => !objective.locked,
  );
  const launched = await post(`/api/trainer/sessions/${session}/speedruns`, {
    objectiveUuid: open.at(-1)!.uuid,
    title: 'Beat the clock',
    description: 'The **first** team to solve it takes the points.',
  });
  if (!launched.ok()) throw new Error(`speedrun: ${await launched.text()}`);
  const { teams } = (await (
    await trainer.request.get(`${base}/api/trainer/sessions/${session}/cockpit`)
  ).json()) as { teams: { uuid: string; name: string }[] };
  const red = teams.find((team) => team.name === 'Red Foxes')!.uuid;

  const failures: string[] = [];
  for (const size of sizes) {
    await alice.setViewportSize({ width: size.width, height: size.height });
    for (const locale of locales) {
      await alice.goto(`${base}/${locale}/sessions/${session}/game`);
      await closeBriefing(alice, locale);
      await alice.getByTestId('game-timer').waitFor();
      if (before) {
        await alice.evaluate(() => document.documentElement.style.removeProperty('--toasts-top'));
      }
      // Three toasts at once: three adjustments of the team's score.
      const toasts = alice.locator('[data-sonner-toast]');
      for (const [index, points] of [5, -3, 2].entries()) {
        const adjusted = await post(`/api/trainer/sessions/${session}/teams/${red}/adjustments`, {
          points,
          reason:
            locale === 'en'
              ? `For the screenshot (${index + 1})`
              : `Pour la capture (${index + 1})`,
        });
        if (!adjusted.ok()) throw new Error(`adjustment: ${await adjusted.text()}`);
        await toasts
          .nth(index)
          .waitFor({ timeout: 15_000 })
          .catch(async (error: unknown) => {
            await alice.screenshot({ path: `${out}/failed.png` });
            throw error;
          });
      }
      await alice.waitForTimeout(800);
      const name = `game-${size.name}-${locale}${before ? '-before' : ''}`;
      await alice.screenshot({ path: `${out}/${name}.png` });
      // Expanded, as when the pointer is over them: the stack at its tallest.
      await toasts.first().hover();
      await alice.waitForTimeout(600);
      await alice.screenshot({ path: `${out}/${name}-expanded.png` });
      const boxes = (
        await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()))
      ).filter((box): box is Box => box !== null);
      for (const [what, box] of await guarded(alice)) {
        if (boxes.some((toast) => overlap(toast, box)))
          failures.push(`${name}: covers the ${what}`);
      }
      await alice.mouse.move(0, 0);
      await alice.evaluate(() =>
        document
          .querySelectorAll<HTMLButtonElement>('[data-sonner-toast] button[data-close-button]')
          .forEach((button) => button.click()),
      );
      await alice.waitForTimeout(600);
    }
  }
  await browser.close();
  console.log(failures.length === 0 ? 'No toast covers the game’s top.' : failures.join('\n'));
  if (failures.length > 0) process.exitCode = 1;
};

await main();
