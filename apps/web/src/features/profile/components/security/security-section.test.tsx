import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenModules } from '../../../../app/router/screen-modules';
import { renderApp } from '../../../../test/render-app';
import { buildProfileSession, profileApi, sentBodies } from '../../testing/profile-api';

const sessions = [
  buildProfileSession({
    id: 'token-1',
    kind: 'token',
    device: { name: 'CI runner', browser: null, os: null },
    ip: null,
    current: false,
    lastActivityAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  }),
  buildProfileSession(),
  buildProfileSession({
    id: 'session-other',
    device: { name: null, browser: 'Chrome', os: 'Windows' },
    ip: '198.51.100.4',
    current: false,
    lastActivityAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  }),
];

const renderSecurity = (overrides: Parameters<typeof profileApi>[1] = {}) => {
  const view = renderApp('/profile', { api: profileApi({ sessions }, overrides) });
  return { ...view, section: () => screen.findByRole('region', { name: 'Security' }) };
};

describe('active sessions', () => {
  it('lists this device first, then the others with device, address and last activity', async () => {
    const { section } = renderSecurity();
    const region = await section();
    const items = within(
      await within(region).findByRole('list', { name: 'Active sessions' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Firefox on LinuxThis device',
      'Chrome on Windows',
      'CI runner',
    ]);
    expect(items[0]!.textContent).toContain('IP 203.0.113.7');
    expect(items[0]!.textContent).toContain('Active 5 minutes ago');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Active 2 hours ago');
    expect(items[2]!.textContent).toContain('API token');
    expect(items[2]!.textContent).toContain('IP unknown');
    expect(items[2]!.textContent).toContain('Active 3 days ago');
  });

  it('ends one other session', async () => {
    const { section, fetchMock } = renderSecurity({
      'DELETE /api/profile/sessions/session-other': () => new Response(null, { status: 204 }),
    });
    const region = await section();
    fireEvent.click(
      await within(region).findByRole('button', { name: 'End the session on Chrome on Windows' }),
    );
    expect(await screen.findByText('The session on Chrome on Windows has ended.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url) === '/api/profile/sessions/session-other' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('logs out the other sessions', async () => {
    const { section, fetchMock } = renderSecurity();
    const region = await section();
    await within(region).findByRole('list', { name: 'Active sessions' });
    fireEvent.click(within(region).getByRole('button', { name: 'Log out the other sessions' }));
    expect(await screen.findByText('Your other sessions have been logged out.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/profile/sessions/logout-others')).toHaveLength(1);
  });

  it('logs out everywhere after a confirmation, forgets the player and goes to the login page', async () => {
    // The login screen's code already loaded, as in a browser that has it: the profile screen is
    // still mounted when the profile leaves the cache, and must not ask for it again.
    await screenModules.login();
    const { section, fetchMock, queryClient, router } = renderSecurity();
    const region = await section();
    fireEvent.click(within(region).getByRole('button', { name: 'Log out everywhere' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    expect(sentBodies(fetchMock, 'POST', '/api/profile/sessions/logout-all')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sentBodies(fetchMock, 'POST', '/api/profile/sessions/logout-all')).toHaveLength(1);
    expect(queryClient.getQueryData(['auth', 'player'])).toBeNull();
    expect(await screen.findByText('You have been logged out everywhere.')).toBeTruthy();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(queryClient.getQueryData(['profile', 'sessions'])).toBeUndefined();
    expect(sentBodies(fetchMock, 'GET', '/api/profile')).toHaveLength(1);
  });

  it('can be cancelled', async () => {
    const { section, fetchMock } = renderSecurity();
    const region = await section();
    fireEvent.click(within(region).getByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST', '/api/profile/sessions/logout-all')).toEqual([]);
  });

  it('shows the most recent sessions first and the others on demand', async () => {
    const many = Array.from({ length: 7 }, (_, index) =>
      buildProfileSession({
        id: `session-${index}`,
        device: { name: `Device ${index}`, browser: null, os: null },
        current: index === 0,
        lastActivityAt: new Date(Date.now() - index * 60_000).toISOString(),
      }),
    );
    renderApp('/profile', { api: profileApi({ sessions: many }) });
    const region = await screen.findByRole('region', { name: 'Security' });
    const list = await within(region).findByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const more = within(region).getByRole('button', { name: 'Show all sessions (7)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(more.textContent).toBe('Show fewer sessions');
  });
});
