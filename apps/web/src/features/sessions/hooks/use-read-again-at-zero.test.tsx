import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKeys } from '../lib/session-query-keys';
import { useReadAgainAtZero } from './use-read-again-at-zero';

describe('a session clock reaching zero', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the session again shortly after zero, and only then', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { rerender } = renderHook(
      ({ zero }: { zero: boolean }) => useReadAgainAtZero('session-1', zero),
      { wrapper, initialProps: { zero: false } },
    );
    act(() => vi.advanceTimersByTime(1_000));
    expect(invalidate).not.toHaveBeenCalled();

    rerender({ zero: true });
    act(() => vi.advanceTimersByTime(100));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionQueryKeys.detail('session-1') });
  });

  it('reads nothing when the clock moves off zero before the read (a trainer adds time)', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { rerender } = renderHook(
      ({ zero }: { zero: boolean }) => useReadAgainAtZero('session-1', zero),
      { wrapper, initialProps: { zero: true } },
    );
    rerender({ zero: false });
    act(() => vi.advanceTimersByTime(1_000));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
