// Screenshots of the chat screens for a look (not a test): node_modules/.bin/tsx e2e/tools/chat-screenshots.ts
import { chromium, request, type Page } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3218';
const out = process.env.OUT_DIR ?? '/tmp/chat-shots';

const login = async (page: Page, username: string) => {
  await page.request.get(`${base}/api/csrf-cookie`);
  const xsrf = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
  );
  await page.request.post(`${base}/api/auth/login`, {
    headers: { 'x-xsrf-token': xsrf },
    data: { username, password: 'Rampart#2025' },
  });
  // Login sets a fresh anti-forgery token.
  return decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
  );
};

const main = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const trainer = await request.newContext({ baseURL: base });
  await trainer.get('/api/csrf-cookie');
  const txsrf = async () =>
    decodeURIComponent(
      (await trainer.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    );
  await trainer.post('/api/trainer/auth/login', {
    headers: { 'x-xsrf-token': await txsrf() },
    data: { username: 'trainer', password: 'Rampart#2025' },
  });
  const { missions } = await (await trainer.get('/api/trainer/missions')).json();
  const session = (
    await (
      await trainer.post('/api/trainer/sessions', {
        headers: { 'x-xsrf-token': await txsrf() },
        data: {
          missionUuid: missions[0].uuid,
          name: 'Shots',
          maxTeams: 4,
          playersPerTeam: 2,
          durationMinutes: 60,
        },
      })
    ).json()
  ).session.uuid as string;
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const alice = await ctx.newPage();
  const xsrf = await login(alice, 'alice');
  const team = (
    await (
      await alice.request.post(`${base}/api/sessions/${session}/teams`, {
        headers: { 'x-xsrf-token': xsrf },
        multipart: { name: 'Red Foxes' },
      })
    ).json()
  ).team;
  const bobCtx = await browser.newContext();
  const bob = await bobCtx.newPage();
  const bx = await login(bob, 'bob');
  await bob.request.post(`${base}/api/sessions/${session}/teams/join`, {
    headers: { 'x-xsrf-token': bx },
    data: { token: team.token },
  });
  await trainer.post(`/api/trainer/sessions/${session}/start`, {
    headers: { 'x-xsrf-token': await txsrf() },
    data: { force: true },
  });
  const { threads } = await (
    await alice.request.get(`${base}/api/session/${session}/chat/threads`)
  ).json();
  const byChannel = Object.fromEntries(
    threads.map((t: { channel: string; uuid: string }) => [t.channel, t.uuid]),
  );
  const texts = [
    'Hi team, I take the web objectives',
    'OK, I look at the logs: https://example.org/logs',
    '<script>alert(1)</script> shown as text',
    'Found something in access.log line 42',
  ];
  for (const [i, text] of texts.entries()) {
    const who = i % 2 ? bob : alice;
    await who.request.post(`${base}/api/session/${session}/chat/messages`, {
      headers: { 'x-xsrf-token': i % 2 ? bx : xsrf },
      data: { threadId: byChannel.team, text },
    });
  }
  await bob.request.post(`${base}/api/session/${session}/chat/messages`, {
    headers: { 'x-xsrf-token': bx },
    data: { threadId: byChannel.general, text: 'Good luck everyone!' },
  });
  await trainer.post(`/api/trainer/sessions/${session}/chat/messages`, {
    headers: { 'x-xsrf-token': await txsrf() },
    data: { threadId: byChannel.support, text: 'Ask here if you are stuck.' },
  });
  await new Promise((r) => setTimeout(r, 11_000));
  for (const [locale, width, height] of [
    ['en', 1440, 900],
    ['fr', 1440, 900],
    ['en', 390, 844],
    ['fr', 390, 844],
  ] as const) {
    await alice.setViewportSize({ width, height });
    await alice.goto(`${base}/${locale}/sessions/${session}/game`);
    const dialog = alice.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 }).catch(() => undefined);
    if (await dialog.isVisible()) await alice.keyboard.press('Escape');
    await alice
      .getByRole('tab', { name: /^(Chat|Discussion)/ })
      .first()
      .click();
    await alice
      .getByRole('tablist', { name: /Chat channels|Canaux/ })
      .getByRole('tab')
      .nth(2)
      .click();
    await alice.waitForTimeout(500);
    await alice.screenshot({
      path: `${out}/chat-tab-${locale}-${width}.png`,
      fullPage: width < 500,
    });
  }
  await alice.setViewportSize({ width: 1440, height: 900 });
  await alice.goto(`${base}/en/sessions/${session}/game`);
  await alice.getByRole('button', { name: /^Support/ }).click();
  await alice.waitForTimeout(800);
  await alice.screenshot({ path: `${out}/support-modal-en.png` });
  await alice.goto(`${base}/fr/home`);
  await alice.waitForTimeout(1500);
  await alice.screenshot({ path: `${out}/home-fr.png` });
  await alice.getByRole('button', { name: /^Chat support/ }).click();
  await alice.waitForTimeout(800);
  await alice.screenshot({ path: `${out}/home-support-fr.png` });
  await browser.close();
};
void main();
