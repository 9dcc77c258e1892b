import { expect, test } from './support/checks';
import { DEMO_PASSWORD } from './support/session';

test('a trainer imports players from a CSV with one bad row, and an imported player signs in with the link', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, an import, a first sign-in through the link
  const tag = Date.now().toString(36);
  const csv = [
    'username,pseudo,locale',
    `gina_${tag},Gina ${tag},en`,
    `hugo_${tag},Hugo ${tag},de`,
    `ines_${tag},"Ines ${tag}",fr`,
  ].join('\r\n');

  await page.goto('/en/trainer/login');
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/trainer$/);
  await page
    .getByRole('navigation', { name: 'Trainer console' })
    .getByRole('link', { name: 'Players' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import players from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'players.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('Preview: nothing has been created yet')).toBeVisible();
  await expect(dialog.getByText('2 rows ready to import')).toBeVisible();
  await expect(dialog.getByText('1 row rejected')).toBeVisible();
  await expect(dialog.getByText(`hugo_${tag},Hugo ${tag},de`)).toBeVisible();
  await expect(dialog.getByText('Language must be fr or en')).toBeVisible();

  await dialog.getByRole('button', { name: 'Import 2 players' }).click();
  await expect(dialog.getByText('2 players created')).toBeVisible();
  const linkField = dialog.getByLabel(`Login link for gina_${tag}`);
  const url = await linkField.inputValue();
  expect(url).toContain('/login?magic=');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('table').getByText(`ines_${tag}`, { exact: true })).toBeVisible();

  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await playerPage.goto(new URL(url).pathname + new URL(url).search);
  await expect(playerPage).not.toHaveURL(/\/login/);
  const me = await playerPage.request.get('/api/auth/user');
  expect((await me.json()).user.username).toBe(`gina_${tag}`);
  await player.close();
});
