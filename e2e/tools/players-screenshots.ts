// Screenshots of the trainer's players screen for a look (not a test):
// BASE_URL=http://127.0.0.1:3312 node_modules/.bin/tsx e2e/tools/players-screenshots.ts
import { chromium, type Browser } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3312';
const out = process.env.OUT_DIR ?? '/tmp/players-shots';

const csv = [
  'username,pseudo,locale',
  'gina,Gina,en',
  'hugo,Hugo,de',
  'ines,"Ines, the second",fr',
  'alice,Alice again,en',
].join('\r\n');

const shoot = async (browser: Browser, locale: 'en' | 'fr', width: number, height: number) => {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(`${base}/${locale}/trainer/login`);
  await page.locator('input[name="username"]').fill('trainer');
  await page.locator('input[name="password"]').fill('Rampart#2025');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/trainer$/);
  await page.goto(`${base}/${locale}/trainer/players`);
  await page.locator('table').waitFor();
  const name = `${locale}-${width}`;
  await page.screenshot({ path: `${out}/${name}-list.png`, fullPage: true });
  await page
    .getByRole('button', { name: locale === 'en' ? 'Import CSV' : 'Importer un CSV' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'players.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button').last().click();
  await dialog.locator('table').waitFor();
  await page.screenshot({ path: `${out}/${name}-preview.png` });
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', {
      name: locale === 'en' ? 'Reset password' : 'Réinitialiser le mot de passe',
    })
    .first()
    .click();
  await page.screenshot({ path: `${out}/${name}-reset.png` });
  await page.getByRole('dialog').getByRole('button').last().click();
  await page.getByRole('dialog').locator('input[readonly]').waitFor();
  await page.screenshot({ path: `${out}/${name}-reset-done.png` });
  await context.close();
};

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const locale of ['en', 'fr'] as const) {
    await shoot(browser, locale, 1440, 900);
    await shoot(browser, locale, 390, 844);
  }
  await browser.close();
};

await main();
