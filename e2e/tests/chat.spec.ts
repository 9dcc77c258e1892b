import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer, type TrainerApi } from './support/trainer';

/**
 * Chat: alice and bob (one team) and carol (another team) talk on Team and General during a
 * game; carol never sees the Team message. Then alice writes to support from home, the trainer
 * answers from the trainers' inbox, and alice sees the unread answer counted.
 */

const apiPost = async (page: Page, path: string, options: Record<string, unknown>) => {
  const response = await page.context().request.post(path, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    ...options,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
};

const playerPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

const startSession = async (trainer: TrainerApi, alice: Page, bob: Page, carol: Page) => {
  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string }[];
  };
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: missions[0]!.uuid,
    name: 'Chat drill',
    maxTeams: 4,
    playersPerTeam: 2,
    durationMinutes: 60,
  });
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  const { team } = await apiPost(alice, `/api/sessions/${sessionUuid}/teams`, {
    multipart: { name: 'Red Foxes' },
  });
  await apiPost(bob, `/api/sessions/${sessionUuid}/teams/join`, { data: { token: team.token } });
  await apiPost(carol, `/api/sessions/${sessionUuid}/teams`, { multipart: { name: 'Blue Owls' } });
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);
  return sessionUuid;
};

/** The game open, its briefing closed, the Chat tab and then `channel` shown. */
const openChannel = async (page: Page, sessionUuid: string, channel: 'General' | 'Team') => {
  if (!page.url().includes('/game')) {
    await page.goto(`/en/sessions/${sessionUuid}/game`);
    const briefing = page.getByRole('dialog', { name: /^Briefing: / });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: 'Back to the game' }).click();
    await page.getByRole('tab', { name: /^Chat/ }).click();
  }
  await page
    .getByRole('tablist', { name: 'Chat channels' })
    .getByRole('tab', { name: new RegExp(`^${channel}`) })
    .click();
  return page.getByRole('region', { name: `Messages: ${channel}` });
};

const send = async (page: Page, channel: string, text: string) => {
  const input = page.getByRole('textbox', { name: `Message to ${channel}` });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
};

test('teammates and another team chat on Team and General; support answers reach alice', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const trainer = await signInTrainer(baseURL!);
  const [alice, bob, carol] = await Promise.all([
    playerPage(browser, 'alice'),
    playerPage(browser, 'bob'),
    playerPage(browser, 'carol'),
  ]);
  const sessionUuid = await startSession(trainer, alice, bob, carol);

  const secret = 'Team only: the password is on the sticky note';
  const aliceTeam = await openChannel(alice, sessionUuid, 'Team');
  const bobTeam = await openChannel(bob, sessionUuid, 'Team');
  const carolTeam = await openChannel(carol, sessionUuid, 'Team');
  await send(alice, 'Team', secret);
  await expect(aliceTeam.getByText(secret)).toBeVisible();
  await expect(bobTeam.getByText(secret)).toBeVisible();

  const hello = 'Hello everyone, good luck <b>all</b>';
  const carolGeneral = await openChannel(carol, sessionUuid, 'General');
  await send(carol, 'General', hello);
  await expect(carolGeneral.getByText(hello)).toBeVisible();
  // Bob is on Team: General counts it as unread, then shows it.
  await expect(
    bob.getByRole('tablist', { name: 'Chat channels' }).getByRole('tab', { name: /^General/ }),
  ).toContainText('1');
  const bobGeneral = await openChannel(bob, sessionUuid, 'General');
  await expect(bobGeneral.getByText(hello)).toBeVisible();
  await expect(bobGeneral.locator('b')).toHaveCount(0);
  await send(bob, 'General', 'Thanks carol, see https://example.org/rules');
  await expect(
    carolGeneral.getByRole('link', { name: 'https://example.org/rules' }),
  ).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // Carol's Team channel is her own team's: the other team's message is nowhere on her page.
  await openChannel(carol, sessionUuid, 'Team');
  await expect(carolTeam).toBeVisible();
  await expect(carol.getByText(secret)).toHaveCount(0);
  expect(await carol.content()).not.toContain('sticky note');

  // Support from home: alice asks, the trainer answers from the inbox, alice sees it counted.
  const aliceHome = await playerPage(browser, 'alice');
  await aliceHome.goto('/en/home');
  const entry = aliceHome.getByRole('button', { name: /^Support chat/ });
  await entry.click();
  const dialog = aliceHome.getByRole('dialog', { name: 'Support chat' });
  await send(aliceHome, 'the trainers', 'I am stuck on the first objective');
  await expect(dialog.getByText('I am stuck on the first objective')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  const trainerContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
  });
  await trainerContext.addCookies((await trainer.trainer.storageState()).cookies);
  const trainerPage = await trainerContext.newPage();
  await trainerPage.goto('/en/trainer');
  await trainerPage
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: 'I am stuck on the first objective' })
    .click();
  const reply = trainerPage.getByRole('textbox', { name: /^Message to / });
  await reply.fill('Read the access logs first');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');

  // Live on alice's own stream: a toast, and the answer counted on the entry until she reads it.
  await expect(aliceHome.getByText(/replied to your support request/)).toBeVisible();
  await expect(entry).toContainText('1 unread message');
  await entry.click();
  await expect(dialog.getByText('Read the access logs first', { exact: true })).toBeVisible();
  // Read once shown: the count is gone once the dialog closes.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(entry).not.toContainText('unread');
});
