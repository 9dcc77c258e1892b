import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKeys } from '../lib/session-query-keys';

/** How long after zero the session is read: the server's own timer has moved it on by then. */
const READ_AFTER_MS = 150;

/**
 * Once a session's clock (`reachedZero`) has run out, reads the session again: its status has
 * moved on on the server (the countdown's end, the game's), and the screen's gate follows it.
 */
export const useReadAgainAtZero = (sessionUuid: string, reachedZero: boolean) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!reachedZero) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(sessionUuid) }),
      READ_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [reachedZero, queryClient, sessionUuid]);
};
