import { expect, request as apiRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './session';

export interface TrainerApi {
  trainer: APIRequestContext;
  xsrf: () => Promise<string>;
  /** A cookie-authenticated write, with the anti-forgery header. */
  post: (path: string, data?: unknown) => ReturnType<APIRequestContext['post']>;
}

/** The demo trainer, signed in through the API in a context of its own (not a player's page). */
export const signInTrainer = async (baseURL: string): Promise<TrainerApi> => {
  const trainer = await apiRequest.newContext({ baseURL });
  const xsrf = async () => {
    const cookie = (await trainer.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie');
    return decodeURIComponent(cookie.value);
  };
  await trainer.get('/api/csrf-cookie');
  const login = await trainer.post('/api/trainer/auth/login', {
    headers: { 'x-xsrf-token': await xsrf() },
    data: { username: 'trainer', password: DEMO_PASSWORD },
  });
  expect(login.ok(), `trainer login: ${login.status()}`).toBe(true);
  const post = async (path: string, data?: unknown) =>
    trainer.post(path, {
      headers: { 'x-xsrf-token': await xsrf() },
      ...(data === undefined ? {} : { data }),
    });
  return { trainer, xsrf, post };
};
