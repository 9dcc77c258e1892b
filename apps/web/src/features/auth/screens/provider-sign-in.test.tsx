import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testAppInfo } from '../../../test/render-app';

const withProvider = (trainers: boolean) => ({
  ...testAppInfo,
  'sign-in-provider': { label: 'Lycée Jean Moulin', trainers },
});

describe("sign-in with the organisation's account", () => {
  it('offers no button when the deployment has no identity provider', async () => {
    renderApp('/login');
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('offers "Sign in with <label>" to players, a link to the provider for this interface', async () => {
    renderApp('/login', { appInfo: withProvider(false) });
    const link = await screen.findByRole('link', { name: 'Sign in with Lycée Jean Moulin' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start?interface=player');
  });

  it('keeps where the visitor was going', async () => {
    renderApp('/en/login?redirect=%2Fen%2Fprofile', { appInfo: withProvider(false) });
    const link = await screen.findByRole('link', { name: 'Sign in with Lycée Jean Moulin' });
    expect(link.getAttribute('href')).toBe(
      '/api/auth/oidc/start?interface=player&redirect=%2Fen%2Fprofile',
    );
  });

  it('offers it to trainers only when a role claim makes trainers', async () => {
    renderApp('/trainer/login', { appInfo: withProvider(true) });
    const link = await screen.findByRole('link', { name: 'Sign in with Lycée Jean Moulin' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start?interface=trainer');
  });

  it('hides it from trainers without a role claim', async () => {
    renderApp('/trainer/login', { appInfo: withProvider(false) });
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says in French why the server refused a sign-in', async () => {
    renderApp('/fr/login?signInError=auth.oidc_state_mismatch', { appInfo: withProvider(false) });
    expect(
      await screen.findByRole('link', { name: 'Se connecter avec Lycée Jean Moulin' }),
    ).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Cette connexion n'a pas été lancée depuis ce navigateur");
  });

  it('says in English why, on the trainer side too', async () => {
    renderApp('/trainer/login?signInError=auth.oidc_no_account', { appInfo: withProvider(true) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Your organisation's account gives no access here.",
    );
  });
});
