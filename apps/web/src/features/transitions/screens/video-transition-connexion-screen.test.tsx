import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { holdTimeoutsOf } from '../../../test/held-timeouts';
import { CONNEXION_TRANSITION_MS } from './video-transition-connexion-screen';

const reduceMotion = (reduce: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );

describe('transition after login', () => {
  it('welcomes the player, then goes home after the animation', async () => {
    const transition = holdTimeoutsOf(CONNEXION_TRANSITION_MS);
    const { router } = renderApp('/fr/videoTransitionConnexion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bon retour' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Accès autoriséBienvenue, Alice');
    await waitFor(() => expect(transition.count()).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/fr/videoTransitionConnexion');
    act(() => transition.fire());
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/home'));
  });

  it('goes on to the page it was given', async () => {
    const { router } = renderApp('/videoTransitionConnexion?redirect=%2Fprofile%3Ftab%3D2');
    fireEvent.click(await screen.findByRole('button', { name: /Skip/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('is skipped with Escape, its skip button focused for Enter', async () => {
    const { router } = renderApp('/videoTransitionConnexion');
    const skip = await screen.findByRole('button', { name: /Skip/ });
    await waitFor(() => expect(document.activeElement).toBe(skip));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('is instant for a player who asks for reduced motion', async () => {
    reduceMotion(true);
    const { router } = renderApp('/videoTransitionConnexion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('never leaves the app for another site', async () => {
    const { router } = renderApp('/videoTransitionConnexion?redirect=https%3A%2F%2Fevil.example');
    fireEvent.click(await screen.findByRole('button', { name: /Skip/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
