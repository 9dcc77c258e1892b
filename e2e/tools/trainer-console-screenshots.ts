// Screenshots of a trainer's console on a team's lab, from the cockpit, for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/trainer-console-screenshots.ts
// (the server with LAB_PROVIDER=fake: its shell echoes).
import { chromium, type Browser } from '@playwright/test';
import { importLabMission } from '../tests/support/lab-pack';
import { signInTrainer } from '../tests/support/trainer';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3348';
const out = process.env.OUT_DIR ?? '/tmp/trainer-console-shots';

const joinAs = async (browser: Browser, username: string, session: string, team: string) => {
  const page = await browser.newPage();
  await page.request.get(`${base}/api/csrf-cookie`);
  const xsrf = async () =>
    decodeURIComponent(
      (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
    );
  await page.request.post(`${base}/api/auth/login`, {
    headers: { 'x-xsrf-token': await xsrf() },
    data: { username, password: 'Rampart#2025' },
  });
  await page.request.post(`${base}/api/sessions/${session}/teams`, {
    headers: { 'x-xsrf-token': await xsrf() },
    multipart: { name: team },
  });
};

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const api = await signInTrainer(base);
  const missionUuid = await importLabMission(api);
  const { session } = (await (
    await api.post('/api/trainer/sessions', {
      missionUuid,
      name: 'Lab drill',
      maxTeams: 4,
      playersPerTeam: 3,
      durationMinutes: 60,
    })
  ).json()) as { session: { uuid: string } };
  for (const [username, team] of [
    ['alice', 'Red Foxes'],
    ['bob', 'Grey Wolves'],
  ] as const)
    await joinAs(browser, username, session.uuid, team);
  await api.post(`/api/trainer/sessions/${session.uuid}/start`, { force: true });

  for (const [lang, open, close] of [
    ['en', 'Open console of Red Foxes', 'Close the console'],
    ['fr', 'Ouvrir la console de Red Foxes', 'Fermer la console'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/${lang}/trainer/login`);
    await page
      .locator('input[autocomplete="username"], input[name="username"]')
      .first()
      .fill('trainer');
    await page.locator('input[type="password"]').first().fill('Rampart#2025');
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL(new RegExp(`/${lang}/trainer$`));
    await page.goto(`${base}/${lang}/trainer/sessions/${session.uuid}`);
    const panel = page.getByTestId('cockpit-labs');
    await panel.getByRole('button', { name: open }).waitFor({ timeout: 20_000 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${out}/panel-${lang}.png` });
    await panel.getByRole('button', { name: open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('lab-terminal').click();
    await page.waitForTimeout(800);
    await page.keyboard.type('echo hello from the trainer');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/console-${lang}.png` });
    await dialog.getByRole('button', { name: close }).click();
    await context.close();
  }
  await browser.close();
};

void main();
