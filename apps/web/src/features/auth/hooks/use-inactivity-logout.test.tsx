import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import { renderApp, testPlayer } from '../../../test/render-app';

describe('logging out an idle player', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs out after 30 minutes without input and says why on the login page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let loggedIn = true;
    const { router, fetchMock } = renderApp('/en/profile', {
      api: {
        'GET /api/auth/user': () =>
          loggedIn
            ? Response.json({ user: testPlayer })
            : Response.json(
                { error: { code: 'auth.unauthenticated', message: '' } },
                { status: 401 },
              ),
        'POST /api/auth/logout': () => {
          loggedIn = false;
          return new Response(null, { status: 204 });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    // The monitor has started once it has noted the first activity.
    await waitFor(() => expect(readCookie('activity_timeout')).not.toBeNull());
    act(() => vi.advanceTimersByTime(29 * 60_000));
    expect(router.state.location.pathname).toBe('/en/profile');
    act(() => vi.advanceTimersByTime(60_000));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe('?reason=inactivity&redirect=%2Fen%2Fprofile');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'You were logged out after 30 minutes of inactivity.',
      ),
    );
  });
});
