import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_MAX_WAIT_MS,
  FirstScreenProvider,
  useFirstScreenDrawn,
  useWatchFirstScreen,
} from './first-screen';

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

/** The first screen's watch, with the flag the frame's deferred pieces read. */
const watch = (queryClient: QueryClient) =>
  renderHook(
    () => {
      useWatchFirstScreen();
      return useFirstScreenDrawn();
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>
          <FirstScreenProvider>{children}</FirstScreenProvider>
        </QueryClientProvider>
      ),
    },
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first screen drawn', () => {
  it('waits for the screen’s reads, including one its first answer starts', async () => {
    const queryClient = new QueryClient();
    const session = deferred<string>();
    const board = deferred<string>();
    void queryClient.fetchQuery({ queryKey: ['session'], queryFn: () => session.promise });
    const { result } = watch(queryClient);

    // A few frames go by while the session is read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(false);

    // Its answer starts the board's read at once, as the screen's next render does.
    await act(async () => {
      session.resolve('session');
      await session.promise;
      void queryClient.fetchQuery({ queryKey: ['board'], queryFn: () => board.promise });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(false);

    await act(async () => board.resolve('board'));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('waits until nothing is left to run: React renders a screen in slices', async () => {
    // The browser's idle moments, held: React is still rendering the screen.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const { result } = watch(new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idle.length).toBeGreaterThan(0);
    expect(result.current).toBe(false);

    act(() => idle.splice(0).forEach((callback) => callback({} as IdleDeadline)));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('waits for a write under way', async () => {
    const queryClient = new QueryClient();
    const write = deferred<void>();
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => write.promise });
    void mutation.execute(undefined);
    const { result } = watch(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(false);
    await act(async () => write.resolve());
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('gives up waiting for a read that never answers', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    void queryClient.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise(() => {}) });
    const { result } = watch(queryClient);
    await act(async () => vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS - 100));
    expect(result.current).toBe(false);
    await act(async () => vi.advanceTimersByTime(100));
    expect(result.current).toBe(true);
  });

  it('is drawn at once for a screen that reads nothing', async () => {
    const { result } = watch(new QueryClient());
    await waitFor(() => expect(result.current).toBe(true));
  });
});
