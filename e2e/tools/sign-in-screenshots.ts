// Screenshots of the login pages with "Sign in with <label>" and a refused sign-in, for a look
// (not a test). The server needs an identity provider configured, not reachable:
//   OIDC_ISSUER=http://127.0.0.1:9 OIDC_CLIENT_ID=x OIDC_CLIENT_SECRET=x OIDC_TRAINER_CLAIM=roles \
//   OIDC_TRAINER_VALUES=teacher OIDC_LABEL="Lycée Jean Moulin" PORT=3333 node apps/server/dist/main.js
//   node_modules/.bin/tsx e2e/tools/sign-in-screenshots.ts
import { base, launchChromium, locales, sizes } from './screenshot-kit';

const out = process.env.OUT_DIR ?? '/tmp/sign-in-shots';

const screens = [
  { name: 'login', path: '/login' },
  { name: 'trainer-login', path: '/trainer/login' },
  { name: 'login-refused', path: '/login?signInError=auth.oidc_state_mismatch' },
  { name: 'trainer-refused', path: '/trainer/login?signInError=auth.oidc_no_account' },
];

const main = async () => {
  const browser = await launchChromium();
  for (const size of sizes) {
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    for (const locale of locales) {
      for (const screen of screens) {
        await page.goto(`${base}/${locale}${screen.path}`);
        await page.getByRole('link', { name: /Sign in with|Se connecter avec/ }).waitFor();
        await page.screenshot({
          path: `${out}/${screen.name}-${locale}-${size.name}.png`,
          fullPage: true,
        });
      }
    }
    await context.close();
  }
  await browser.close();
};

await main();
