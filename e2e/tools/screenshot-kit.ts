// What the screenshot tool stands on: a headless Chromium, and the demo accounts signed in
// through the API (players) or the trainer's login page (the trainer).
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const base = process.env.BASE_URL ?? 'http://127.0.0.1:3333';
export const DEMO_PASSWORD = 'Rampart#2025';

export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

export const xsrfOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);

type PostOptions = Omit<NonNullable<Parameters<APIRequestContext['post']>[1]>, 'headers'>;

/** A write with the page's cookies and CSRF header: JSON `data`, or `multipart` form fields. */
export const post = async (page: Page, path: string, body?: PostOptions) =>
  page.request.post(`${base}${path}`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    ...body,
  });

const newPage = async (browser: Browser) =>
  (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();

/** A demo player in a browser of their own, signed in through the API, past the avatar choice. */
export const signedInPlayer = async (browser: Browser, username: string) => {
  const page = await newPage(browser);
  await page.request.get(`${base}/api/csrf-cookie`);
  await post(page, '/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  await page.request.put(`${base}/api/profile/avatar`, {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    data: { avatarId: 'cipher' },
  });
  return page;
};

/** The demo trainer, signed in through the trainer's login page. */
export const signedInTrainer = async (browser: Browser) => {
  const page = await newPage(browser);
  await page.goto(`${base}/en/trainer/login`);
  await page.getByLabel('Username', { exact: true }).fill('trainer');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/en\/trainer$/);
  return page;
};
