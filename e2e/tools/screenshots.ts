// Screenshots of Rampart's screens for a reviewer's eye (not a test), against a running server
// with the demo accounts. Which screens, languages and sizes are arguments; the screens are the
// table in screens.ts.
//
//   BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/screenshots.ts \
//     [--locales en,fr] [--sizes 1440x900,390x844] [--out /tmp/shots] [--as alice] screen...
//   node_modules/.bin/tsx e2e/tools/screenshots.ts --list
//
// Each shot is <out>/<screen>[-<state>]-<locale>-<width>.png.
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { launchChromium, signedInPlayer, signedInTrainer } from './screenshot-kit.js';
import { screens, screenUrl, type Locale, type Run, type Screen } from './screens.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    locales: { type: 'string', default: 'en,fr' },
    sizes: { type: 'string', default: '1440x900,390x844' },
    out: { type: 'string', default: '/tmp/rampart-shots' },
    /** The demo players a player's screen is shot as, one a run, in turn. */
    as: { type: 'string', default: 'alice,bob,carol,dave,erin,frank' },
    list: { type: 'boolean', default: false },
  },
});

if (values.list || positionals.length === 0) {
  for (const [name, screen] of Object.entries(screens))
    console.log(`${name.padEnd(16)} ${screen.role.padEnd(8)} ${screen.about}`);
  process.exit(values.list ? 0 : 1);
}
const unknown = positionals.filter((name) => !(name in screens));
if (unknown.length > 0) {
  console.error(`unknown screen(s): ${unknown.join(', ')} (see --list)`);
  process.exit(1);
}

const locales = values.locales.split(',') as Locale[];
const sizes = values.sizes.split(',').map((size) => {
  const [width, height] = size.split('x').map(Number);
  return { width: width!, height: height! };
});
const players = values.as.split(',');
let nextPlayer = 0;

/** A browser of its own for the run, signed in as the screen's role, at the run's size. */
const pageFor = async (browser: Browser, screen: Screen, viewport: (typeof sizes)[number]) => {
  const player = players[nextPlayer++ % players.length]!;
  const page =
    screen.role === 'player'
      ? await signedInPlayer(browser, player)
      : screen.role === 'trainer'
        ? await signedInTrainer(browser)
        : await (await browser.newContext()).newPage();
  await page.setViewportSize(viewport);
  return { page, player };
};

/** A dialog is shot as the viewport shows it; a screen whole. */
const shoot = async (page: Page, path: string) => {
  const dialogOpen = await page.getByRole('dialog').isVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path, fullPage: !dialogOpen });
};

await mkdir(values.out, { recursive: true });
const browser = await launchChromium();
let trainerPage: Promise<Page> | undefined;
const trainer = () => (trainerPage ??= signedInTrainer(browser));
for (const name of positionals) {
  const screen = screens[name]!;
  for (const size of sizes) {
    for (const locale of locales) {
      const { page, player } = await pageFor(browser, screen, size);
      const run: Run = { page, locale, trainer, player };
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(run);
      await page.goto(screenUrl(locale, path));
      await screen.ready(run);
      await shoot(page, `${values.out}/${name}-${locale}-${size.width}.png`);
      for (const [state, act] of Object.entries(screen.states ?? {})) {
        await act(run);
        await shoot(page, `${values.out}/${name}-${state}-${locale}-${size.width}.png`);
      }
      await page.context().close();
      console.log(`${name} ${locale} ${size.width}`);
    }
  }
}
await browser.close();
