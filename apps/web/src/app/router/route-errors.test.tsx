import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

const crash = vi.hoisted(() => ({ thrown: null as unknown }));

// The profile screen throws whatever the test puts in `crash.thrown`.
vi.mock('../../features/profile/screens/profile-screen', () => ({
  default: function CrashingScreen() {
    throw crash.thrown;
  },
}));

describe('route errors', () => {
  afterEach(() => {
    crash.thrown = null;
  });

  it('renders Internal Server Error with status 500 when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash.thrown = new Error('boom');
    renderApp('/profile');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' });
    expect(heading.closest('[data-layout]')?.getAttribute('data-layout')).toBe('error');
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Back to home' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Internal Server Error · Rampart Test'));
  });

  it('shows the status of a thrown Response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash.thrown = new Response(null, { status: 503 });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' });
    expect(screen.getByText('503')).toBeTruthy();
  });

  it('shows Page Not Found for a thrown 404', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    crash.thrown = new Response(null, { status: 404 });
    renderApp('/fr/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });
});
