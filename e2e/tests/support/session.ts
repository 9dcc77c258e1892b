import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Rampart#2025';

const xsrfOf = async (page: Page) => {
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
