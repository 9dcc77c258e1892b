import { cookiePolicy } from '@rampart/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { renderApp, testAppInfo } from '../../../test/render-app';
import { CookiePolicyButton } from './cookie-policy-button';

const openPolicy = async () => {
  const trigger = within(screen.getByRole('contentinfo')).getByRole('button', {
    name: 'Cookie policy',
  });
  fireEvent.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Cookie policy' });
  return { trigger, dialog };
};

describe('cookie policy modal', () => {
  it('opens from the footer, titled and described, focus inside', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const { dialog } = await openPolicy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /advertising or tracking/,
    );
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('lists every cookie with purpose, type and lifetime', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const { dialog } = await openPolicy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(cookiePolicy.length);
    const locale = within(dialog).getByRole('rowheader', { name: 'locale' }).closest('tr')!;
    expect(within(locale).getByText('Remembers the interface language you chose.')).toBeTruthy();
    expect(within(locale).getByText('Optional')).toBeTruthy();
    expect(within(locale).getByText('365 days')).toBeTruthy();
    const timeout = within(dialog)
      .getByRole('rowheader', { name: 'activity_timeout' })
      .closest('tr')!;
    expect(within(timeout).getByText('30 minutes')).toBeTruthy();
    const session = within(dialog)
      .getByRole('rowheader', { name: 'rampart_session' })
      .closest('tr')!;
    expect(within(session).getByText('Mandatory')).toBeTruthy();
    expect(within(session).getByText('Session')).toBeTruthy();
  });

  it('says which cookies this deployment does not use', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const { dialog } = await openPolicy();
    const idp = within(dialog).getByRole('rowheader', { name: 'rampart_oidc' }).closest('tr')!;
    expect(within(idp).getByText('Not used in this deployment')).toBeTruthy();
    // Only while a sign-in through the provider is in flight.
    expect(within(idp).getByText('10 minutes')).toBeTruthy();
    expect(within(dialog).getAllByText('Not used in this deployment')).toHaveLength(1);
  });

  it('closes with Escape and gives focus back to its button', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const { trigger, dialog } = await openPolicy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its visible close buttons', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    let { dialog } = await openPolicy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the cookie policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog } = await openPolicy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the identity provider cookie as used when the deployment has a provider', async () => {
    renderApp('/home', {
      appInfo: { ...testAppInfo, 'sign-in-provider': { label: 'School', trainers: false } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const { dialog } = await openPolicy();
    expect(within(dialog).getByRole('rowheader', { name: 'rampart_oidc' })).toBeTruthy();
    expect(within(dialog).queryByText('Not used in this deployment')).toBeNull();
  });

  it('shows the identity provider cookie as used when the feature is on', async () => {
    render(<CookiePolicyButton appName="Rampart" features={{ identityProvider: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cookie policy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Not used in this deployment')).toBeNull();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    render(<CookiePolicyButton appName="Rampart" />);
    fireEvent.click(screen.getByRole('button', { name: 'Politique de cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Politique de cookies' });
    expect(within(dialog).getAllByText('365 jours').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Non utilisé dans ce déploiement')).toBeTruthy();
  });
});
