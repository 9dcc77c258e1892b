import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A transition screen's clock: on to `target` (replacing the transition in the history) after
 * `durationMs`, at once with Escape or the returned skip function, and without waiting for
 * reduced motion or when `immediately` says there is nothing to show.
 */
export const useSkippableTransition = (
  target: string,
  durationMs: number,
  { immediately = false }: { immediately?: boolean } = {},
) => {
  const navigate = useNavigate();
  const done = useRef(false);

  const goOn = useCallback(() => {
    if (done.current) return;
    done.current = true;
    void navigate(target, { replace: true });
  }, [navigate, target]);

  useEffect(() => {
    if (immediately || prefersReducedMotion()) {
      goOn();
      return;
    }
    const timer = setTimeout(goOn, durationMs);
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') goOn();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [goOn, durationMs, immediately]);

  return goOn;
};
