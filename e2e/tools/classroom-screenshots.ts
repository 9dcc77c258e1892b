// Screenshots of what a trainer's class sees of team logos, progress, score adjustments and a
// canceled game, for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/classroom-screenshots.ts
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  base,
  closeBriefing,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer,
  signedInTrainer,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/classroom-shots';

const logo = (background: string) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer();

/** A player in a new browser context, logged in through the API, with a team in the session. */
const playerIn = async (
  browser: Browser,
  username: string,
  session: string,
  team: string,
  color?: string,
) => {
  const page = await signedInPlayer(browser, username);
  const created = await postWith(page, `/api/sessions/${session}/teams`, {
    multipart: color
      ? {
          name: team,
          logo: { name: 'logo.png', mimeType: 'image/png', buffer: await logo(color) },
        }
      : { name: team },
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
  const create = async (name: string) =>
    (
      await (
        await post('/api/trainer/sessions', {
          missionUuid: missions[0].uuid,
          name,
          maxTeams: 4,
          playersPerTeam: 2,
          durationMinutes: 60,
        })
      ).json()
    ).session.uuid as string;

  // A game under way: two teams with logos, one without; solves and an adjustment.
  const live = await create('Thursday red team drill');
  const alice = await playerIn(browser, 'alice', live, 'Red Foxes', '#c0392b');
  const bob = await playerIn(browser, 'bob', live, 'Grey Wolves', '#5d6d7e');
  await playerIn(browser, 'carol', live, 'Blue Owls');
  await post(`/api/trainer/sessions/${live}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));
  const { mission } = await (
    await trainer.request.get(`${base}/api/trainer/missions/${missions[0].uuid}`)
  ).json();
  const flags = (
    mission.objectives as { uuid: string; locked: boolean; flag?: { accepted: string[] } }[]
  ).filter((objective) => objective.flag && !objective.locked);
  const answer = (page: Page, objective: string, text: string) =>
    postWith(page, `/api/sessions/${live}/objectives/${objective}/answers`, {
      data: { answer: text },
    });
  await answer(bob, flags[0]!.uuid, flags[0]!.flag!.accepted[0]!);
  await answer(alice, flags[0]!.uuid, flags[0]!.flag!.accepted[0]!);
  if (flags[1]) await answer(bob, flags[1].uuid, flags[1].flag!.accepted[0]!);
  const { teams } = (await (
    await trainer.request.get(`${base}/api/trainer/sessions/${live}/cockpit`)
  ).json()) as { teams: { uuid: string; name: string }[] };
  const red = teams.find((team) => team.name === 'Red Foxes')!.uuid;

  for (const locale of locales) {
    // The trainer's cockpit, with the teams' logos.
    await trainer.goto(`${base}/${locale}/trainer/sessions/${live}`);
    await trainer.getByTestId('cockpit-team').first().waitFor();
    await trainer.waitForTimeout(1000);
    await trainer.screenshot({ path: `${out}/cockpit-${locale}.png` });

    // Home's card: the team's progress and rank.
    await alice.goto(`${base}/${locale}/home`);
    await alice
      .getByText(/objectives solved|objectifs résolus/)
      .first()
      .waitFor();
    await alice.waitForTimeout(800);
    await alice.screenshot({ path: `${out}/home-${locale}.png`, fullPage: true });

    // The game: an adjustment's toast, and the line in the team's view of its score.
    await alice.goto(`${base}/${locale}/sessions/${live}/game`);
    // The briefing opens on a first visit (in this language's storage too, at worst): closed.
    await closeBriefing(alice, locale);
    await alice.getByRole('tab', { name: locale === 'en' ? 'My team' : 'Mon équipe' }).click();
    await alice.waitForTimeout(500);
    await post(`/api/trainer/sessions/${live}/teams/${red}/adjustments`, {
      points: locale === 'en' ? 25 : -5,
      reason:
        locale === 'en'
          ? 'Helped the other teams with the VPN'
          : 'A shared flag, against the rules',
    });
    await alice.waitForTimeout(1500);
    await alice.screenshot({ path: `${out}/adjustment-${locale}.png` });
  }

  // A game stopped during its countdown: "game canceled".
  for (const locale of locales) {
    const early = await create(`Canceled drill ${locale}`);
    const dave = await playerIn(browser, 'dave', early, 'Early Birds');
    await post(`/api/trainer/sessions/${early}/start`, { force: true });
    await dave.goto(`${base}/${locale}/sessions/${early}/startScreen`);
    await dave.getByRole('timer').waitFor();
    await post(`/api/trainer/sessions/${early}/stop`);
    await dave.waitForTimeout(1500);
    await dave.screenshot({ path: `${out}/canceled-${locale}.png` });
    await dave.context().close();
  }
  await browser.close();
};

await main();
