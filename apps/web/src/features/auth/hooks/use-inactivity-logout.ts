import { useEffect } from 'react';
import { useAuthClient } from '../auth-context';
import { DEFAULT_INACTIVITY_MINUTES } from '../inactivity/inactivity-config';
import { useCurrentUser } from './use-current-user';

/**
 * Spec middleware user-activity: logs the player out after `minutes` without input and tells
 * the login page why. The app's own background calls keep the server session alive, so the
 * browser must be the one to notice. Off the player's screens (`enabled` false: the trainer's
 * console) it neither watches nor asks who the player is.
 */
export const useInactivityLogout = ({
  minutes = DEFAULT_INACTIVITY_MINUTES,
  enabled = true,
}: { minutes?: number; enabled?: boolean } = {}): void => {
  const client = useAuthClient('player');
  const playerId = useCurrentUser('player', { enabled })?.uuid;

  useEffect(() => {
    if (!enabled || !playerId) return;
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
  }, [client, playerId, minutes, enabled]);
};
