import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * The end of a played session: the players see the end announced, rate the session
 * or leave it for later, read the debrief (ranking, score evolution, resolutions) and find the
 * session in their history. The trainer acts through the API.
 */

interface TrainerObjective {
  uuid: string;
  title: { en: string; fr: string };
  type: string;
  locked: boolean;
  flag?: { accepted: string[] };
}

const playerPage = async (browser: Browser, username: string, locale: 'en-GB' | 'fr-FR') => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

interface MissionDocument {
  uuid: string;
  lab?: unknown;
  objectives: { uuid: string; prerequisites?: string[]; files?: unknown }[];
}

/**
 * A copy of the first demo mission in a chapter of its own. Players read a mission's answers
 * only once no session of it is open anywhere, and other journeys play the demo mission at the
 * same time: this one's debrief would hold them back.
 */
const missionOfItsOwn = async (trainer: TrainerApi, name: string) => {
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string; chapter_uuid: string }[];
  };
  const { document } = (await (
    await trainer.trainer.get(`/api/trainer/chapters/${missions[0]!.chapter_uuid}/document`)
  ).json()) as { document: { chapter: { missions: MissionDocument[] } & Record<string, unknown> } };
  const original = document.chapter.missions.find((m) => m.uuid === missions[0]!.uuid)!;
  const uuids = new Map(original.objectives.map((o) => [o.uuid, crypto.randomUUID()]));
  const { lab: _lab, ...copy } = original;
  const chapterUuid = crypto.randomUUID();
  const missionUuid = crypto.randomUUID();
  const created = await trainer.trainer.put(`/api/trainer/chapters/${chapterUuid}/document`, {
    headers: { 'x-xsrf-token': await trainer.xsrf() },
    data: {
      revision: null,
      document: {
        ...document,
        chapter: {
          ...document.chapter,
          uuid: chapterUuid,
          title: { en: name, fr: name },
          position: 9000,
          missions: [
            {
              ...copy,
              uuid: missionUuid,
              objectives: original.objectives.map(({ files: _files, ...objective }) => ({
                ...objective,
                uuid: uuids.get(objective.uuid),
                prerequisites: (objective.prerequisites ?? []).map((uuid) => uuids.get(uuid)),
              })),
            },
          ],
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return missionUuid;
};

/** A session of a copy of the first demo mission, one team per player, started at once. */
const playedSession = async (trainer: TrainerApi, name: string, players: [Page, string][]) => {
  const missionUuid = await missionOfItsOwn(trainer, name);
  const { mission } = (await (
    await trainer.trainer.get(`/api/trainer/missions/${missionUuid}`)
  ).json()) as { mission: { uuid: string; objectives: TrainerObjective[] } };
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: mission.uuid,
    name,
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  for (const [page, team] of players) {
    const joined = await page.context().request.post(`/api/sessions/${sessionUuid}/teams`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      multipart: { name: team },
    });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);
  const flag = mission.objectives.find(
    (objective) => objective.type === 'flag' && !objective.locked && objective.flag,
  )!;
  return { sessionUuid, flag };
};

/** On the game screen once the countdown is over, the briefing closed. */
const openGame = async (page: Page, lang: 'en' | 'fr', sessionUuid: string) => {
  await page.goto(`/${lang}/sessions/${sessionUuid}/game`);
  const briefing = page.getByRole('dialog', { name: /^Briefing ?: / });
  await expect(briefing).toBeVisible({ timeout: 20_000 });
  await briefing
    .getByRole('button', { name: lang === 'en' ? 'Back to the game' : 'Retour à la partie' })
    .click();
};

const solve = async (page: Page, lang: 'en' | 'fr', flag: TrainerObjective) => {
  await page.getByRole('button').filter({ hasText: flag.title[lang] }).click();
  await page
    .getByRole('textbox', { name: lang === 'en' ? 'Your answer' : 'Votre réponse' })
    .fill(flag.flag!.accepted[0]!);
  await page.getByRole('button', { name: lang === 'en' ? 'Submit' : 'Valider' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: lang === 'en' ? /Correct!/ : /Bonne réponse/ }),
  ).toBeVisible();
};

test('alice rates the session at its end, reads the stats and her history; bob rates it later', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const [alice, bob] = await Promise.all([
    playerPage(browser, 'alice', 'en-GB'),
    playerPage(browser, 'bob', 'en-GB'),
  ]);
  const sessionName = `Debrief drill ${Date.now()}`;
  const { sessionUuid, flag } = await playedSession(trainer, sessionName, [
    [alice, 'Red Foxes'],
    [bob, 'Blue Owls'],
  ]);
  await openGame(alice, 'en', sessionUuid);
  await solve(alice, 'en', flag);

  // The trainer stops the session while alice is on the game: she is taken to its end.
  expect((await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`)).ok()).toBe(true);
  await expect(alice).toHaveURL(new RegExp(`/en/sessions/${sessionUuid}/statsTransition$`));
  await expect(alice.getByRole('heading', { level: 1, name: 'Session over' })).toBeVisible();
  await expect(alice.getByText('The session was stopped', { exact: true })).toBeVisible();

  // Not rated yet: the survey comes next.
  await expect(alice).toHaveURL(new RegExp(`/sessions/${sessionUuid}/survey$`));
  await alice.getByRole('radio', { name: 'Satisfied', exact: true }).check();
  await alice.getByRole('textbox', { name: 'Comment (optional)' }).fill('A good drill.');
  await expect(alice.getByText('13 / 1,000 characters')).toBeVisible();
  await alice.getByRole('button', { name: 'Send my answer' }).click();

  await expect(alice).toHaveURL(new RegExp(`/sessions/${sessionUuid}/stats$`));
  await expect(alice.getByRole('heading', { level: 1, name: sessionName })).toBeVisible();
  await expect(alice.getByText('Your rating: Satisfied')).toBeVisible();
  const ranking = alice.getByRole('table', { name: 'Final ranking of the teams' });
  await expect(ranking.getByRole('row').nth(1)).toContainText('Red Foxes');
  await expect(ranking.getByRole('row').nth(1)).toContainText('Your team');
  // First with a positive score: the winner's badge, in words beside its icon.
  const myTeam = alice.getByRole('region', { name: 'Red Foxes' });
  await expect(myTeam.getByRole('list', { name: 'Awards' })).toContainText('Winner');
  // The chart is drawn, and its figures are there as a table.
  const evolution = alice.getByRole('region', { name: 'Score evolution' });
  await expect(evolution.locator('[data-testid="score-chart"] canvas')).toBeVisible();
  await evolution.getByRole('button', { name: 'Show as table' }).click();
  const table = evolution.getByRole('table', {
    name: 'Score of each team at each moment a score changed',
  });
  await expect(table.getByRole('columnheader', { name: /Red Foxes/ })).toBeVisible();
  // The answer of the objective alice solved, now that the session is over.
  const objective = alice.getByRole('listitem', { name: new RegExp(flag.title.en) });
  await expect(
    objective
      .getByRole('list', { name: /^(Correct answer|Accepted answers)$/ })
      .getByText(flag.flag!.accepted[0]!, { exact: true }),
  ).toBeVisible();
  // The demo mission, copied, explains this answer.
  await expect(objective.getByText('Explanation', { exact: true })).toBeVisible();
  await objective.getByText('Solved by 1 of 2 teams').click();
  await expect(objective.getByRole('row', { name: /Red Foxes/ })).toContainText(
    /after \d+:\d\d by /,
  );
  // Looked at by a person: the stats at a laptop and a phone size.
  await alice.screenshot({ path: test.info().outputPath('stats-1440x900.png'), fullPage: true });
  await alice.setViewportSize({ width: 390, height: 844 });
  await alice.screenshot({ path: test.info().outputPath('stats-390x844.png'), fullPage: true });
  await alice.setViewportSize({ width: 1440, height: 900 });

  // Her history lists the session; its detail opens from there.
  await alice.goto('/en/profile#history');
  const history = alice.getByRole('region', { name: 'History' });
  await history.getByRole('link', { name: sessionName }).click();
  await expect(alice).toHaveURL(new RegExp(`/en/profile/sessions/${sessionUuid}$`));
  await expect(alice.getByRole('heading', { level: 1, name: sessionName })).toBeVisible();
  await expect(alice.getByText('1st of 2')).toBeVisible();
  await expect(alice.getByRole('list', { name: 'Awards' })).toContainText('Winner');
  await expect(alice.getByRole('link', { name: 'Rate the session' })).toHaveCount(0);
  await alice.getByRole('link', { name: 'See the statistics' }).click();
  await expect(alice).toHaveURL(new RegExp(`/sessions/${sessionUuid}/stats$`));

  // Bob opens the game of the ended session: its end, the survey, which he leaves for later.
  await bob.goto(`/en/sessions/${sessionUuid}/game`);
  await expect(bob).toHaveURL(new RegExp(`/sessions/${sessionUuid}/statsTransition$`));
  await bob.getByRole('button', { name: /Skip/ }).click();
  await expect(bob).toHaveURL(new RegExp(`/sessions/${sessionUuid}/survey$`));
  await bob.getByRole('link', { name: 'Later' }).click();
  await expect(bob).toHaveURL(new RegExp(`/sessions/${sessionUuid}/stats$`));
  await expect(
    bob.getByRole('table', { name: 'Final ranking of the teams' }).getByRole('row').nth(2),
  ).toContainText('Your team');
  // The stats keep offering the survey; he rates from there.
  await bob.getByRole('link', { name: 'Rate the session' }).click();
  await bob.getByRole('radio', { name: 'Neutral' }).check();
  await bob.getByRole('button', { name: 'Send my answer' }).click();
  await expect(bob).toHaveURL(new RegExp(`/sessions/${sessionUuid}/stats$`));
  await expect(bob.getByText('Your rating: Neutral')).toBeVisible();
  await expect(bob.getByRole('link', { name: 'Rate the session' })).toHaveCount(0);

  await trainer.trainer.dispose();
  await Promise.all([alice.context().close(), bob.context().close()]);
});

test('the same journey in French', async ({ browser, baseURL }) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const [carol, dave] = await Promise.all([
    playerPage(browser, 'carol', 'fr-FR'),
    playerPage(browser, 'dave', 'fr-FR'),
  ]);
  const sessionName = `Débriefing ${Date.now()}`;
  const { sessionUuid, flag } = await playedSession(trainer, sessionName, [
    [carol, 'Les Renards'],
    [dave, 'Les Hiboux'],
  ]);
  await openGame(carol, 'fr', sessionUuid);
  await solve(carol, 'fr', flag);
  expect((await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`)).ok()).toBe(true);

  await expect(carol.getByRole('heading', { level: 1, name: 'Session terminée' })).toBeVisible();
  await expect(carol.getByText('La session a été arrêtée', { exact: true })).toBeVisible();
  await expect(carol).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/survey$`));
  await carol.getByRole('radio', { name: 'Très satisfait' }).check();
  await carol.getByRole('button', { name: 'Envoyer ma réponse' }).click();
  await expect(carol).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/stats$`));
  await expect(carol.getByText('Votre note : Très satisfait')).toBeVisible();
  await expect(carol.getByRole('heading', { name: 'Classement final' })).toBeVisible();
  const evolution = carol.getByRole('region', { name: 'Évolution des scores' });
  await expect(evolution.locator('[data-testid="score-chart"] canvas')).toBeVisible();
  await evolution.getByRole('button', { name: 'Afficher en tableau' }).click();
  await expect(evolution.getByRole('table')).toBeVisible();
  const objective = carol.getByRole('listitem', { name: new RegExp(flag.title.fr) });
  await expect(
    objective
      .getByRole('list', { name: /^(Bonne réponse|Réponses acceptées)$/ })
      .getByText(flag.flag!.accepted[0]!, { exact: true }),
  ).toBeVisible();
  await expect(objective.getByText('Explication', { exact: true })).toBeVisible();
  await objective.getByText('Résolu par 1 équipe sur 2').click();
  await expect(objective.getByRole('row', { name: /Les Renards/ })).toContainText(
    /après \d+:\d\d par /,
  );

  await carol.goto('/fr/profile#history');
  await carol
    .getByRole('region', { name: 'Historique' })
    .getByRole('link', { name: sessionName })
    .click();
  await expect(carol.getByRole('heading', { level: 1, name: sessionName })).toBeVisible();
  await expect(carol.getByText('1er sur 2')).toBeVisible();
  await expect(carol.getByRole('list', { name: 'Récompenses' })).toContainText('Vainqueur');

  await dave.goto(`/fr/sessions/${sessionUuid}/lobby`);
  await dave.getByRole('button', { name: /Passer/ }).click();
  await expect(dave).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/survey$`));
  await dave.getByRole('link', { name: 'Plus tard' }).click();
  await expect(dave).toHaveURL(new RegExp(`/fr/sessions/${sessionUuid}/stats$`));
  await dave.getByRole('link', { name: 'Noter la session' }).click();
  await dave.getByRole('radio', { name: 'Insatisfait', exact: true }).check();
  await dave.getByRole('button', { name: 'Envoyer ma réponse' }).click();
  await expect(dave.getByText('Votre note : Insatisfait')).toBeVisible();

  await trainer.trainer.dispose();
  await Promise.all([carol.context().close(), dave.context().close()]);
});
