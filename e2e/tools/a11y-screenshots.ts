// Screenshots of the screens the accessibility fixes touch (the profile's avatar cards and
// language codes, a chapter, the help dialog with its focused body, the content editor), in both
// languages, for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/a11y-screenshots.ts
import {
  base,
  launchChromium,
  locales,
  signedInPlayer,
  signedInTrainer,
} from './screenshot-kit.js';

const out = process.env.OUT_DIR ?? '/tmp/a11y-shots';

const browser = await launchChromium();
const player = await signedInPlayer(browser, 'erin');
const trainer = await signedInTrainer(browser);
for (const locale of locales) {
  await player.goto(`${base}/${locale}/profile`);
  await player.locator('h1').waitFor();
  await player.waitForTimeout(700);
  await player.screenshot({ path: `${out}/profile-${locale}.png`, fullPage: true });

  await player.goto(`${base}/${locale}/home`);
  await player.locator('a[href*="/chapters/"]').first().click();
  await player.getByRole('list').first().waitFor();
  await player.waitForTimeout(700);
  await player.screenshot({ path: `${out}/chapter-${locale}.png` });

  await trainer.goto(`${base}/${locale}/trainer/content`);
  await trainer.locator('a[href*="/trainer/content/"]:not([href$="/new"])').first().click();
  await trainer.locator('button[data-invalid]').first().waitFor();
  await trainer.waitForTimeout(700);
  await trainer.screenshot({ path: `${out}/editor-${locale}.png` });
}
await browser.close();
