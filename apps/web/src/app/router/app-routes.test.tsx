import { screen, waitFor, within } from '@testing-library/react';
import { webRoutes } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en';
import { briefingAlreadySeen } from '../../features/game/testing/game-api';
import { buildPlayerSession, sessionApi } from '../../features/sessions/testing/session-api';
import { renderApp, testAppInfo, testPlayer } from '../../test/render-app';

const layoutOf = (element: HTMLElement) =>
  element.closest('[data-layout]')?.getAttribute('data-layout');

describe('app routes', () => {
  it('renders the 404 page in the error layout for an unknown path', async () => {
    renderApp('/no/such/page');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    expect(layoutOf(heading)).toBe('error');
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('Error 404')).toBeTruthy(); // what a screen reader hears
    await waitFor(() => expect(document.title).toBe('Page Not Found · Rampart Test'));
  });

  it('renders a known screen inside its layout, with header, main and footer', async () => {
    renderApp('/home');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(layoutOf(heading)).toBe('default');
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await within(screen.getByRole('contentinfo')).findByText(
        '© 2025 Rampart Test. All rights reserved.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    );
    await waitFor(() => expect(document.title).toBe('Home · Rampart Test'));
  });

  // A chapter's heading is its own title, and a session screen's the session's name, from the
  // API: features/chapters and features/sessions test those screens.
  it.each(
    webRoutes
      .filter(
        (route) =>
          route.id !== 'chapter' &&
          route.id !== 'display' &&
          !route.path.startsWith('/sessions/:uuid/'),
      )
      .map((route) => [route.path, route] as const),
  )('renders %s inside its layout with its title', async (path, route) => {
    renderApp(path.replace(/:[^/]+/g, 'c0ffee'));
    // /auth/login forwards to /login, which shares its title and layout.
    const title = en.screens[route.id].title;
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(layoutOf(heading)).toBe(route.layout);
  });

  it('frames the game screens in the immersive rework layout', async () => {
    const session = buildPlayerSession({
      status: 'running',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 600_000).toISOString(),
    });
    // Seen before: the briefing does not open over the screen by itself.
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    renderApp(`/sessions/${session.uuid}/game`, { api: sessionApi(() => session) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Game' });
    expect(layoutOf(heading)).toBe('rework');
    expect(
      within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Language' }),
    ).toBeTruthy();
  });

  it.each([
    ['/fr/home', 'Accueil', 'fr'],
    ['/en/home', 'Home', 'en'],
    ['/fr', 'Bienvenue', 'fr'],
    ['/fr/profile/sessions/abc', 'Détail de la session', 'fr'],
  ])('serves %s behind its locale prefix', async (path, title, lang) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.documentElement.lang).toBe(lang);
  });

  it('keeps the locale prefix in navigation links', async () => {
    renderApp('/fr/profile');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Accueil' }).getAttribute('href')).toBe(
      '/fr/home',
    );
    expect(within(nav).getByRole('link', { name: 'Profil' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('renders 404 in French behind the fr prefix', async () => {
    renderApp('/fr/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });

  it('sends /auth/login to /login, keeping the query', async () => {
    const { router } = renderApp('/auth/login?redirect=%2Fhome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fhome');
  });

  it('uses the app info: name, mentions, go-home button', async () => {
    renderApp('/missing', {
      appInfo: {
        ...testAppInfo,
        'app-name': 'CyberRange',
        mentions: 'Hosted by ACME',
        'go-home-enabled': false,
      },
    });
    await screen.findByText('© 2025 CyberRange. All rights reserved.');
    expect(screen.getByText('Hosted by ACME')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to home' })).toBeNull();
  });

  it('shows the go-home button when app info allows it', async () => {
    renderApp('/en/missing');
    await screen.findByText('© 2025 Rampart Test. All rights reserved.');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en');
  });

  it('still renders, with defaults, when app info cannot be loaded', async () => {
    renderApp('/home', { appInfo: 'error' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('© 2025 Rampart. All rights reserved.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home · Rampart'));
  });
});
