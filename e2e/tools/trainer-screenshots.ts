// Screenshots of the trainer console for a look (not a test):
// BASE_URL=http://127.0.0.1:<port> node_modules/.bin/tsx e2e/tools/trainer-screenshots.ts
import { chromium, type Page } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3332';
const out = process.env.OUT_DIR ?? '/tmp/trainer-shots';

const xsrfOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

/** A player with a team in the session, through the API. */
const joinAs = async (page: Page, username: string, session: string, team: string) => {
  await page.request.get(`${base}/api/csrf-cookie`);
  await page.request.post(`${base}/api/auth/login`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    data: { username, password: 'Rampart#2025' },
  });
  await page.request.post(`${base}/api/sessions/${session}/teams`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    multipart: { name: team },
  });
};

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
  const post = async (path: string, data?: unknown) =>
    trainer.request.post(`${base}${path}`, {
      headers: { 'x-xsrf-token': await xsrfOf(trainer) },
      ...(data === undefined ? {} : { data }),
    });
  const { missions } = await (await trainer.request.get(`${base}/api/trainer/missions`)).json();
  const create = async (name: string) =>
    (
      await (
        await post('/api/trainer/sessions', {
          missionUuid: missions[0].uuid,
          name,
          maxTeams: 6,
          playersPerTeam: 3,
          durationMinutes: 60,
        })
      ).json()
    ).session.uuid as string;
  const live = await create('Thursday red team drill');
  await create('Open lobby for onboarding');
  const paused = await create('Paused workshop');
  const players: Record<string, Page> = {};
  for (const [username, team] of [
    ['alice', 'Red Foxes'],
    ['bob', 'Grey Wolves'],
    ['carol', 'Blue Owls'],
  ] as const) {
    const page = await browser.newPage();
    await joinAs(page, username, live, team);
    players[username] = page;
  }
  const dave = await browser.newPage();
  await joinAs(dave, 'dave', paused, 'Night Owls');
  await dave.close();
  await post(`/api/trainer/sessions/${live}/start`, { force: true });
  await post(`/api/trainer/sessions/${paused}/start`, { force: true });
  await new Promise((resolve) => setTimeout(resolve, 11_500));
  await post(`/api/trainer/sessions/${paused}/pause`);

  // Mid-game: wrong answers, solves, a pause, an adjustment and an elimination, for every panel.
  const { mission } = await (
    await trainer.request.get(`${base}/api/trainer/missions/${missions[0].uuid}`)
  ).json();
  const flags = (
    mission.objectives as { uuid: string; locked: boolean; flag?: { accepted: string[] } }[]
  ).filter((objective) => objective.flag && !objective.locked);
  const answer = async (username: string, objective: string, text: string) => {
    const page = players[username]!;
    await page.request.post(`${base}/api/sessions/${live}/objectives/${objective}/answers`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      data: { answer: text },
    });
  };
  await answer('alice', flags[0]!.uuid, 'FLAG{admin123}');
  await answer('alice', flags[0]!.uuid, 'password1');
  await answer('bob', flags[0]!.uuid, flags[0]!.flag!.accepted[0]!);
  await answer(
    'carol',
    flags[0]!.uuid,
    'a much longer wrong answer that a player pasted from a log',
  );
  if (flags[1]) {
    await answer('alice', flags[1].uuid, flags[1].flag!.accepted[0]!);
    await answer('carol', flags[1].uuid, 'nope');
  }
  await post(`/api/trainer/sessions/${live}/pause`);
  await post(`/api/trainer/sessions/${live}/resume`);
  // Unread support messages, for the inbox's and the navigation's counts.
  for (const [username, text] of [
    ['alice', 'The VPN of our lab drops every few minutes.'],
    ['alice', 'Now it does not connect at all.'],
    ['bob', 'Is the second flag case-sensitive?'],
  ] as const) {
    const page = players[username]!;
    await page.request.post(`${base}/api/support/messages`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      data: { text },
    });
  }
  // A team's question during the session: its support thread, answered from the cockpit.
  {
    const page = players.bob!;
    const { threads } = (await (
      await page.request.get(`${base}/api/session/${live}/chat/threads`)
    ).json()) as { threads: { uuid: string; channel: string }[] };
    await page.request.post(`${base}/api/session/${live}/chat/messages`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      data: {
        threadId: threads.find((thread) => thread.channel === 'support')!.uuid,
        text: 'Our second flag is refused although it matches the hint.',
      },
    });
  }
  const { teams } = (await (
    await trainer.request.get(`${base}/api/trainer/sessions/${live}/cockpit`)
  ).json()) as {
    teams: { uuid: string; name: string }[];
  };
  const team = (name: string) => teams.find((candidate) => candidate.name === name)!.uuid;
  await post(`/api/trainer/sessions/${live}/teams/${team('Red Foxes')}/adjustments`, {
    points: 25,
    reason: 'Helped the other teams with the VPN',
  });
  await post(`/api/trainer/sessions/${live}/teams/${team('Blue Owls')}/eliminate`, {
    reason: 'Attacked the scoring server',
  });

  for (const viewport of [
    { width: 1440, height: 900, name: 'desktop' },
    { width: 390, height: 844, name: 'phone' },
  ]) {
    await trainer.setViewportSize(viewport);
    for (const locale of ['en', 'fr']) {
      const shot = async (name: string) =>
        trainer.screenshot({
          path: `${out}/${name}-${locale}-${viewport.name}.png`,
          fullPage: true,
        });
      await trainer.goto(`${base}/${locale}/trainer`);
      await trainer
        .getByTestId('join-link')
        .or(trainer.locator('[data-group]').first())
        .first()
        .waitFor();
      await shot('dashboard');
      await trainer.goto(`${base}/${locale}/trainer/sessions/new`);
      await trainer.locator('select').first().waitFor();
      await trainer.locator('form button[type="submit"]').click();
      await shot('wizard');
      await trainer.goto(`${base}/${locale}/trainer/sessions/${live}`);
      await trainer.getByTestId('cockpit-team').first().waitFor();
      await trainer.getByTestId('feed-row').first().waitFor();
      await trainer.getByTestId('audit-entry').first().waitFor();
      await trainer.waitForTimeout(800);
      await shot('cockpit');
      await trainer.getByTestId('cockpit-grid').screenshot({
        path: `${out}/cockpit-grid-${locale}-${viewport.name}.png`,
      });
    }
  }
  await browser.close();
};

await main();
