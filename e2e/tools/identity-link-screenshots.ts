// Screenshots of the organisation account dialog of the players screen, with an axe scan of
// each state, for a look (not a test). Starts the test suite's OpenID provider and a server of
// its own configured with it, on an embedded database in a fresh directory:
//   PORT=56135 node_modules/.bin/tsx e2e/tools/identity-link-screenshots.ts
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RAMPART_CLIENT, startTestProvider } from '../../apps/server/test/oidc-provider';
import { launchChromium, locales, sizes } from './screenshot-kit';

const port = Number(process.env.PORT ?? 56135);
const base = `http://127.0.0.1:${port}`;
const out = process.env.OUT_DIR ?? '/tmp/identity-link-shots';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const provider = await startTestProvider({
  redirectUris: [`${base}/api/auth/oidc/callback`],
  users: [],
});
const server = spawn('node', ['apps/server/dist/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: mkdtempSync(path.join(tmpdir(), 'identity-link-')),
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: RAMPART_CLIENT.id,
    OIDC_CLIENT_SECRET: RAMPART_CLIENT.secret,
    OIDC_LABEL: 'Lycée Jean Moulin',
  },
});

const waitForServer = async () => {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
};

/** Fails loudly on a serious or critical axe violation of the open dialog's page. */
const scan = async (page: Page, what: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`${what}: ${violations.length} violation(s), ${blocking.length} blocking`);
  for (const violation of violations) console.log(`  ${violation.impact} ${violation.id}`);
  if (blocking.length > 0) process.exitCode = 1;
};

const shoot = async (locale: (typeof locales)[number], size: (typeof sizes)[number]) => {
  const en = locale === 'en';
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(`${base}/${locale}/trainer/login`);
  await page.locator('input[name="username"]').fill('trainer');
  await page.locator('input[name="password"]').fill('Rampart#2025');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/trainer$/);
  await page.goto(`${base}/${locale}/trainer/players`);
  const name = `${locale}-${size.name}`;
  const row = page.getByRole('group', { name: en ? 'Actions for alice' : 'Actions pour alice' });
  await row
    .getByRole('button', { name: en ? 'Organisation account' : 'Compte de l’organisation' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(en ? /Not linked/ : /Non lié/).waitFor();
  // The dialog fades in: shoot it once it is opaque.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}-unlinked.png` });
  await scan(page, `${name} unlinked`);

  const subject = dialog.getByRole('textbox');
  await subject.fill('sub-of-bob');
  await dialog.getByRole('button', { name: en ? 'Link' : 'Lier', exact: true }).click();
  await dialog.getByRole('alert').waitFor();
  await page.screenshot({ path: `${out}/${name}-taken.png` });
  await scan(page, `${name} taken`);

  await subject.fill('4f1c9e2a-7b3d-4c8e-9a61-alice');
  await dialog.getByRole('button', { name: en ? 'Link' : 'Lier', exact: true }).click();
  await dialog.getByText('4f1c9e2a-7b3d-4c8e-9a61-alice').waitFor();
  await page.screenshot({ path: `${out}/${name}-linked.png` });
  await scan(page, `${name} linked`);

  await dialog.getByRole('button', { name: en ? 'Unlink' : 'Délier' }).click();
  await dialog.getByText(en ? /Not linked/ : /Non lié/).waitFor();
  await context.close();
};

let browser: Awaited<ReturnType<typeof launchChromium>>;
try {
  await waitForServer();
  browser = await launchChromium();
  // Bob holds a subject already, for the dialog to say so when it is given to Alice.
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await page.goto(`${base}/en/trainer/login`);
  await page.locator('input[name="username"]').fill('trainer');
  await page.locator('input[name="password"]').fill('Rampart#2025');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/trainer$/);
  const players = await (await page.request.get(`${base}/api/trainer/players`)).json();
  const bob = players.players.find((player: { username: string }) => player.username === 'bob');
  const xsrf = (await setup.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const linked = await page.request.put(`${base}/api/trainer/players/${bob.uuid}/identity`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { subject: 'sub-of-bob' },
  });
  if (linked.status() !== 204) throw new Error(`bob not linked: ${linked.status()}`);
  await setup.close();
  for (const size of sizes) for (const locale of locales) await shoot(locale, size);
  await browser.close();
} finally {
  server.kill();
  await provider.close?.();
}
