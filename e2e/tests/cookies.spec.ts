import { expect, test } from './support/checks';
import { DEMO_PASSWORD } from './support/session';

/**
 * The cookie policy names every cookie Rampart sets and no other: a visit that does everything
 * that sets one (a language picked on the login page, a player's and a trainer's sign-in, the
 * background sound, the player's activity) leaves exactly the cookies the policy lists as used.
 */
test('the cookie policy lists exactly the cookies a real visit leaves', async ({ page }) => {
  await page.goto('/login');
  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: 'English' })
    .click();
  await page.getByLabel('Username').fill('frank');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(home|onboarding\/avatar)/);
  // Other journeys may have given frank an avatar already, or not.
  if (page.url().includes('/onboarding/avatar')) {
    await page.getByRole('radio', { name: 'Sentinel' }).check();
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.waitForURL(/\/home$/);
  }
  const sound = page.getByRole('button', { name: 'Background sound' });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', /true|false/);
  await page.mouse.move(20, 20);

  await page.goto('/trainer/login');
  await page.getByLabel('Username').fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/trainer$/);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie policy' });
  await expect(dialog.getByRole('rowheader', { name: 'XSRF-TOKEN' })).toBeVisible();
  const used = dialog
    .getByRole('row')
    .filter({ hasNot: page.getByText('Not used in this deployment') });
  const listed = (await used.getByRole('rowheader').allTextContents()).map((name) => name.trim());
  const seen = (await page.context().cookies()).map((cookie) => cookie.name);
  expect([...new Set(seen)].sort()).toEqual([...listed].sort());
});
