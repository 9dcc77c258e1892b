import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import { FakeAudioContext } from '../../../test/fake-audio-context';
import { renderApp, testTrainer } from '../../../test/render-app';

const header = () => screen.getByRole('banner');

describe('header account and sound', () => {
  it('shows who is logged in, with their avatar, and a menu that closes with Escape', async () => {
    renderApp('/home');
    const account = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Account menu of Alice',
    });
    expect(account.textContent).toContain('Alice');
    expect(account.querySelector('[data-avatar="sentinel"]')).toBeTruthy();
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('@alice')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(account);
  });

  it('logs out and lands on the login page', async () => {
    const { router, fetchMock, queryClient } = renderApp('/fr/home', {
      api: { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) },
    });
    const account = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Menu du compte de Alice',
    });
    fireEvent.click(account);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/login');
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(new Headers(logout![1]!.headers).get('X-XSRF-TOKEN')).toBe('test-csrf');
    expect(queryClient.getQueryData(['auth', 'player'])).toBeNull();
  });

  it('shows the trainer on trainer screens', async () => {
    renderApp('/trainer', { trainer: testTrainer });
    expect(
      await within(await screen.findByRole('banner')).findByRole('button', {
        name: 'Account menu of Trainer',
      }),
    ).toBeTruthy();
  });

  it('leaves the players’ navigation out of trainer screens, keeping language and logout', async () => {
    renderApp('/trainer', { trainer: testTrainer });
    const banner = await screen.findByRole('banner');
    await within(banner).findByRole('button', { name: 'Account menu of Trainer' });
    expect(within(banner).queryByRole('link', { name: 'Chapters' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Profile' })).toBeNull();
    // The brand's name comes with the app's information, read beside the menu's code.
    const brand = await within(banner).findByRole('link', { name: /Rampart Test/ });
    expect(brand.getAttribute('href')).toBe('/trainer');
    expect(within(banner).getByRole('navigation', { name: /language/i })).toBeTruthy();
  });

  it('turns the background sound on and off, remembering it in soundOn', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const toggle = within(header()).getByRole('button', { name: 'Background sound' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(readCookie('soundOn')).toBe('true');
    await waitFor(() => expect(FakeAudioContext.last.resume).toHaveBeenCalled());
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(readCookie('soundOn')).toBe('false');
  });
});
