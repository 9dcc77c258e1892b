import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * The frame's pieces nobody sees on arrival — the toasts' region, a player's own event stream,
 * the inactivity watch — load once the page's first screen has been drawn with its first
 * answers: on a phone's link, their code would otherwise share it with the screen's, and the
 * screen would be drawn later. A toast created before then is not lost (the toaster replays
 * it), and the stream and the watch start a moment later.
 */
interface FirstScreen {
  drawn: boolean;
  markDrawn: () => void;
}

const FirstScreenContext = createContext<FirstScreen | null>(null);

/** Holds, for one app, whether its first screen has been drawn. */
export function FirstScreenProvider({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  const markDrawn = useCallback(() => setDrawn(true), []);
  const value = useMemo(() => ({ drawn, markDrawn }), [drawn, markDrawn]);
  return <FirstScreenContext.Provider value={value}>{children}</FirstScreenContext.Provider>;
}

/** True once the page's first screen has been drawn (outside a provider: at once). */
export const useFirstScreenDrawn = (): boolean => useContext(FirstScreenContext)?.drawn ?? true;

/** However busy the screen stays (a read that never settles), the pieces load after this. */
export const FIRST_SCREEN_MAX_WAIT_MS = 4_000;

/**
 * Rendered with the first screen, inside its router: marks the first screen drawn once no read
 * or write is under way, React has rendered what their answers changed, and the browser has
 * painted it (a screen's reads often start when the previous ones answer: the game's board once
 * its session is known), or after `FIRST_SCREEN_MAX_WAIT_MS`.
 */
export function useWatchFirstScreen(): void {
  const firstScreen = useContext(FirstScreenContext);
  const queryClient = useQueryClient();
  const drawn = firstScreen?.drawn ?? true;
  const markDrawn = firstScreen?.markDrawn;
  useEffect(() => {
    if (drawn || !markDrawn) return;
    return whenSettledAndPainted(queryClient, markDrawn);
  }, [drawn, markDrawn, queryClient]);
}

const busy = (queryClient: QueryClient) =>
  queryClient.isFetching() > 0 || queryClient.isMutating() > 0;

/** How long an idle moment is waited for before going on regardless. */
const IDLE_TIMEOUT_MS = 500;

/**
 * Once the main thread is idle, then two frames later: React renders a navigation's screen in
 * slices between which the browser paints the page as it was, so the screen is drawn only once
 * nothing is left to run (the idle moment), and then painted (the first frame's callback runs
 * before the next paint, the second's after it).
 */
const afterRenderAndPaint = (callback: () => void): (() => void) => {
  let cancel = () => {};
  const frames = () => {
    if (typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(callback, 32);
      cancel = () => clearTimeout(timer);
      return;
    }
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(callback);
    });
    cancel = () => cancelAnimationFrame(frame);
  };
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(frames, { timeout: IDLE_TIMEOUT_MS });
    cancel = () => cancelIdleCallback(idle);
  } else {
    const timer = setTimeout(frames, 0);
    cancel = () => clearTimeout(timer);
  }
  return () => cancel();
};

/** Calls `done` once, when `queryClient` is idle through a paint; returns its cancellation. */
const whenSettledAndPainted = (queryClient: QueryClient, done: () => void): (() => void) => {
  let finished = false;
  let cancelPaint: (() => void) | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    cleanUp();
    done();
  };
  const check = () => {
    if (finished || cancelPaint || busy(queryClient)) return;
    cancelPaint = afterRenderAndPaint(() => {
      cancelPaint = undefined;
      if (!busy(queryClient)) finish();
    });
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(check);
  const timer = setTimeout(finish, FIRST_SCREEN_MAX_WAIT_MS);
  const cleanUp = () => {
    unsubscribeQueries();
    unsubscribeMutations();
    clearTimeout(timer);
    cancelPaint?.();
  };
  check();
  return () => {
    finished = true;
    cleanUp();
  };
};
