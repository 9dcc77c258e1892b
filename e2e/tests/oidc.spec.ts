import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type PageChecks } from './support/checks';
import {
  RAMPART_CLIENT,
  startTestProvider,
  type TestProvider,
} from '../../apps/server/test/oidc-provider';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const journeys = [
  {
    locale: 'en',
    browserLocale: 'en-US',
    text: {
      signInWith: 'Sign in with Test organisation',
      welcome: 'Welcome',
      accountMenu: /Account menu/,
      logOut: 'Log out',
      failed: 'Attempt failed.',
      noAccess: "Your organisation's account gives no access here.",
      actionsFor: 'Actions for',
      organisationAccount: 'Organisation account',
      subjectField: 'Subject at Test organisation',
      link: 'Link',
      notLinked: /Not linked/,
    },
    /** A local demo player the trainer links to a person of the provider. */
    localPlayer: 'carol',
  },
  {
    locale: 'fr',
    browserLocale: 'fr-FR',
    text: {
      signInWith: 'Se connecter avec Test organisation',
      welcome: 'Bienvenue',
      accountMenu: /Menu du compte/,
      logOut: 'Se déconnecter',
      failed: 'Tentative échouée.',
      noAccess: 'Le compte de votre organisation ne donne pas accès ici.',
      actionsFor: 'Actions pour',
      organisationAccount: 'Compte de l’organisation',
      subjectField: 'Sujet chez Test organisation',
      link: 'Lier',
      notLinked: /Non lié/,
    },
    localPlayer: 'dave',
  },
] as const;

/**
 * A player signs in with the organisation's account: the login page's button, the provider's
 * own login page, back to Rampart signed in; out of both on logging out; in again to the same
 * account. A Rampart server of its own, configured for a real OpenID provider started here.
 */
test.describe('sign-in through the identity provider', () => {
  test.describe.configure({ mode: 'serial' });
  let provider: TestProvider;
  let server: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({
      redirectUris: [`${baseURL}/api/auth/oidc/callback`],
      postLogoutRedirectUris: [`${baseURL}/login`, `${baseURL}/trainer/login`],
      users: journeys.flatMap((journey) => [
        {
          subject: `subject-${journey.locale}`,
          login: `student.${journey.locale}`,
          password: `Provider#${journey.locale}`,
          claims: { locale: journey.locale, roles: ['student'] },
        },
        {
          subject: `teacher-${journey.locale}`,
          login: `teacher.${journey.locale}`,
          password: `Teacher#${journey.locale}`,
          claims: { locale: journey.locale, roles: ['staff', 'teacher'] },
        },
        {
          subject: `linked-${journey.locale}`,
          login: `linked.${journey.locale}`,
          password: `Linked#${journey.locale}`,
          claims: { locale: journey.locale, roles: ['student'] },
        },
      ]),
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'rampart-oidc-e2e-'));
    server = spawn('node', ['apps/server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DIR: dataDir,
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: RAMPART_CLIENT.id,
        OIDC_CLIENT_SECRET: RAMPART_CLIENT.secret,
        OIDC_TRAINER_CLAIM: 'roles',
        OIDC_TRAINER_VALUES: 'teacher',
        OIDC_LABEL: 'Test organisation',
      },
    });
    await expect
      .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The provider's own pages (its favicon, its web font, out of reach here) are not Rampart's:
   * only what happens on Rampart's pages is held to the journeys' checks.
   */
  const allowProviderPages = (checks: PageChecks) =>
    checks.allow(
      new RegExp(provider.issuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      /fonts\.googleapis\.com/,
    );

  for (const journey of journeys) {
    const { locale, text } = journey;

    test(`a player signs in at the provider's login page and out of both, in ${locale}`, async ({
      browser,
      checks,
    }) => {
      test.slow();
      allowProviderPages(checks);
      const context = await browser.newContext({ locale: journey.browserLocale, baseURL });
      const page = await context.newPage();
      const signedInUuid = async () =>
        ((await (await page.request.get('/api/auth/user')).json()) as { user: { uuid: string } })
          .user.uuid;
      const signInAtProvider = async () => {
        await page.getByRole('link', { name: text.signInWith }).click();
        await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
        await page.getByLabel('Login').fill(`student.${locale}`);
        await page.getByLabel('Password').fill(`Provider#${locale}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
      };

      await page.goto(`/${locale}/login`);
      await checks.axe(page, 'sign-in with the provider');
      await signInAtProvider();
      // Back at Rampart, signed in as a new player named after the provider's username, in
      // the language of the provider's locale claim.
      const accountMenu = page.getByRole('button', { name: text.accountMenu });
      await expect(accountMenu).toContainText(`student.${locale}`);
      await expect(page.getByRole('heading', { level: 1, name: text.welcome })).toBeVisible();
      const first = await signedInUuid();

      // Logging out ends the provider's session too, which sends the browser back to log in.
      await accountMenu.click();
      await page
        .getByRole('menuitem', { name: text.logOut })
        .or(page.getByRole('button', { name: text.logOut }))
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
      await page.getByRole('button', { name: /Yes, sign me out/ }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/(${locale}/)?login`));

      // Signing in again asks for the password at the provider (its session ended) and opens
      // the same account, not a second one with a suffixed name.
      await page.goto(`/${locale}/login`);
      await signInAtProvider();
      await expect(accountMenu).toContainText(`student.${locale}`);
      expect(await signedInUuid()).toBe(first);

      // The trainer interface refuses a student, and says why in the page's language.
      await page.goto(`/${locale}/trainer/login`);
      await page.getByRole('link', { name: text.signInWith }).click();
      await expect(page.getByRole('alert')).toContainText(text.failed);
      await expect(page.getByRole('alert')).toContainText(text.noAccess);
      await context.close();
    });

    test(`a trainer by the role claim signs in to the trainer interface, in ${locale}`, async ({
      browser,
      checks,
    }) => {
      allowProviderPages(checks);
      const context = await browser.newContext({ locale: journey.browserLocale, baseURL });
      const page = await context.newPage();
      await page.goto(`/${locale}/trainer/login`);
      await checks.axe(page, 'sign-in with the provider');
      await page.getByRole('link', { name: text.signInWith }).click();
      await page.getByLabel('Login').fill(`teacher.${locale}`);
      await page.getByLabel('Password').fill(`Teacher#${locale}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/trainer$/);
      const user = await page.request.get('/api/trainer/auth/user');
      expect(((await user.json()) as { user: { role: string } }).user.role).toBe('trainer');
      await context.close();
    });

    test(`a trainer links a local player, whose provider sign-in then opens it, in ${locale}`, async ({
      browser,
      checks,
    }) => {
      test.slow();
      allowProviderPages(checks);
      const context = await browser.newContext({ locale: journey.browserLocale, baseURL });
      const trainer = await context.newPage();
      await trainer.goto(`/${locale}/trainer/login`);
      await trainer.locator('input[name="username"]').fill('trainer');
      await trainer.locator('input[name="password"]').fill('Rampart#2025');
      await trainer.locator('button[type="submit"]').click();
      await expect(trainer).toHaveURL(/\/trainer$/);
      await trainer.goto(`/${locale}/trainer/players`);
      const row = trainer.getByRole('group', {
        name: `${text.actionsFor} ${journey.localPlayer}`,
      });
      await row.getByRole('button', { name: text.organisationAccount }).click();
      const dialog = trainer.getByRole('dialog');
      await expect(dialog.getByText(text.notLinked)).toBeVisible();
      await checks.axe(trainer, 'organisation account dialog');
      await dialog.getByLabel(text.subjectField).fill(`linked-${locale}`);
      await dialog.getByRole('button', { name: text.link, exact: true }).click();
      await expect(dialog.getByText(`linked-${locale}`, { exact: true })).toBeVisible();
      await expect(dialog.getByText(provider.issuer, { exact: true })).toBeVisible();
      await checks.axe(trainer, 'organisation account dialog, linked');

      // The person signs in through the provider, in a browser of their own: the local account
      // opens, not a new one named after the provider's username.
      const playerContext = await browser.newContext({ locale: journey.browserLocale, baseURL });
      const player = await playerContext.newPage();
      await player.goto(`/${locale}/login`);
      await player.getByRole('link', { name: text.signInWith }).click();
      await player.getByLabel('Login').fill(`linked.${locale}`);
      await player.getByLabel('Password').fill(`Linked#${locale}`);
      await player.getByRole('button', { name: 'Sign in' }).click();
      await expect(player).toHaveURL(new RegExp(`^${baseURL}/`));
      await expect
        .poll(async () => {
          const answer = await player.request.get('/api/auth/user');
          return answer.ok()
            ? ((await answer.json()) as { user: { username: string } }).user.username
            : null;
        })
        .toBe(journey.localPlayer);
      await playerContext.close();
      await context.close();
    });
  }
});
