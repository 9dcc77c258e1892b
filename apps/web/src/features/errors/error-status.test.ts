import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { errorStatusOf } from './error-status';

describe('errorStatusOf', () => {
  it('uses the status of a thrown Response', () => {
    expect(errorStatusOf(new Response(null, { status: 403 }))).toBe(403);
  });

  it('uses the status of an API error', () => {
    expect(
      errorStatusOf(new ApiError({ status: 404, code: 'request.not_found', message: 'x' })),
    ).toBe(404);
  });

  it.each([
    ['an Error', new Error('boom')],
    ['a string', 'boom'],
    [
      'a network failure (status 0)',
      new ApiError({ status: 0, code: 'client.network', message: 'x' }),
    ],
    ['a non-error status', new Response(null, { status: 200 })],
  ])('defaults to 500 for %s', (_name, error) => {
    expect(errorStatusOf(error)).toBe(500);
  });
});
