import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

// The chapter screen's chunk "downloads" until the test opens the gate.
const gate = vi.hoisted(() => {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

vi.mock('../../features/chapters/screens/chapter-screen', async () => {
  await gate.opened;
  return { default: () => <h1>Chapter</h1> };
});

describe('top loading bar', () => {
  it('shows while data loads, as a labelled progress bar', async () => {
    renderApp('/home', { appInfo: 'pending' });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const bar = await screen.findByTestId('loading-bar');
    expect(bar.getAttribute('role')).toBe('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Loading');
  });

  it('is gone once nothing loads any more', async () => {
    renderApp('/home');
    await screen.findByText('© 2025 Rampart Test. All rights reserved.');
    await waitFor(() => expect(screen.queryByTestId('loading-bar')).toBeNull());
  });

  it('shows during a navigation to a screen whose chunk is loading', async () => {
    const { router } = renderApp('/home');
    await screen.findByText('© 2025 Rampart Test. All rights reserved.');
    await waitFor(() => expect(screen.queryByTestId('loading-bar')).toBeNull());
    void router.navigate('/chapters/42');
    expect(await screen.findByTestId('loading-bar')).toBeTruthy();
    gate.open();
    await screen.findByRole('heading', { level: 1, name: 'Chapter' });
    await waitFor(() => expect(screen.queryByTestId('loading-bar')).toBeNull());
  });
});
