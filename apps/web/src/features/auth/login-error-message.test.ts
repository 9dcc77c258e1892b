import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n/i18n';
import { loginErrorMessage } from './login-error-message';

const t = i18n.t.bind(i18n) as Parameters<typeof loginErrorMessage>[0];
const apiError = (
  code: ApiError['code'],
  status: number,
  retryAfterSeconds: number | null = null,
) => new ApiError({ status, code, message: 'server text', retryAfterSeconds });

describe('login error message', () => {
  it('translates the server error by its code, never showing its own text', () => {
    expect(loginErrorMessage(t, apiError('auth.invalid_credentials', 401))).toBe(
      'The username or password is incorrect.',
    );
  });

  it.each([
    [45, 'Too many attempts. Try again in 45 seconds.'],
    [60, 'Too many attempts. Try again in 1 minute.'],
    [61, 'Too many attempts. Try again in 2 minutes.'],
    [900, 'Too many attempts. Try again in 15 minutes.'],
  ])('tells how long to wait after %s seconds of Retry-After', (seconds, text) => {
    expect(loginErrorMessage(t, apiError('auth.too_many_attempts', 429, seconds))).toBe(text);
  });

  it('falls back to the code when Retry-After is missing', () => {
    expect(loginErrorMessage(t, apiError('auth.too_many_attempts', 429))).toBe(
      'Too many attempts. Please wait before trying again.',
    );
  });

  it('says something generic for an error that is not the API’s', () => {
    expect(loginErrorMessage(t, new Error('User is already authenticated'))).toBe(
      'An error has occurred',
    );
  });

  it('speaks French too', async () => {
    await i18n.changeLanguage('fr');
    expect(loginErrorMessage(t, apiError('auth.too_many_attempts', 429, 600))).toBe(
      'Trop de tentatives. Réessayez dans 10 minutes.',
    );
  });
});
