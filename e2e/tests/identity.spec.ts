import { expect, test } from './support/checks';
import { DEMO_PASSWORD } from './support/session';

const journeys = [
  {
    locale: 'en',
    browserLocale: 'en-US',
    username: 'alice',
    text: {
      username: 'Username',
      password: 'Password',
      logIn: 'Log in',
      failed: 'Attempt failed.',
      avatarHeading: 'Choose your avatar',
      confirmAvatar: 'Confirm and continue',
      currentPassword: 'Current password',
      newPassword: 'New password',
      confirmation: 'Confirm the new password',
      changePassword: 'Change password',
      passwordChanged: 'Password changed.',
      accountMenu: /Account menu/,
      logOut: 'Log out',
      skip: 'Skip',
    },
  },
  {
    locale: 'fr',
    browserLocale: 'fr-FR',
    username: 'bob',
    text: {
      username: 'Identifiant',
      password: 'Mot de passe',
      logIn: 'Se connecter',
      failed: 'Tentative échouée.',
      avatarHeading: 'Choisissez votre avatar',
      confirmAvatar: 'Valider et continuer',
      currentPassword: 'Mot de passe actuel',
      newPassword: 'Nouveau mot de passe',
      confirmation: 'Confirmez le nouveau mot de passe',
      changePassword: 'Changer le mot de passe',
      passwordChanged: 'Mot de passe changé.',
      accountMenu: /Menu du compte/,
      logOut: 'Se déconnecter',
      skip: 'Passer',
    },
  },
] as const;

for (const journey of journeys) {
  const { locale, text } = journey;
  const at = (path: string) => `/${locale}${path}`;
  const escaped = (path: string) => encodeURIComponent(at(path));

  test.describe(`a player's first visit, in ${locale}`, () => {
    test.use({ locale: journey.browserLocale });

    test('logs in, picks an avatar, changes the password, logs out, and the guard keeps the target', async ({
      page,
      checks,
    }) => {
      test.slow(); // a whole first visit: several logins, each an argon2 verification
      // The wrong passwords tried on purpose: the API refuses them with a 401.
      checks.allow(/401.*\/api\/auth\/login\b/);
      const logIn = async (password: string) => {
        await page.getByLabel(text.username, { exact: true }).fill(journey.username);
        await page.getByLabel(text.password, { exact: true }).fill(password);
        await page.getByRole('button', { name: text.logIn }).click();
      };

      // A protected screen sends the visitor to the login page, keeping where they were going.
      await page.goto(at('/home'));
      await expect(page).toHaveURL(new RegExp(`${at('/login')}\\?redirect=${escaped('/home')}$`));
      await expect(page.getByLabel(text.username, { exact: true })).toBeFocused();

      await logIn('not the password');
      await expect(page.getByRole('alert')).toContainText(text.failed);

      // Home needs an avatar: onboarding first, then on to home.
      await logIn(DEMO_PASSWORD);
      await expect(page).toHaveURL(
        new RegExp(`${at('/onboarding/avatar')}\\?redirect=${escaped('/home')}`),
      );
      await expect(page.getByRole('heading', { level: 1, name: text.avatarHeading })).toBeVisible();
      await page.getByRole('radio', { name: /Sentinel|Sentinelle/ }).check();
      await page.getByRole('button', { name: text.confirmAvatar }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/home')}$`));

      // Change the password on the profile.
      await page.goto(at('/profile'));
      await page.getByLabel(text.currentPassword, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel(text.newPassword, { exact: true }).fill('Fresh#Start42');
      await page.getByLabel(text.confirmation, { exact: true }).fill('Fresh#Start42');
      await page.getByRole('button', { name: text.changePassword }).click();
      await expect(page.getByText(text.passwordChanged)).toBeVisible();

      // Log out from the account menu.
      await page.getByRole('button', { name: text.accountMenu }).click();
      await page
        .getByRole('menuitem', { name: text.logOut })
        .or(page.getByRole('button', { name: text.logOut }))
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${at('/login')}`));

      // The guard sends a logged-out visitor of the profile to log in, then back to the profile.
      await page.goto(at('/profile'));
      await expect(page).toHaveURL(
        new RegExp(`${at('/login')}\\?redirect=${escaped('/profile')}$`),
      );
      await logIn(DEMO_PASSWORD);
      await expect(page.getByRole('alert')).toContainText(text.failed);
      await logIn('Fresh#Start42');
      await expect(page).toHaveURL(new RegExp(`${at('/profile')}$`));

      // Without a target, the login goes through the transition to home.
      await page.getByRole('button', { name: text.accountMenu }).click();
      await page
        .getByRole('menuitem', { name: text.logOut })
        .or(page.getByRole('button', { name: text.logOut }))
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${at('/login')}`));
      await page.goto(at('/login'));
      await logIn('Fresh#Start42');
      await expect(page).toHaveURL(new RegExp(at('/videoTransitionConnexion')));
      await page.getByRole('button', { name: text.skip }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/home')}$`));
    });
  });
}

test('an authenticated player on the login page goes to the index', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByLabel('Username', { exact: true }).fill('erin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en/login');
  await expect(page).not.toHaveURL(/\/login/);
});

test('a trainer logs in on the trainer interface, and a trainer session opens no player screen', async ({
  page,
}) => {
  await page.goto('/en/trainer/login');
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/trainer$/);
  await page.goto('/en/home');
  await expect(page).toHaveURL(/\/en\/login\?redirect=/);
});
