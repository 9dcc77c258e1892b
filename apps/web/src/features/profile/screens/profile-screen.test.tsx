import type { AuthUser } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import { renderApp } from '../../../test/render-app';
import { apiError, profileApi, sentBodies } from '../testing/profile-api';

describe('profile screen', () => {
  it('shows who the player is and links to each section', async () => {
    renderApp('/profile', { api: profileApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    const info = screen.getByRole('region', { name: 'Information' });
    expect(await within(info).findByText('January 15, 2025')).toBeTruthy();
    expect(within(info).getByText('alice')).toBeTruthy();
    expect(within(info).getByRole('img', { name: 'Your avatar: Sentinel' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '#info',
      '#avatar',
      '#pseudo',
      '#language',
      '#password',
      '#teams',
      '#history',
      '#security',
    ]);
  });

  it('says there are no teams and no history yet', async () => {
    renderApp('/profile', { api: profileApi() });
    const teams = await screen.findByRole('region', { name: 'Teams' });
    expect(await within(teams).findByText('You are not in a team yet.')).toBeTruthy();
    expect(within(teams).getByRole('link', { name: 'Find a session' }).getAttribute('href')).toBe(
      '/home',
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('No games played yet.')).toBeTruthy();
  });

  it('says so when the profile does not match its contract', async () => {
    renderApp('/fr/profile', {
      api: profileApi(
        {},
        {
          'GET /api/profile/history': () => Response.json({ teams: [{ name: 'x' }], history: [] }),
        },
      ),
    });
    const history = await screen.findByRole('region', { name: 'Historique' });
    expect(await within(history).findByRole('alert')).toBeTruthy();
  });

  it('lists the teams and the history, each session opening its detail', async () => {
    const session = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70';
    renderApp('/fr/profile', {
      api: profileApi(
        {},
        {
          'GET /api/profile/history': () =>
            Response.json({
              teams: [
                {
                  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a71',
                  name: 'Les Faucons',
                  logoUrl: null,
                  session: { uuid: session, name: 'Opération Aube', status: 'finished' },
                },
              ],
              history: [
                {
                  sessionUuid: session,
                  name: 'Opération Aube',
                  status: 'finished',
                  mission: {
                    uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a72',
                    title: { en: 'Dawn', fr: 'Aube' },
                  },
                  team: { uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a71', name: 'Les Faucons' },
                  startedAt: '2025-05-02T15:00:00.000Z',
                  endedAt: '2025-05-02T16:00:00.000Z',
                  score: 1250,
                  rank: 1,
                  teams: 4,
                  result: 'success',
                  awards: [{ kind: 'winner', count: 1 }],
                },
              ],
            }),
        },
      ),
    });
    const teams = await screen.findByRole('region', { name: 'Équipes' });
    expect(await within(teams).findByText('Les Faucons')).toBeTruthy();
    expect(within(teams).getByText('Dans Opération Aube')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sessions jouées' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'Opération Aube' }).getAttribute('href')).toBe(
      `/fr/profile/sessions/${session}`,
    );
    const text = row!.textContent?.replace(/\s/g, ' ');
    expect(text).toContain('Aube');
    expect(text).toContain('1 250');
    expect(text).toContain('1er sur 4');
    expect(text).toContain('Réussite');
    expect(
      within(within(row!).getByRole('list', { name: 'Récompenses' })).getByTitle('Vainqueur'),
    ).toBeTruthy();
  });

  it('says when a section cannot be loaded and loads it again on demand', async () => {
    let failures = 1;
    renderApp('/profile', {
      api: profileApi(
        {},
        {
          'GET /api/profile/sessions': () =>
            failures-- > 0 ? apiError(500, 'server.internal') : Response.json({ sessions: [] }),
        },
      ),
    });
    const security = await screen.findByRole('region', { name: 'Security' });
    const alert = await within(security).findByRole('alert');
    expect(alert.textContent).toContain('This section could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(security).findByRole('list', { name: 'Active sessions' })).toBeTruthy();
  });

  it('changes the avatar with the same picker as the onboarding', async () => {
    const { fetchMock, queryClient } = renderApp('/profile', { api: profileApi() });
    const section = await screen.findByRole('region', { name: 'Avatar' });
    const group = await within(section).findByRole('radiogroup', { name: 'Avatar' });
    const current = within(group).getByRole('radio', { name: /^Sentinel/ });
    expect(current.getAttribute('aria-checked')).toBe('true');
    // Named by all the card shows: the name, the bonus, and that it is the current one.
    expect(within(group).getByRole('radio', { name: /^Sentinel.*speedruns.*Current$/ })).toBe(
      current,
    );
    const save = within(section).getByRole('button', { name: 'Save avatar' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.keyDown(current, { key: 'End' });
    fireEvent.click(save);

    expect(await screen.findByText('Your avatar is now Spark.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/avatar')).toEqual([{ avatarId: 'spark' }]);
    expect(queryClient.getQueryData<AuthUser>(['auth', 'player'])?.avatarId).toBe('spark');
  });

  it('saves the language on the account and switches the interface to it', async () => {
    const { fetchMock, router } = renderApp('/en/profile?tab=1', { api: profileApi() });
    const section = await screen.findByRole('region', { name: 'Language' });
    const group = within(section).getByRole('group', { name: 'Interface language' });
    expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);

    fireEvent.click(within(group).getByRole('radio', { name: 'Français' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save language' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/locale')).toEqual([{ locale: 'fr' }]);
    expect(router.state.location.pathname).toBe('/fr/profile');
    expect(router.state.location.search).toBe('?tab=1');
    expect(readCookie('locale')).toBe('fr');
    expect(await screen.findByText("L'interface est désormais en français.")).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
  });

  it('switches an unprefixed page through the locale cookie', async () => {
    const { router } = renderApp('/profile', { api: profileApi() });
    const section = await screen.findByRole('region', { name: 'Language' });
    fireEvent.click(within(section).getByRole('radio', { name: 'Français' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save language' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(readCookie('locale')).toBe('fr');
  });
});
