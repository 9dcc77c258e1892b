import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { renderApp, testPlayer } from '../../test/render-app';

const identityFetches = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/user').length;

describe('guards in the router', () => {
  it('sends a visitor to log in, through /auth/login, and back afterwards', async () => {
    const { router } = renderApp('/sessions/s1/lobby?tab=teams', { player: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fsessions%2Fs1%2Flobby%3Ftab%3Dteams');
  });

  it('keeps the locale prefix on the way', async () => {
    const { router } = renderApp('/fr/home', { player: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.search).toBe('?redirect=%2Ffr%2Fhome');
  });

  it('sends a logged-in player away from the login pages', async () => {
    const { router } = renderApp('/fr/auth/login', { player: testPlayer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr');
  });

  it('sends a player without an avatar to choose one, keeping where they were going', async () => {
    const { router } = renderApp('/home', { player: { ...testPlayer, avatarId: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/avatar'));
    expect(router.state.location.search).toBe('?redirect=%2Fhome');
  });

  it('opens trainer screens to trainers only', async () => {
    const { router } = renderApp('/trainer', { player: testPlayer, trainer: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/trainer/login');
    expect(router.state.location.search).toBe('?redirect=%2Ftrainer');
  });

  it('never asks who the player is on the trainer console', async () => {
    const { router, fetchMock } = renderApp('/en/trainer/players', { player: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Players' })).toBeTruthy();
    await router.navigate('/en/trainer/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeTruthy();
    expect(identityFetches(fetchMock)).toBe(0);
  });

  it('asks who is there once, then again only when the CSRF cookie has gone', async () => {
    document.cookie = 'XSRF-TOKEN=present; Path=/';
    const { router, fetchMock } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await router.navigate('/profile');
    await router.navigate('/currentsSessions');
    expect(identityFetches(fetchMock)).toBe(1);
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
    await router.navigate('/home');
    expect(identityFetches(fetchMock)).toBe(2);
  });

  it('sends to the login page on a 401 from any call, keeping the page', async () => {
    const expired = () =>
      Response.json({ error: { code: 'auth.session_expired', message: 'idle' } }, { status: 401 });
    let sessionAlive = true;
    const { router } = renderApp('/fr/profile?tab=2', {
      api: {
        'GET /api/auth/user': () =>
          sessionAlive ? Response.json({ user: testPlayer }) : expired(),
        'GET /api/home': expired,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    sessionAlive = false;
    await apiClient.get('/api/home').catch(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.search).toBe(
      '?redirect=%2Ffr%2Fprofile%3Ftab%3D2&reason=session_expired',
    );
    expect(screen.getByRole('status').textContent).toBe(
      "Vous avez été déconnecté après 30 minutes d'inactivité.",
    );
  });
});
