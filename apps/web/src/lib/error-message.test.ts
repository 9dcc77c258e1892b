import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage } from './error-message';
import { i18n } from './i18n/i18n';

const apiError = (code: ApiError['code'], status = 400) =>
  new ApiError({ status, code, message: 'server text' });

describe('errorMessage', () => {
  const t = i18n.getFixedT('en');

  beforeAll(async () => {
    await i18n.loadLanguages('fr');
  });

  it('translates the code of an API error, never its server message', () => {
    expect(errorMessage(t, apiError('request.rate_limited', 429))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('translates client-side codes', () => {
    expect(errorMessage(t, apiError('client.network', 0))).toMatch(/cannot be reached/);
  });

  it('falls back to the generic sentence for anything that is not an API error', () => {
    expect(errorMessage(t, new Error('boom'))).toBe('An error has occurred');
  });

  it("falls back to the session sentence in the 'session' context", () => {
    expect(errorMessage(t, new TypeError('x'), 'session')).toBe(
      'An error occurred, please try again later',
    );
  });

  it('falls back when a code has no translation (a newer server)', () => {
    const unknown = new ApiError({
      status: 409,
      code: 'future.unknown_code' as ApiError['code'],
      message: 'x',
    });
    expect(errorMessage(t, unknown)).toBe('An error has occurred');
    expect(errorMessage(t, unknown, 'session')).toBe('An error occurred, please try again later');
  });

  it('speaks French with a French t', () => {
    expect(errorMessage(i18n.getFixedT('fr'), new Error('x'))).toBe('Une erreur est survenue');
  });
});
