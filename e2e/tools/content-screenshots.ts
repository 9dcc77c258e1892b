// Screenshots of the content authoring screens for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/content-screenshots.ts
import { chromium, type Page } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3332';
const out = process.env.OUT_DIR ?? '/tmp/content-shots';

const xsrfOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const trainer = await context.newPage();
  await trainer.goto(`${base}/en/trainer/login`);
  await trainer.getByLabel('Username', { exact: true }).fill('trainer');
  await trainer.getByLabel('Password', { exact: true }).fill('Rampart#2025');
  await trainer.getByRole('button', { name: 'Log in' }).click();
  await trainer.waitForURL(/\/en\/trainer$/);
  const { chapters } = await (await trainer.request.get(`${base}/api/trainer/chapters`)).json();
  const chapter = chapters[0].chapter_uuid as string;
  // A session playing the chapter, for the "edited forward" notice.
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();
  await trainer.request.post(`${base}/api/trainer/sessions`, {
    headers: { 'x-xsrf-token': await xsrfOf(trainer) },
    data: {
      missionUuid: missions.find((m: { chapter_uuid: string }) => m.chapter_uuid === chapter).uuid,
      name: 'Thursday drill',
      maxTeams: 4,
      playersPerTeam: 3,
      durationMinutes: 60,
    },
  });

  const archive = await (
    await trainer.request.get(`${base}/api/trainer/chapters/${chapter}/pack`)
  ).body();

  for (const viewport of [
    { width: 1440, height: 900, name: 'desktop' },
    { width: 390, height: 844, name: 'phone' },
  ]) {
    await trainer.setViewportSize(viewport);
    for (const locale of ['en', 'fr']) {
      const shot = async (name: string, fullPage = true) =>
        trainer.screenshot({ path: `${out}/${name}-${locale}-${viewport.name}.png`, fullPage });
      await trainer.goto(`${base}/${locale}/trainer/content`);
      await trainer.locator('h2').first().waitFor();
      await shot('content');

      await trainer.goto(`${base}/${locale}/trainer/content/${chapter}`);
      await trainer.locator('[data-path="chapter.title.en"]').waitFor();
      // The second objective of the first mission.
      await trainer
        .locator('section ol')
        .nth(1)
        .locator('li')
        .nth(1)
        .locator('button')
        .first()
        .click();
      await trainer.waitForTimeout(500);
      // The editor is long: one screen at a time, readable at full size.
      const height = await trainer.evaluate(() => document.documentElement.scrollHeight);
      for (let part = 0; part * viewport.height < height && part < 8; part += 1) {
        await trainer.evaluate((y) => window.scrollTo(0, y), part * viewport.height);
        await trainer.waitForTimeout(150);
        await shot(`editor-${part + 1}`, false);
      }

      // A problem the server finds: an empty French title, focused.
      await trainer.locator('[data-path="chapter.missions[0].objectives[1].title.fr"]').fill('');
      await trainer.locator('button', { hasText: /^(Save|Enregistrer)$/ }).click();
      await trainer.locator('[role="alert"]').first().waitFor();
      await trainer.waitForTimeout(300);
      await shot('editor-invalid', false);

      await trainer.goto(`${base}/${locale}/trainer/content`);
      await trainer.locator('h2').first().waitFor();
      const leave = trainer.getByRole('button', { name: /Leave without saving|Quitter sans/ });
      if (await leave.isVisible().catch(() => false)) await leave.click();
      await trainer.locator('main button', { hasText: /Import a pack|Importer un pack/ }).click();
      await trainer.locator('[role="dialog"] input[type="file"]').setInputFiles({
        name: 'chapter.zip',
        mimeType: 'application/zip',
        buffer: archive,
      });
      await trainer.locator('[role="dialog"] button', { hasText: /Check|Vérifier/ }).click();
      await trainer.locator('[role="dialog"] ul li').first().waitFor();
      await shot('import', false);
      await trainer.keyboard.press('Escape');
    }
  }
  await browser.close();
};

await main();
