import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInThroughApi } from './support/session';

const languages = [
  {
    locale: 'en',
    browserLocale: 'en-US',
    notFound: 'Page Not Found',
    home: 'Home',
    copyright: '© 2025 Rampart. All rights reserved.',
    cookiePolicy: 'Cookie policy',
    mandatory: 'Mandatory',
    optional: 'Optional',
    days: '365 days',
    dialogTitle: 'Cookie policy',
  },
  {
    locale: 'fr',
    browserLocale: 'fr-FR',
    notFound: 'Page introuvable',
    home: 'Accueil',
    copyright: '© 2025 Rampart. Tous droits réservés.',
    cookiePolicy: 'Politique de cookies',
    mandatory: 'Obligatoire',
    optional: 'Facultatif',
    days: '365 jours',
    dialogTitle: 'Politique de cookies',
  },
] as const;

const footer = (page: Page) => page.getByRole('contentinfo');

for (const language of languages) {
  test.describe(`in ${language.locale}`, () => {
    test.use({ locale: language.browserLocale });

    test.beforeEach(async ({ page }) => {
      await signInThroughApi(page, language.locale === 'en' ? 'carol' : 'dave');
    });

    test('an unknown route shows the 404 page in the error layout', async ({ page, checks }) => {
      // The server answers an unknown path with a 404 status, as it should.
      checks.allow(/404.*\/no\/such\/screen/);
      const response = await page.goto(`/${language.locale}/no/such/screen`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: language.notFound })).toBeVisible();
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`${language.notFound} · Rampart`));
      await expect(footer(page)).toContainText(language.copyright);
    });

    test('the footer carries the copyright, the mentions and the cookie policy', async ({
      page,
    }) => {
      await page.goto(`/${language.locale}/home`);
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
      await expect(footer(page)).toContainText(language.copyright);
      await expect(footer(page)).toContainText('Operated by the Rampart test range');
      await expect(footer(page).getByRole('button', { name: language.cookiePolicy })).toBeVisible();
    });

    test('the cookie policy opens as a dialog, lists the cookies and closes with Escape', async ({
      page,
    }) => {
      await page.goto(`/${language.locale}/home`);
      const opener = footer(page).getByRole('button', { name: language.cookiePolicy });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: language.dialogTitle });
      await expect(dialog).toBeVisible();
      const sessionRow = dialog.getByRole('row').filter({ hasText: 'rampart_session' });
      await expect(sessionRow).toContainText(language.mandatory);
      const soundRow = dialog.getByRole('row').filter({ hasText: 'soundOn' });
      await expect(soundRow).toContainText(language.optional);
      await expect(soundRow).toContainText(language.days);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('the loading bar shows during a navigation', async ({ page }) => {
      await page.goto(`/${language.locale}/home`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Hold the next screen's code so the navigation is visibly in progress.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page
        .getByRole('navigation')
        .getByRole('link', { name: /profil/i })
        .first()
        .click();
      const bar = page.getByTestId('loading-bar');
      await expect(bar).toBeVisible();
      const style = await bar.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          height: computed.height,
          background: computed.backgroundColor,
          position: computed.position,
        };
      });
      expect(style).toEqual({ height: '5px', background: 'rgb(190, 222, 71)', position: 'fixed' });
      release();
      await expect(page).toHaveURL(new RegExp(`/${language.locale}/profile$`));
      await expect(bar).toBeHidden();
    });
  });
}

test('pages load with no console error under the Content-Security-Policy', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A logged-out identity check answers 401 by contract; Chromium logs every 4xx resource.
    const expected401 = /Failed to load resource: .*status of 401/.test(message.text());
    if (message.type() === 'error' && !expected401) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/fr/login', '/en/trainer/login', '/en/login?redirect=%2Fen%2Fprofile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('each page paints its frame in view, in its language, before its script has run', async ({
  page,
  checks,
}) => {
  // The scripts are held back, as on a slow network before they arrive.
  checks.allow(/net::ERR_FAILED/);
  await page.route(/\.js$/, (route) => route.abort());
  for (const [path, lang] of [
    ['/en/login', 'en'],
    ['/fr/home', 'fr'],
    ['/en/sessions/some-session/game', 'en'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const mark = page.locator('.boot-shell svg');
    await expect(mark).toBeInViewport();
    const box = await mark.boundingBox();
    expect(box?.y).toBeLessThan(64);
  }
});

test('a page opened on a screen fetches its code and first answers at once, each once', async ({
  page,
}) => {
  await signInThroughApi(page, 'carol');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const fileOf = (source: string) => `/${manifest[source]!.file}`;
  const screen = fileOf('src/features/home/screens/home-screen.tsx');
  const layout = fileOf('src/app/layouts/default-layout.tsx');
  const english = fileOf('src/locales/en/index.ts');
  const french = fileOf('src/locales/fr/index.ts');
  // The header's menu, drawn with the screen; the toasts' region, nobody sees on arrival.
  const menu = fileOf('src/features/auth/components/user-menu.tsx');
  const toasts = fileOf('src/app/app-toaster.tsx');

  // What the page names in its head: the app's files, and the screen's, layout's, catalogue's.
  const html = await (await page.context().request.get('/en/home')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const named = [
    ...head.matchAll(
      /<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g,
    ),
  ].map((match) => match[1]!);
  expect(named).toEqual(expect.arrayContaining([screen, layout, english, menu]));
  expect(named).not.toContain(french);
  expect(named).not.toContain(toasts);

  const reads = [...head.matchAll(/<link rel="preload" as="fetch" [^>]*href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
  expect(reads).toEqual(['/api/auth/user', '/api/home?locale=en', '/api/support/threads']);

  const scripts: string[] = [];
  const apiReads: string[] = [];
  // In order: a script asked for, a first read answered.
  const timeline: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    if (request.resourceType() === 'script') timeline.push(url.pathname);
    if (url.pathname.startsWith('/api/')) apiReads.push(`${url.pathname}${url.search}`);
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) timeline.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/en/home');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The toasts' code is fetched once the screen is drawn with its first answers.
  await expect.poll(() => scripts).toContain(toasts);
  for (const read of reads) {
    expect(timeline.indexOf(toasts), read).toBeGreaterThan(timeline.indexOf(read));
  }
  // The app's imports and reads took what the page had fetched: nothing was fetched twice.
  const times = (list: string[], item: string) => list.filter((entry) => entry === item).length;
  for (const read of reads) expect(times(apiReads, read), read).toBe(1);
  for (const file of [screen, layout, english, menu, toasts]) {
    expect(times(scripts, file), file).toBe(1);
  }
  expect(new Set(scripts).size).toBe(scripts.length);
});

test.describe('locale', () => {
  test('the prefix chooses the language, whatever the browser says', async ({ page }) => {
    await page.goto('/fr/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.goto('/en/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('without a prefix', () => {
    test.use({ locale: 'en-GB' });

    test('follows the browser language, then the language chosen in the switcher', async ({
      page,
      context,
    }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page
        .getByRole('link', { name: /Français/ })
        .or(page.getByRole('button', { name: /Français/ }))
        .first()
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveURL(/\/fr\/login$/);
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'locale');
      expect(cookie?.value).toBe('fr');
      expect(cookie?.path).toBe('/');
      expect(cookie?.sameSite).toBe('Lax');
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(365);

      // The cookie now wins over the browser language on unprefixed paths.
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    });
  });

  test.describe('with a browser in another language and no cookie', () => {
    test.use({ locale: 'de-DE' });

    test('falls back to French for a language Rampart does not speak', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    });
  });
});
