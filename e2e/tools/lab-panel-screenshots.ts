// Screenshots of the cockpit's lab environments panel for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/lab-panel-screenshots.ts
import { chromium, type Browser } from '@playwright/test';
import { importLabMission } from '../tests/support/lab-pack';
import { signInTrainer } from '../tests/support/trainer';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3332';
const out = process.env.OUT_DIR ?? '/tmp/lab-panel-shots';

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
  const created = await page.request.post(`${base}/api/sessions/${session}/teams`, {
    headers: { 'x-xsrf-token': await xsrf() },
    multipart: { name: team },
  });
  return (await created.json()).team?.uuid as string | undefined;
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
      maxTeams: 6,
      playersPerTeam: 3,
      durationMinutes: 60,
    })
  ).json()) as { session: { uuid: string } };
  for (const [username, team] of [
    ['alice', 'Red Foxes'],
    ['bob', 'Grey Wolves'],
    ['carol', 'Blue Owls'],
    ['dave', 'Night Owls'],
  ] as const)
    await joinAs(browser, username, session.uuid, team);
  await api.post(`/api/trainer/sessions/${session.uuid}/start`, { force: true });
  const { teams } = (await (
    await api.trainer.get(`/api/trainer/sessions/${session.uuid}/environments`)
  ).json()) as { teams: { teamUuid: string; teamName: string }[] };
  const byName = (name: string) => teams.find((t) => t.teamName === name)!;
  for (const name of ['Red Foxes', 'Grey Wolves', 'Blue Owls'])
    await api.post(`/api/trainer/sessions/${session.uuid}/environments/prewarm`, {
      teamUuid: byName(name).teamUuid,
    });
  await api.post(
    `/api/trainer/sessions/${session.uuid}/teams/${byName('Red Foxes').teamUuid}/environment/extend`,
    {},
  );
  await api.post(`/api/trainer/sessions/${session.uuid}/environments/release`, {
    teamUuid: byName('Blue Owls').teamUuid,
  });

  for (const [lang, width] of [
    ['en', 1440],
    ['fr', 390],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
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
    await panel.waitFor();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${out}/panel-${lang}-${width}.png` });
    await page.screenshot({ path: `${out}/cockpit-${lang}-${width}.png`, fullPage: true });
    await panel.getByRole('button').nth(1).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/release-all-${lang}-${width}.png` });
    await context.close();
  }
  await browser.close();
};

void main();
