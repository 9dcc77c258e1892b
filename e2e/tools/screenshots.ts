// Screenshots of Rampart's screens for a reviewer's eye (not a test), against a running server
// with the demo accounts. Which screens, languages and sizes are arguments; the screens are the
// table in screens.ts, and the games they need are set up through the API (screen-setups.ts).
//
//   npm run screenshots -- [--locales en,fr] [--sizes 1440x900,390x844] [--out /tmp/shots] \
//     [--as alice,bob] [--all | screen...]
//   npm run screenshots -- --list
//
// BASE_URL says where the server is (http://127.0.0.1:3333 by default). Each shot is
// <out>/<screen>[-<state>]-<locale>-<width>.png. A run that fails (a screen that did not draw,
// or a check such as "no toast covers the game's top") is reported and the tool exits 1.
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Browser, Locator, Page } from '@playwright/test';
import { launchChromium, signedInPlayer, signedInTrainer } from './screenshot-kit.js';
import { demoPlayers } from './screen-setups.js';
import { screens, screenUrl, type Locale, type Run, type Screen } from './screens.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    locales: { type: 'string', default: 'en,fr' },
    /** Every screen at these sizes; without it, each screen at its own (a phone and a laptop). */
    sizes: { type: 'string' },
    out: { type: 'string', default: '/tmp/rampart-shots' },
    /** The demo players a player's screen is shot as, one a run, in turn. */
    as: { type: 'string', default: demoPlayers.join(',') },
    all: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});

if (values.list || (positionals.length === 0 && !values.all)) {
  for (const [name, screen] of Object.entries(screens))
    console.log(
      `${name.padEnd(18)} ${screen.role.padEnd(8)} ${screen.about}${screen.needs ? ` (needs ${screen.needs})` : ''}`,
    );
  process.exit(values.list ? 0 : 1);
}
const names = values.all ? Object.keys(screens) : positionals;
const unknown = names.filter((name) => !(name in screens));
if (unknown.length > 0) {
  console.error(`unknown screen(s): ${unknown.join(', ')} (see --list)`);
  process.exit(1);
}

const locales = values.locales.split(',') as Locale[];
const sizesOf = (screen: Screen) =>
  (values.sizes ?? screen.sizes ?? '1440x900,390x844').split(',').map((size) => {
    const [width, height] = size.split('x').map(Number);
    return { width: width!, height: height! };
  });
const players = values.as.split(',');
let nextPlayer = 0;

/** A browser of its own for the run, signed in as the screen's role, at the run's size. */
const pageFor = async (
  browser: Browser,
  screen: Screen,
  viewport: { width: number; height: number },
) => {
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

/** A part of the screen alone; otherwise a dialog as the viewport shows it, a screen whole. */
const shoot = async (page: Page, path: string, part: Locator | void) => {
  await page.waitForTimeout(500);
  if (part) return void (await part.screenshot({ path }));
  const dialogOpen = await page.getByRole('dialog').isVisible();
  await page.screenshot({ path, fullPage: !dialogOpen });
};

await mkdir(values.out, { recursive: true });
const browser = await launchChromium();
const failures: string[] = [];
for (const name of names) {
  const screen = screens[name]!;
  for (const size of sizesOf(screen)) {
    for (const locale of locales) {
      const { page, player } = await pageFor(browser, screen, size);
      const run: Run = { page, locale, browser, role: screen.role, player, disposals: [] };
      const label = `${name} ${locale} ${size.width}`;
      let step = 'setup';
      try {
        const path = typeof screen.path === 'string' ? screen.path : await screen.path(run);
        step = 'ready';
        await page.goto(screenUrl(locale, path));
        await shoot(
          page,
          `${values.out}/${name}-${locale}-${size.width}.png`,
          await screen.ready(run),
        );
        for (const [state, act] of Object.entries(screen.states ?? {})) {
          step = state;
          await shoot(
            page,
            `${values.out}/${name}-${state}-${locale}-${size.width}.png`,
            await act(run),
          );
        }
        console.log(label);
      } catch (error) {
        failures.push(
          `${label} (${step}): ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        );
        console.error(`${label}: failed at ${step}`);
        await page
          .screenshot({ path: `${values.out}/${name}-FAILED-${locale}-${size.width}.png` })
          .catch(() => undefined);
      } finally {
        await page.context().close();
        for (const dispose of run.disposals) await dispose();
      }
    }
  }
}
await browser.close();
if (failures.length > 0) {
  console.error(`\n${failures.length} run(s) failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
}
