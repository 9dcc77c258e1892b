import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { DEMO_PASSWORD, signInThroughApi } from './support/session';
import { signInTrainer } from './support/trainer';

/**
 * The trainer's side of the debrief: an objective's explanation written in both languages, the
 * cockpit's exports downloaded, and a player's rating read in the cockpit and per mission.
 */

const text = (en: string, fr: string) => ({ en, fr });

/** A chapter of its own, last on every list, so other journeys keep reading theirs. */
const chapterDocument = (tag: string) => ({
  format: 'rampart.chapter/v1',
  chapter: {
    uuid: crypto.randomUUID(),
    title: text(`Debrief ${tag}`, `Débriefing ${tag}`),
    summary: text('A chapter to debrief.', 'Un chapitre à débriefer.'),
    visibility: 'assigned',
    position: 9000,
    missions: [
      {
        uuid: crypto.randomUUID(),
        title: text(`The log ${tag}`, `Le journal ${tag}`),
        brief: text('Read the log.', 'Lisez le journal.'),
        scenario: text('Someone got in.', 'Quelqu’un est entré.'),
        rules: text('No brute force.', 'Pas de force brute.'),
        difficulty: 1,
        objectives: [
          {
            uuid: crypto.randomUUID(),
            title: text('The intruder', 'L’intrus'),
            description: text('Which IP?', 'Quelle IP ?'),
            category: 'forensics',
            difficulty: 1,
            points: 100,
            type: 'flag',
            flag: { accepted: ['203.0.113.9'] },
          },
        ],
      },
    ],
  },
});

const csvHeader = async (page: Page, link: string, path: string) => {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: link }).click();
  await (await download).saveAs(path);
  // A byte order mark first, so spreadsheets read the accents.
  return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/)[0];
};

test('a trainer writes an explanation, downloads the exports and reads a player’s rating', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const api = await signInTrainer(baseURL!);
  const document = chapterDocument(tag);
  const chapterUuid = document.chapter.uuid;
  const missionUuid = document.chapter.missions[0]!.uuid;
  const created = await api.trainer.put(`/api/trainer/chapters/${chapterUuid}/document`, {
    headers: { 'x-xsrf-token': await api.xsrf() },
    data: { document, revision: null },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/trainer/login');
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/trainer$/);

  // The explanation, in both languages; the players' preview never shows it.
  await page.goto(`/en/trainer/content/${chapterUuid}`);
  const explanation = page.getByRole('group', { name: 'Explanation' });
  await explanation.getByLabel('Explanation (English)').fill(`Only ${tag} sent the injection.`);
  await explanation.getByLabel('Explanation (French)').fill(`Seul ${tag} a envoyé l’injection.`);
  await expect(page.getByRole('region', { name: 'Preview' })).not.toContainText(tag);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const saved = (await (await api.trainer.get(`/api/trainer/missions/${missionUuid}`)).json()) as {
    mission: { objectives: { explanation?: unknown }[] };
  };
  expect(saved.mission.objectives[0]!.explanation).toEqual({
    en: `Only ${tag} sent the injection.`,
    fr: `Seul ${tag} a envoyé l’injection.`,
  });

  // A session erin plays, stopped by the trainer, then rated by erin.
  const session = await api.post('/api/trainer/sessions', {
    missionUuid,
    name: `Debrief drill ${tag}`,
    maxTeams: 2,
    playersPerTeam: 1,
    durationMinutes: 30,
  });
  expect(session.status(), await session.text()).toBe(201);
  const sessionUuid = ((await session.json()) as { session: { uuid: string } }).session.uuid;
  const erin = await browser.newContext();
  const erinPage = await erin.newPage();
  await signInThroughApi(erinPage, 'erin');
  const xsrf = async () =>
    decodeURIComponent(
      (await erin.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
    );
  const team = await erin.request.post(`/api/sessions/${sessionUuid}/teams`, {
    headers: { 'x-xsrf-token': await xsrf() },
    multipart: { name: `Owls ${tag}` },
  });
  expect(team.status(), await team.text()).toBe(201);
  expect((await api.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok()).toBe(
    true,
  );
  // Past its countdown: a session stopped before it ran reveals no answer.
  await expect
    .poll(
      async () =>
        (
          (await (await erin.request.get(`/api/sessions/${sessionUuid}`)).json()) as {
            session: { status: string };
          }
        ).session.status,
      { timeout: 20_000 },
    )
    .toBe('running');
  expect((await api.post(`/api/trainer/sessions/${sessionUuid}/stop`)).ok()).toBe(true);
  const rated = await erin.request.post(`/api/sessions/${sessionUuid}/survey`, {
    headers: { 'x-xsrf-token': await xsrf() },
    data: { rating: 'satisfied', comment: `Clear and short ${tag}` },
  });
  expect(rated.status(), await rated.text()).toBe(200);
  // Over, the debrief gives erin the explanation with the answer.
  const stats = (await (await erin.request.get(`/api/sessions/${sessionUuid}/stats`)).json()) as {
    objectives: { resolution: { explanation: { en: string } | null } | null }[];
  };
  expect(stats.objectives[0]!.resolution?.explanation?.en).toBe(`Only ${tag} sent the injection.`);
  await erin.close();

  // The cockpit puts the debrief first: the rating, then the exports.
  await page.goto(`/en/trainer/sessions/${sessionUuid}`);
  const survey = page.getByRole('region', { name: 'Satisfaction survey' });
  await expect(survey.getByTestId('survey-summary')).toHaveText(
    '1 answer · 100% of 1 player answered',
  );
  await expect(
    survey.getByRole('list', { name: 'Answers by level' }).getByRole('listitem').nth(1),
  ).toHaveText('Satisfied1 · 100%');
  await expect(survey.getByText(`Clear and short ${tag}`)).toBeVisible();

  expect(await csvHeader(page, 'Ranking (CSV)', testInfo.outputPath('ranking.csv'))).toBe(
    'rank,team,score,completed_objectives,eliminated,result,members,hints,hint_cost',
  );
  expect(await csvHeader(page, 'Submissions (CSV)', testInfo.outputPath('submissions.csv'))).toBe(
    'id,created_at,team,player,objective,correct,points,answer',
  );

  // The mission's ratings, from the content list.
  await page.goto('/en/trainer/content');
  await page.getByRole('button', { name: `Ratings of The log ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ratings: The log ${tag}` });
  await expect(dialog.getByTestId('survey-summary')).toHaveText(
    '1 answer · 100% of 1 player answered',
  );
  await expect(dialog.getByRole('table', { name: 'By session' }).getByRole('rowheader')).toHaveText(
    `Debrief drill ${tag}`,
  );
});
