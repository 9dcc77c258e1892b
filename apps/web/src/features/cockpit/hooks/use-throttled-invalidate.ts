import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Invalidates `queryKey` at most once per `intervalMs`: the first call at once, the calls that
 * follow within the interval folded into one at its end. A busy session sends several events a
 * second (every answer, every ranking); the cockpit's read model is read again once for them all.
 */
export const useThrottledInvalidate = (queryKey: QueryKey, intervalMs = 1000) => {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = useRef(queryKey);
  useEffect(() => {
    key.current = queryKey;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    const invalidate = () => {
      last.current = Date.now();
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: key.current });
    };
    if (timer.current) return;
    const wait = last.current + intervalMs - Date.now();
    if (wait <= 0) invalidate();
    else timer.current = setTimeout(invalidate, wait);
  }, [queryClient, intervalMs]);
};
