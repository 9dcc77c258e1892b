import { act, render, screen } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster from '../app/app-toaster';
import { DEFAULT_TOAST_DURATION_MS, toast } from './toast';

/** Lets the lazy sonner import resolve and React render, without moving the clock. */
const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('toast', () => {
  beforeEach(() => {
    // sonner dismisses on the next animation frame: fake those too.
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'Date',
        'requestAnimationFrame',
        'cancelAnimationFrame',
      ],
    });
  });

  afterEach(() => {
    sonnerToast.dismiss();
    vi.useRealTimers();
  });

  it('lasts 10 seconds by default', () => {
    expect(DEFAULT_TOAST_DURATION_MS).toBe(10_000);
  });

  it('shows a toast with a generated toast_id and removes it after the default duration', async () => {
    render(<AppToaster />);
    const toast_id = toast.success('Flag captured');
    expect(toast_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await flush();

    expect(screen.getByText('Flag captured')).toBeTruthy();
    expect(sonnerToast.getToasts().map((t) => t.id)).toContain(toast_id);

    await advance(DEFAULT_TOAST_DURATION_MS - 100);
    expect(screen.queryByText('Flag captured')).not.toBeNull();

    await advance(100 + 1_000); // the duration, then sonner's exit animation
    expect(screen.queryByText('Flag captured')).toBeNull();
  });

  it('honours a custom duration', async () => {
    render(<AppToaster />);
    toast.error('Wrong answer', { duration: 3_000 });
    await flush();
    expect(screen.getByText('Wrong answer')).toBeTruthy();
    await advance(3_000 + 1_000);
    expect(screen.queryByText('Wrong answer')).toBeNull();
  });

  it('gives every toast its own id and dismisses one on demand', async () => {
    render(<AppToaster />);
    const first = toast.info('First');
    const second = toast.warning('Second', { description: 'Details' });
    expect(first).not.toBe(second);
    await flush();
    expect(screen.getByText('Details')).toBeTruthy();
    toast.dismiss(first);
    await advance(1_000);
    expect(sonnerToast.getToasts().map((t) => t.id)).toEqual([second]);
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('shows an action that runs and dismisses the toast', async () => {
    render(<AppToaster />);
    const onClick = vi.fn();
    toast.info('New chapter assigned: Web basics', { action: { label: 'Open', onClick } });
    await flush();
    screen.getByRole('button', { name: 'Open' }).click();
    await advance(1_000);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('New chapter assigned: Web basics')).toBeNull();
  });

  it('keeps toasts raised before the toaster was on screen', async () => {
    toast.info('Early bird');
    await flush();
    render(<AppToaster />);
    await flush();
    expect(screen.getByText('Early bird')).toBeTruthy();
  });
});
