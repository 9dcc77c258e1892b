import type { AuthUser } from '@rampart/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, type ApiRoutes } from '../../../test/render-app';
import { apiError, profileApi, sentBodies } from '../testing/profile-api';

const renderPseudoSection = (overrides: ApiRoutes = {}) => {
  const view = renderApp('/profile', { api: profileApi({}, overrides) });
  const section = async () => {
    const region = await screen.findByRole('region', { name: 'Game pseudo' });
    return { region, input: within(region).getByLabelText('New game pseudo') };
  };
  return { ...view, section };
};

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('game pseudo change', () => {
  it('says live that the new pseudo must differ from the current one, and does not send it', async () => {
    const { section, fetchMock } = renderPseudoSection();
    const { region, input } = await section();
    expect(describedText(input)).toContain('Current pseudo: Alice');

    fireEvent.change(input, { target: { value: '  Alice ' } });
    expect(describedText(input)).toContain('This is your current pseudo: it must be different.');
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: 'Alicia' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedText(input)).toContain('Ready to save.');
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/pseudo')).toEqual([]);
  });

  it('shows the server saying the pseudo is unchanged on the field', async () => {
    // Another tab changed the pseudo to Alicia meanwhile: only the server knows.
    const { section } = renderPseudoSection({
      'PUT /api/profile/pseudo': () => apiError(422, 'profile.pseudo_unchanged'),
    });
    const { region, input } = await section();
    fireEvent.change(input, { target: { value: 'Alicia' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));

    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(input)).toContain('The new game pseudo must differ from the current one.');
    expect(document.activeElement).toBe(input);
  });

  it('shows a taken pseudo and invalid characters on the field', async () => {
    let answer = apiError(409, 'profile.pseudo_taken');
    const { section } = renderPseudoSection({ 'PUT /api/profile/pseudo': () => answer });
    const { region, input } = await section();
    fireEvent.change(input, { target: { value: 'Bob' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));
    await waitFor(() =>
      expect(describedText(input)).toContain('This game pseudo is already taken.'),
    );

    answer = apiError(422, 'request.invalid', [
      { path: 'body.pseudo', message: 'pseudo.characters' },
    ]);
    fireEvent.change(input, { target: { value: 'Bobby' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));
    await waitFor(() => expect(describedText(input)).toContain('Use letters, digits, spaces'));
  });

  it('refuses characters the pseudo rules do not allow before sending', async () => {
    const { section, fetchMock } = renderPseudoSection();
    const { region, input } = await section();
    fireEvent.change(input, { target: { value: '<script>' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/pseudo')).toEqual([]);
  });

  it('saves the new pseudo for the whole app', async () => {
    const { section, fetchMock, queryClient } = renderPseudoSection();
    const { region, input } = await section();
    fireEvent.change(input, { target: { value: ' Alicia ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Change pseudo' }));

    expect(await screen.findByText('Game pseudo changed: Alicia')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/profile/pseudo')).toEqual([{ pseudo: 'Alicia' }]);
    expect(queryClient.getQueryData<AuthUser>(['auth', 'player'])?.pseudo).toBe('Alicia');
    const info = screen.getByRole('region', { name: 'Information' });
    expect(within(info).getByText('Alicia')).toBeTruthy();
    expect(input).toHaveProperty('value', '');
  });
});
