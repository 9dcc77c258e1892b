import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { apiError, profileApi, sentBodies } from '../../testing/profile-api';

const renderPasswordSection = (overrides: Parameters<typeof profileApi>[1] = {}) => {
  const view = renderApp('/profile', { api: profileApi({}, overrides) });
  return { ...view, section: async () => screen.findByRole('region', { name: 'Password' }) };
};

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** Each line of a checklist as a reader hears it: "Done: …" or "Missing: …". */
const checks = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^[✓✗]/, '').trim());

describe('password change', () => {
  it('shows each rule live, as text and mark, and checks the confirmation', async () => {
    const { section } = renderPasswordSection();
    const form = await section();
    const password = within(form).getByLabelText('New password');
    const rules = within(form).getByText('Your new password needs').parentElement!;
    expect(password.getAttribute('aria-describedby')).toContain(rules.id);

    expect(checks(rules)).toEqual([
      'Missing: at least 8 characters',
      'Missing: an uppercase letter',
      'Missing: a digit',
      'Missing: a symbol, such as # ! ? or -',
    ]);
    type(password, 'rampart1');
    expect(checks(rules)).toEqual([
      'Done: at least 8 characters',
      'Missing: an uppercase letter',
      'Done: a digit',
      'Missing: a symbol, such as # ! ? or -',
    ]);
    type(password, 'Rampart#2026');
    expect(checks(rules).every((check) => check?.startsWith('Done:'))).toBe(true);
    expect(within(rules).getAllByText('✓')).toHaveLength(4);

    const confirmation = within(form).getByLabelText('Confirm the new password');
    type(confirmation, 'Rampart#202');
    const confirmationCheck = document.getElementById(
      confirmation.getAttribute('aria-describedby')!,
    )!;
    expect(checks(confirmationCheck)).toEqual([
      'Missing: The confirmation does not match the new password yet',
    ]);
    type(confirmation, 'Rampart#2026');
    expect(checks(confirmationCheck)).toEqual(['Done: The confirmation matches the new password']);
  });

  it('shows and hides a password', async () => {
    const { section } = renderPasswordSection();
    const form = await section();
    const current = within(form).getByLabelText('Current password');
    const [toggle] = within(form).getAllByRole('button', { name: 'Show password' });
    expect(current.getAttribute('type')).toBe('password');
    fireEvent.click(toggle!);
    expect(current.getAttribute('type')).toBe('text');
    expect(toggle!.getAttribute('aria-pressed')).toBe('true');
  });

  it('does not send a password that breaks the rules, and says where', async () => {
    const { section, fetchMock } = renderPasswordSection();
    const form = await section();
    type(within(form).getByLabelText('New password'), 'short');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    const current = within(form).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Enter your current password.')).toBeTruthy();
    expect(within(form).getByText('The new password does not follow every rule yet.')).toBeTruthy();
    expect(
      within(form).getByText('The confirmation must be the same as the new password.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/password')).toEqual([]);
  });

  it('puts the server errors on their fields', async () => {
    let answer = apiError(422, 'profile.wrong_password');
    const { section } = renderPasswordSection({
      'PUT /api/profile/password': () => answer,
    });
    const form = await section();
    const current = within(form).getByLabelText('Current password');
    const password = within(form).getByLabelText('New password');
    type(current, 'not-my-password');
    type(password, 'Rampart#2026');
    type(within(form).getByLabelText('Confirm the new password'), 'Rampart#2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(current);
    expect(within(form).getByText('The current password is incorrect.')).toBeTruthy();

    answer = apiError(422, 'request.invalid', [
      { path: 'body.password', message: 'password.too_weak' },
    ]);
    type(current, 'Rampart#2025');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(current.getAttribute('aria-invalid')).toBeNull();
    expect(within(form).getByText('The new password does not follow every rule yet.')).toBeTruthy();

    answer = apiError(429, 'auth.too_many_attempts');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait before trying again.',
    );
  });

  it('changes the password, says so and clears the form', async () => {
    const { section, fetchMock } = renderPasswordSection();
    const form = await section();
    type(within(form).getByLabelText('Current password'), 'Rampart#2025');
    type(within(form).getByLabelText('New password'), 'Rampart#2026');
    type(within(form).getByLabelText('Confirm the new password'), 'Rampart#2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Password changed. Your other sessions have been logged out.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/password')).toEqual([
      {
        currentPassword: 'Rampart#2025',
        password: 'Rampart#2026',
        passwordConfirmation: 'Rampart#2026',
      },
    ]);
    expect(within(form).getByLabelText('New password')).toHaveProperty('value', '');
  });
});
