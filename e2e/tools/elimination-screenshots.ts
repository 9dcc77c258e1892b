// Screenshots of a start held for short teams (the cockpit), an eliminated team's game and an
// objective out of attempts, in both languages and both sizes, for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/elimination-screenshots.ts
import type { Page } from '@playwright/test';
import {
  base,
  closeBriefing,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer as signedIn,
  signedInTrainer,
  sizes,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/elimination-shots';

const post = (page: Page, path: string, data?: unknown) =>
  postWith(page, path, data === undefined ? undefined : { data });

/** Each size of the page, shot after the screen settles. */
const shoot = async (page: Page, name: string, ready: () => Promise<unknown>) => {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${out}/${name}-${size.name}.png` });
  }
};

const main = async () => {
  const browser = await launchChromium();
  const trainer = await signedInTrainer(browser);

  // A mission with a flag objective that closes after a few wrong answers.
  const { missions } = (await (
    await trainer.request.get(`${base}/api/trainer/missions`)
  ).json()) as {
    missions: { uuid: string }[];
  };
  let target: { mission: string; objective: string; maxAttempts: number } | null = null;
  for (const { uuid } of missions) {
    const { mission } = await (
      await trainer.request.get(`${base}/api/trainer/missions/${uuid}`)
    ).json();
    const found = (
      mission.objectives as {
        uuid: string;
        type: string;
        locked: boolean;
        maxAttempts: number | null;
      }[]
    ).find((o) => o.type === 'flag' && !o.locked && o.maxAttempts !== null);
    if (found) {
      target = { mission: uuid, objective: found.uuid, maxAttempts: found.maxAttempts! };
      break;
    }
  }
  if (!target) throw new Error('no mission with a flag objective of limited attempts');

  const created = await post(trainer, '/api/trainer/sessions', {
    missionUuid: target.mission,
    name: 'Friday blue team drill',
    maxTeams: 4,
    playersPerTeam: 3,
    minPlayersPerTeam: 2,
    durationMinutes: 60,
  });
  const live = (await created.json()).session.uuid as string;
  const alice = await signedIn(browser, 'alice');
  const bob = await signedIn(browser, 'bob');
  const carol = await signedIn(browser, 'carol');
  const dave = await signedIn(browser, 'dave');
  const createTeam = async (page: Page, name: string) => {
    const response = await postWith(page, `/api/sessions/${live}/teams`, { multipart: { name } });
    if (!response.ok()) throw new Error(await response.text());
    return (await response.json()).team as { uuid: string; token: string };
  };
  await createTeam(alice, 'Red Foxes');
  const wolves = await createTeam(bob, 'Grey Wolves');
  await createTeam(carol, 'Blue Owls');
  await post(dave, `/api/sessions/${live}/join`);
  await post(dave, `/api/sessions/${live}/teams/join`, { token: wolves.token });

  // The trainer's start waits: the cockpit names the short teams; then the forced start's dialog.
  await post(trainer, `/api/trainer/sessions/${live}/start`);
  for (const locale of locales) {
    await trainer.goto(`${base}/${locale}/trainer/sessions/${live}`);
    const group = trainer.getByRole('group', {
      name: locale === 'en' ? 'Session controls' : 'Commandes de la session',
    });
    await shoot(trainer, `cockpit-waiting-${locale}`, () => group.waitFor());
    const force = locale === 'en' ? 'Force the start' : 'Forcer le démarrage';
    await trainer.setViewportSize({ width: 1440, height: 900 });
    await group.getByRole('button', { name: force }).click();
    await trainer.getByRole('dialog').waitFor();
    await shoot(trainer, `cockpit-force-${locale}`, () => trainer.getByRole('dialog').waitFor());
    await trainer.keyboard.press('Escape');
  }
  await post(trainer, `/api/trainer/sessions/${live}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));

  // Carol's team spends every attempt on one objective: it moves to the closed ones.
  for (let i = 0; i < target.maxAttempts; i += 1)
    await post(carol, `/api/sessions/${live}/objectives/${target.objective}/answers`, {
      answer: `not-it-${i}`,
    });
  for (const locale of locales) {
    await carol.goto(`${base}/${locale}/sessions/${live}/game`);
    await closeBriefing(carol, locale);
    await carol
      .getByRole('button', { name: locale === 'en' ? 'Closed' : 'Terminés', exact: true })
      .click();
    await shoot(carol, `closed-${locale}`, () => carol.getByRole('tab').first().waitFor());
  }

  // Bob's team is eliminated: its game says so, with the reason, and takes no answer.
  await post(trainer, `/api/trainer/sessions/${live}/teams/${wolves.uuid}/eliminate`, {
    reason: 'Scanned machines outside the lab',
  });
  for (const locale of locales) {
    // Wide first: on a phone, selecting an objective opens it in a modal over the notice.
    await bob.setViewportSize({ width: 1440, height: 900 });
    await bob.goto(`${base}/${locale}/sessions/${live}/game`);
    await closeBriefing(bob, locale);
    await bob.getByRole('button', { name: /./ }).first().waitFor();
    const objective = bob.locator('[data-state]').first();
    await objective.click();
    await shoot(bob, `eliminated-${locale}`, () => bob.getByRole('alert').first().waitFor());
  }
  await browser.close();
};

await main();
