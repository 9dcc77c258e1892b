import type { Browser, Page, Request } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer, xsrfOf } from './support/session';
import { signInTrainer } from './support/trainer';

/**
 * What one solve costs in requests, with four browsers on the game screen of one session (four
 * teams): the solver's answer, and nothing more from anyone. The observers take the solve and
 * the new ranking from the session's stream; the solver takes its own state from its answer's
 * response. With N browsers open, a solve costs O(1) requests, not O(N).
 */

interface TrainerObjective {
  uuid: string;
  title: { en: string };
  type: string;
  locked: boolean;
  prerequisites?: string[];
  flag?: { accepted: string[] };
}

const PLAYERS = [
  ['carol', 'Solvers'],
  ['dave', 'Watchers'],
  ['frank', 'Lookouts'],
  ['erin', 'Bystanders'],
] as const;

const playerPage = async (browser: Browser, username: string) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await signInDemoPlayer(page, username);
  return page;
};

/** The API requests a page makes from now on, but its event stream (open the whole time). */
const countRequests = (page: Page) => {
  const seen: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/events'))
      seen.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', listener);
  return seen;
};

test('one solve costs the answer alone, whatever the number of browsers open', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const trainer = await signInTrainer(baseURL!);
  const pages = await Promise.all(PLAYERS.map(([username]) => playerPage(browser, username)));

  const { missions } = (await (await trainer.trainer.get('/api/trainer/missions')).json()) as {
    missions: { uuid: string }[];
  };
  const { mission } = (await (
    await trainer.trainer.get(`/api/trainer/missions/${missions[0]!.uuid}`)
  ).json()) as { mission: { uuid: string; objectives: TrainerObjective[] } };
  // An open flag whose solve opens no other objective (that one's text would be read again).
  const flag = mission.objectives.find(
    (objective) =>
      objective.type === 'flag' &&
      !objective.locked &&
      objective.flag &&
      !mission.objectives.some((other) => other.prerequisites?.includes(objective.uuid)),
  )!;
  const created = await trainer.post('/api/trainer/sessions', {
    missionUuid: mission.uuid,
    name: 'Requests per solve',
    maxTeams: PLAYERS.length,
    playersPerTeam: 1,
    durationMinutes: 60,
  });
  const sessionUuid = ((await created.json()) as { session: { uuid: string } }).session.uuid;
  for (const [index, [, team]] of PLAYERS.entries()) {
    const page = pages[index]!;
    const joined = await page.context().request.post(`/api/sessions/${sessionUuid}/teams`, {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      multipart: { name: team },
    });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  expect(
    (await trainer.post(`/api/trainer/sessions/${sessionUuid}/start`, { force: true })).ok(),
  ).toBe(true);

  for (const page of pages) {
    await page.goto(`/en/sessions/${sessionUuid}/game`);
    const briefing = page.getByRole('dialog', { name: /^Briefing: / });
    await expect(briefing).toBeVisible({ timeout: 20_000 });
    await briefing.getByRole('button', { name: 'Back to the game' }).click();
    // Quarter at this width: the ranking is on screen from the start.
    await expect(
      page.getByRole('table', { name: 'Ranking of the teams' }).getByRole('row'),
    ).toHaveCount(PLAYERS.length + 1);
  }
  const solver = pages[0];
  await solver!.getByRole('button').filter({ hasText: flag.title.en }).click();
  await solver!.getByRole('textbox', { name: 'Your answer' }).fill(flag.flag!.accepted[0]!);
  // Every screen settled (their event streams stay open, so the network is never idle): what
  // each asks from here on is the solve's doing.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const counts = pages.map(countRequests);

  await solver!.getByRole('button', { name: 'Submit' }).click();
  await expect(solver!.getByRole('status').filter({ hasText: /Correct!/ })).toBeVisible();
  // Each screen shows the solve: the solver's team first in the ranking, with its objective.
  for (const page of pages)
    await expect(
      page.getByRole('table', { name: 'Ranking of the teams' }).getByRole('row').nth(1),
    ).toContainText('Solvers');
  // Time for any request the events would cause (a ranking is announced within 250 ms).
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const [solverRequests, ...observerRequests] = counts;
  console.log(
    `requests after one solve, per browser: ${counts.map((seen) => seen.length).join(', ')}`,
  );
  expect(solverRequests).toEqual([
    `POST /api/sessions/${sessionUuid}/objectives/${flag.uuid}/answers`,
  ]);
  for (const seen of observerRequests) expect(seen).toEqual([]);

  await trainer.post(`/api/trainer/sessions/${sessionUuid}/stop`);
  await trainer.trainer.dispose();
  await Promise.all(pages.map((page) => page.context().close()));
});
