import { readFile } from 'node:fs/promises';
import { expect, test } from './support/checks';
import { DEMO_PASSWORD, signInThroughApi } from './support/session';
import { signInTrainer } from './support/trainer';

const text = (en: string, fr: string) => ({ en, fr });

/** A chapter of its own, so the journey changes no content other journeys read. */
const chapterDocument = (tag: string) => ({
  format: 'rampart.chapter/v1',
  chapter: {
    uuid: crypto.randomUUID(),
    title: text(`Authoring ${tag}`, `Rédaction ${tag}`),
    summary: text('A chapter to edit.', 'Un chapitre à modifier.'),
    visibility: 'assigned',
    // Last on every list: journeys that take "the first chapter" keep theirs.
    position: 9000,
    missions: [
      {
        uuid: crypto.randomUUID(),
        title: text('The shop', 'La boutique'),
        brief: text('Find the flaw.', 'Trouvez la faille.'),
        scenario: text('The shop leaks.', 'La boutique fuit.'),
        rules: text('No brute force.', 'Pas de force brute.'),
        difficulty: 2,
        objectives: [
          {
            uuid: crypto.randomUUID(),
            title: text('The attacker', "L'attaquant"),
            description: text('Which IP?', 'Quelle IP ?'),
            category: 'web',
            difficulty: 1,
            points: 100,
            type: 'flag',
            flag: { accepted: ['203.0.113.7'] },
          },
          {
            uuid: crypto.randomUUID(),
            title: text('The flaw', 'La faille'),
            description: text('Which flaw was used?', 'Quelle faille a servi ?'),
            category: 'web',
            difficulty: 2,
            points: 50,
            type: 'single_choice',
            choices: [
              { id: 'a', text: text('SQL injection', 'Injection SQL') },
              { id: 'b', text: text('XSS', 'XSS') },
            ],
            correctChoices: ['a'],
          },
        ],
      },
    ],
  },
});

test('a trainer edits an objective in both languages with its preview, a player sees it, and the chapter goes out and back in as a pack', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // two browsers, an edit in both languages, a pack out and back in
  const tag = Date.now().toString(36);
  const api = await signInTrainer(baseURL!);
  const document = chapterDocument(tag);
  const uuid = document.chapter.uuid;
  const created = await api.trainer.put(`/api/trainer/chapters/${uuid}/document`, {
    headers: { 'x-xsrf-token': await api.xsrf() },
    data: { document, revision: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const players = (await (await api.trainer.get('/api/trainer/players')).json()) as {
    players: { uuid: string; username: string }[];
  };
  const frank = players.players.find((player) => player.username === 'frank')!;
  const assigned = await api.trainer.put(`/api/trainer/chapters/${uuid}/assignments`, {
    headers: { 'x-xsrf-token': await api.xsrf() },
    data: { playerIds: [frank.uuid] },
  });
  expect(assigned.ok()).toBe(true);

  await page.goto('/en/trainer/login');
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/trainer$/);
  await page
    .getByRole('navigation', { name: 'Trainer console' })
    .getByRole('link', { name: 'Content' })
    .click();
  await page.getByRole('link', { name: `Edit “Authoring ${tag}”` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Authoring ${tag}` })).toBeVisible();

  await page.getByRole('button', { name: 'The flaw', exact: true }).click();
  const objective = 'chapter.missions[0].objectives[1]';
  await page.locator(`[data-path="${objective}.title.en"]`).fill(`The exploited flaw ${tag}`);
  await page.locator(`[data-path="${objective}.title.fr"]`).fill(`La faille exploitée ${tag}`);
  await page.getByLabel('Choice b (English)').fill('Cross-site scripting');

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: `The exploited flaw ${tag}` })).toBeVisible();
  await expect(preview.getByText('Cross-site scripting')).toBeVisible();
  await preview.getByRole('button', { name: 'French' }).click();
  await expect(preview.getByRole('heading', { name: `La faille exploitée ${tag}` })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await signInThroughApi(playerPage, 'frank');
  await playerPage.goto(`/fr/chapters/${uuid}`);
  await playerPage.getByText('Objectifs (2)').click();
  await expect(playerPage.getByText(`La faille exploitée ${tag}`)).toBeVisible();
  await player.close();

  await page.getByRole('link', { name: 'Back to content' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Export (zip) “Authoring ${tag}”` }).click();
  const zipPath = testInfo.outputPath('chapter.zip');
  await (await download).saveAs(zipPath);
  const zip = await readFile(zipPath);
  expect(zip.subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('button', { name: 'Import a pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import content packs' });
  await dialog.getByLabel('Archive (.zip)').setInputFiles(zipPath);
  await dialog.getByRole('button', { name: 'Check the archive' }).click();
  await expect(dialog.getByText('The archive is valid. Importing it will change:')).toBeVisible();
  await expect(dialog.getByText('Chapters: 0 created, 1 updated, 0 removed')).toBeVisible();
  await expect(dialog.getByText('Objectives: 0 created, 2 updated, 0 removed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/^Imported\./)).toBeVisible();

  const audit = (await (await api.trainer.get('/api/trainer/audit')).json()) as {
    entries: { action: string; targetUuid: string | null }[];
  };
  expect(
    audit.entries.some(
      (entry) => entry.action === 'content.chapter_saved' && entry.targetUuid === uuid,
    ),
  ).toBe(true);
  await api.trainer.dispose();
});
