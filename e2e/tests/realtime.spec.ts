import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInThroughApi } from './support/session';
import { signInTrainer } from './support/trainer';

interface TrainerChapter {
  chapter_uuid: string;
  title: { en: string; fr: string };
  assignees: { id: string }[];
}

const assign = async (
  { trainer, xsrf }: { trainer: APIRequestContext; xsrf: () => Promise<string> },
  chapterUuid: string,
  playerIds: string[],
) => {
  const answer = await trainer.put(`/api/trainer/chapters/${chapterUuid}/assignments`, {
    headers: { 'x-xsrf-token': await xsrf() },
    data: { playerIds },
  });
  expect(answer.ok(), `assignment: ${answer.status()}`).toBe(true);
};

test('a player sees a chapter the trainer assigns them, without reloading the page', async ({
  page,
  baseURL,
}) => {
  await signInThroughApi(page, 'erin');
  const streamOpened = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/events') && response.status() === 200,
  );
  await page.goto('/en/home');
  await streamOpened;
  // Gone if the page reloads: what follows must reach this very page.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const session = await signInTrainer(baseURL!);
  const { players } = (await (await session.trainer.get('/api/trainer/players')).json()) as {
    players: { uuid: string; username: string }[];
  };
  const erin = players.find((player) => player.username === 'erin');
  expect(erin, 'demo player erin').toBeTruthy();
  const { chapters } = (await (await session.trainer.get('/api/trainer/chapters')).json()) as {
    chapters: TrainerChapter[];
  };
  const chapter = chapters[0];
  expect(chapter, 'a demo chapter').toBeTruthy();

  // Assign the chapter to erin, keeping whoever else has it; withdraw it first if she had it.
  const others = chapter!.assignees
    .map((assignee) => assignee.id)
    .filter((id) => id !== erin!.uuid);
  if (others.length !== chapter!.assignees.length)
    await assign(session, chapter!.chapter_uuid, others);
  await assign(session, chapter!.chapter_uuid, [...others, erin!.uuid]);

  // A toast, not a reload: the page that was open when the trainer acted shows it.
  const notification = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: `New chapter assigned: ${chapter!.title.en}` });
  await expect(notification).toBeVisible();
  // The home screen refetched its chapters on the same event.
  await expect(
    page
      .getByRole('region', { name: 'Assigned to you' })
      .getByRole('link', { name: chapter!.title.en, exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

  await notification.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/chapters/${chapter!.chapter_uuid}$`));

  await session.trainer.dispose();
});
