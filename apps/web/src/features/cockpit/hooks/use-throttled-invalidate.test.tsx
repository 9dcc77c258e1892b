import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useThrottledInvalidate } from './use-throttled-invalidate';

afterEach(() => {
  vi.useRealTimers();
});

describe('throttled invalidation of the cockpit', () => {
  it('reads again at once, then once for every burst within the interval', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useThrottledInvalidate(['cockpit'], 1000), {
      wrapper,
    });
    result.current();
    expect(invalidate).toHaveBeenCalledTimes(1);
    for (let event = 0; event < 20; event += 1) result.current();
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledTimes(2);
    // Nothing pending is left behind once the screen is gone.
    result.current();
    unmount();
    vi.advanceTimersByTime(2000);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
