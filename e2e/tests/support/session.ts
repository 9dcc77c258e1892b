import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Rampart#2025';

/** The anti-forgery token of the page's context, for its API writes' `x-xsrf-token` header. */
export const xsrfOf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find(
    (candidate) => candidate.name === 'XSRF-TOKEN',
  );
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
};

/**
 * Signs a demo player in through the API, as the web client does (CSRF cookie, then login),
 * sharing the cookies with the page; gives them an avatar unless told not to.
 */
export const signInThroughApi = async (
  page: Page,
  username: string,
  options: { avatar?: string | null; password?: string } = {},
) => {
  const request = page.context().request;
  await request.get('/api/csrf-cookie');
  const login = await request.post('/api/auth/login', {
    headers: { 'x-xsrf-token': await xsrfOf(page) },
    data: { username, password: options.password ?? DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`login of ${username} failed: ${login.status()}`);
  const avatar = options.avatar === undefined ? 'cipher' : options.avatar;
  if (avatar) {
    const chosen = await request.put('/api/profile/avatar', {
      headers: { 'x-xsrf-token': await xsrfOf(page) },
      data: { avatarId: avatar },
    });
    if (!chosen.ok()) throw new Error(`avatar of ${username} failed: ${chosen.status()}`);
  }
};

/** The password identity.spec gives alice and bob halfway through their first visit. */
export const CHANGED_PASSWORD = 'Fresh#Start42';

/**
 * Signs a demo player in whichever password they have now: the demo one, or the one
 * identity.spec gives alice and bob. Specs that use them run after that journey (the
 * `after-identity` project of playwright.config.ts), and trying both keeps them runnable alone.
 */
export const signInDemoPlayer = async (page: Page, username: string) => {
  for (const password of [DEMO_PASSWORD, CHANGED_PASSWORD]) {
    const signedIn = await signInThroughApi(page, username, { password }).then(
      () => true,
      () => false,
    );
    if (signedIn) return;
  }
  throw new Error(`${username} could not sign in with any known password`);
};
