import { useEffect } from 'react';
import { useAuthClient } from '../auth-context';
import { DEFAULT_INACTIVITY_MINUTES } from '../inactivity/inactivity-config';
import { useCurrentUser } from './use-current-user';

/**
 * Spec middleware user-activity: logs the player out after `minutes` without input and tells
 * the login page why. The app's own background calls keep the server session alive, so the
 * browser must be the one to notice.
 */
export const useInactivityLogout = (minutes: number = DEFAULT_INACTIVITY_MINUTES): void => {
  const client = useAuthClient('player');
  const playerId = useCurrentUser('player')?.uuid;

  useEffect(() => {
    if (!playerId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Only a logged-in player needs the monitor: it stays off the login page's JS.
    void import('../inactivity/inactivity-monitor').then(({ startInactivityMonitor }) => {
      if (cancelled) return;
      stop = startInactivityMonitor({
        timeoutMs: minutes * 60_000,
        onIdle: () => {
          // If the server cannot be told, nobody stays logged in on this screen all the same.
          client.logout({ reason: 'inactivity' }).catch(() => client.forgetSession('inactivity'));
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, playerId, minutes]);
};
