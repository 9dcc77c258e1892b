import type { Page } from '@playwright/test';
import { expect, test } from './support/checks';
import { signInDemoPlayer } from './support/session';

const signInAlice = (page: Page) => signInDemoPlayer(page, 'alice');

interface ChapterSummary {
  chapter_uuid: string;
  title: string;
}

const texts = {
  en: { assigned: 'Assigned to you', missions: 'Missions', notFound: 'Page Not Found' },
  fr: { assigned: 'Vos chapitres assignés', missions: 'Missions', notFound: 'Page introuvable' },
} as const;

for (const locale of ['en', 'fr'] as const) {
  const text = texts[locale];

  test(`alice sees her assigned chapters on home and opens one, in ${locale}`, async ({ page }) => {
    await signInAlice(page);
    const api = page.context().request;
    // The demo content is the reference: the page must show what the API says, in this language.
    const home = (await (await api.get(`/api/home?locale=${locale}`)).json()) as {
      locale: string;
      assignedChapters: ChapterSummary[];
    };
    expect(home.locale).toBe(locale);
    expect(home.assignedChapters.length, 'demo chapters assigned to alice').toBeGreaterThan(0);

    await page.goto(`/${locale}/home`);
    const assigned = page.getByRole('region', { name: text.assigned });
    for (const chapter of home.assignedChapters) {
      await expect(assigned.getByRole('link', { name: chapter.title, exact: true })).toBeVisible();
    }

    const [first] = home.assignedChapters;
    const detail = (await (
      await api.get(`/api/chapters/${first!.chapter_uuid}?locale=${locale}`)
    ).json()) as {
      chapter: { title: string; missions: { title: string; position: number }[] };
    };
    await assigned.getByRole('link', { name: first!.title, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/chapters/${first!.chapter_uuid}$`));
    await expect(page.getByRole('heading', { level: 1, name: detail.chapter.title })).toBeVisible();
    const missionTitles = [...detail.chapter.missions]
      .sort((a, b) => a.position - b.position)
      .map((mission) => mission.title);
    expect(missionTitles.length).toBeGreaterThan(0);
    await expect(
      page.getByRole('region', { name: text.missions }).getByRole('heading', { level: 3 }),
    ).toHaveText(missionTitles);
  });
}

test('a chapter alice may not open is the not-found page', async ({ page, checks }) => {
  // The API's 404 is the answer; the page shows it, and nothing else is logged.
  checks.allow(/404.*\/api\/chapters\//);
  await signInAlice(page);
  await page.goto(`/fr/chapters/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: texts.fr.notFound })).toBeVisible();
});
