import type { TokenStorage } from './auth-config';

/** Keeps the token for the life of the page (tests, API clients that log in on every start). */
export const createMemoryTokenStorage = (initial: string | null = null): TokenStorage => {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
  };
};

/**
 * Keeps the token across reloads in `localStorage`. Any script of the page can read it, which is
 * why the app itself runs in cookie mode (HttpOnly session); token mode is for API clients.
 */
export const createLocalStorageTokenStorage = (
  key: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage,
): TokenStorage => ({
  get: () => storage.getItem(key),
  set: (value) => (value === null ? storage.removeItem(key) : storage.setItem(key, value)),
});
