import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../cookies';
import { renderApp } from '../../../test/render-app';

describe('language switcher', () => {
  it('switches to the prefixed path, the language and the cookie', async () => {
    const { router } = renderApp('/home?tab=2');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const switcher = within(screen.getByRole('banner')).getByRole('navigation', {
      name: 'Language',
    });
    expect(
      within(switcher).getByRole('link', { name: 'English' }).getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.click(within(switcher).getByRole('link', { name: 'Français' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/home');
    expect(router.state.location.search).toBe('?tab=2');
    expect(readCookie('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('uses the locale cookie on unprefixed paths', async () => {
    document.cookie = 'locale=fr; Path=/';
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
  });

  it('offers only the locales the deployment allows', async () => {
    renderApp('/home', {
      appInfo: {
        'app-name': 'Rampart',
        mentions: null,
        'available-locales': ['fr'],
        'go-home-enabled': true,
      },
    });
    await screen.findByText('© 2025 Rampart. Tous droits réservés.');
    expect(screen.queryByRole('navigation', { name: 'Langue' })).toBeNull();
  });
});
