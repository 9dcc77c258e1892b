// Screenshots of a session changed under way and of teams fixed by a trainer, and of a player
// leaving, for a look (not a test), against a running server with the demo accounts:
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/session-changes-screenshots.ts
import type { Page } from '@playwright/test';
import {
  base,
  closeBriefing,
  launchChromium,
  locales,
  post as postWith,
  signedInPlayer,
  signedInTrainer,
  sizes,
  xsrfOf,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/session-changes-shots';

const main = async () => {
  const browser = await launchChromium();
  const trainer = await signedInTrainer(browser);
  const post = (path: string, data?: unknown) =>
    postWith(trainer, path, data === undefined ? undefined : { data });
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();

  for (const locale of locales) {
    const created = await post('/api/trainer/sessions', {
      missionUuid: missions[0].uuid,
      name: locale === 'en' ? 'Tuesday blue team drill' : 'Exercice du mardi',
      maxTeams: 4,
      playersPerTeam: 2,
      durationMinutes: 45,
    });
    const uuid = (await created.json()).session.uuid as string;
    const players: Page[] = [];
    for (const [username, team] of [
      ['alice', 'Red Foxes'],
      ['bob', 'Grey Wolves'],
      ['carol', 'Blue Owls'],
    ] as const) {
      const page = await signedInPlayer(browser, username);
      const made = await postWith(page, `/api/sessions/${uuid}/teams`, {
        multipart: { name: team },
      });
      if (!made.ok()) throw new Error(`${username}: ${await made.text()}`);
      players.push(page);
    }
    const dave = await signedInPlayer(browser, 'dave');
    await postWith(dave, `/api/sessions/${uuid}/join`);
    // Before the start: the ways out of the lobby and of the team choice.
    for (const size of sizes) {
      for (const [page, screen] of [
        [players[0]!, 'lobby'],
        [dave, 'join'],
      ] as const) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${base}/${locale}/sessions/${uuid}/${screen}`);
        await page.getByTestId('leave-session').waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({
          path: `${out}/${screen}-${locale}-${size.name}.png`,
          fullPage: true,
        });
      }
    }
    await post(`/api/trainer/sessions/${uuid}/start`, { force: true });
    await trainer.waitForTimeout(11_000);
    const { teams } = (await (
      await trainer.request.get(`${base}/api/trainer/sessions/${uuid}/cockpit`)
    ).json()) as { teams: { uuid: string; name: string }[] };
    const wolves = teams.find((team) => team.name === 'Grey Wolves')!.uuid;
    await post(`/api/trainer/sessions/${uuid}/teams/${wolves}/eliminate`, {
      reason: locale === 'en' ? 'Attacked the scoreboard' : 'A attaqué le tableau des scores',
    });

    const alice = players[0]!;
    for (const size of sizes) {
      await trainer.setViewportSize({ width: size.width, height: size.height });
      await alice.setViewportSize({ width: size.width, height: size.height });
      const shot = (page: Page, name: string, fullPage = false) =>
        page.screenshot({ path: `${out}/${name}-${locale}-${size.name}.png`, fullPage });

      // The cockpit: the change and fix controls, then each dialog.
      await trainer.goto(`${base}/${locale}/trainer/sessions/${uuid}`);
      await trainer.getByTestId('cockpit-team').first().waitFor();
      await trainer.waitForTimeout(800);
      await shot(trainer, 'cockpit');
      await trainer.getByTestId('players-without-team').scrollIntoViewIfNeeded();
      await shot(trainer, 'cockpit-without-team');
      await trainer
        .getByRole('button', {
          name: locale === 'en' ? 'Change the session' : 'Modifier la session',
        })
        .click();
      const dialog = trainer.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('spinbutton').first().fill('-60');
      await dialog.getByTestId('confirm-action').click();
      await dialog.getByRole('alert').waitFor();
      await shot(trainer, 'change-refused');
      await trainer.keyboard.press('Escape');
      await trainer.getByTestId('player-fix').first().click();
      await trainer.getByRole('dialog').waitFor();
      await shot(trainer, 'move-player');
      await trainer.keyboard.press('Escape');

      // The player's game, before and after five more minutes (a toast, a moved timer).
      await alice.goto(`${base}/${locale}/sessions/${uuid}/game`);
      await closeBriefing(alice, locale);
      await alice.waitForTimeout(800);
      await (
        await trainer.request.fetch(`${base}/api/trainer/sessions/${uuid}`, {
          method: 'PATCH',
          headers: { 'x-xsrf-token': await xsrfOf(trainer) },
          data: { addMinutes: 5 },
        })
      ).text();
      await alice.waitForTimeout(1200);
      await shot(alice, 'game-minutes-added');

      // Leaving: the quit dialog's way out, then its confirmation.
      await alice.getByRole('button', { name: locale === 'en' ? 'Quit' : 'Quitter' }).click();
      await alice
        .getByRole('button', {
          name: locale === 'en' ? 'Leave the session…' : 'Quitter la session…',
        })
        .click();
      await alice.getByTestId('confirm-leave-session').waitFor();
      await alice.waitForTimeout(400);
      await shot(alice, 'leave-session');
      await alice.keyboard.press('Escape');
    }
    for (const page of [...players, dave]) await page.context().close();
  }
  await browser.close();
};

await main();
