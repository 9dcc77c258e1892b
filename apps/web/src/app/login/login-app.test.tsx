import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, testPlayer } from '../../test/render-app';
import { createQueryClient } from '../query-client';
import { createLoginAuth, LoginApp } from './login-app';

/** login.html's page at `path`, as its script renders it, over a stubbed `fetch`. */
const renderLoginPage = (path: string, player: typeof testPlayer | null = null) => {
  window.history.replaceState(null, '', path);
  const fetchMock = stubFetch(undefined, { player });
  const queryClient = createQueryClient();
  const auth = createLoginAuth(queryClient);
  render(<LoginApp queryClient={queryClient} auth={auth} />);
  return { fetchMock, auth };
};

describe("login.html's page", () => {
  it('draws the sign-in screen in the language of the address, in the frame of the app', async () => {
    renderLoginPage('/fr/login?redirect=%2Ffr%2Fhome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText('Identifiant')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Connexion/));
  });

  it('goes from the player to the trainer sign-in without leaving the page', async () => {
    renderLoginPage('/en/login');
    (await screen.findByRole('link', { name: /trainer interface/i })).click();
    expect(await screen.findByRole('heading', { level: 1, name: /trainer/i })).toBeTruthy();
    expect(window.location.pathname).toBe('/en/trainer/login');
  });

  it('puts the focus in the username field, again after moving to the trainer sign-in', async () => {
    renderLoginPage('/en/login');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    (await screen.findByRole('link', { name: /trainer interface/i })).click();
    await screen.findByRole('heading', { level: 1, name: /trainer/i });
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  it('shows no form to a signed-in player, whom the guard sends on to the app', async () => {
    const { fetchMock } = renderLoginPage('/login', testPlayer);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/user'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('asks for the identity once when a visitor not signed in opens the sign-in screen', async () => {
    const { fetchMock } = renderLoginPage('/en/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const identityCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/user');
    expect(identityCalls).toHaveLength(1);
  });
});
