import { lazy, Suspense } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { authMutationKeys, useAuthClient, useCurrentUser } from '../../../features/auth';
import { useFirstScreenDrawn } from '../../first-screen';
import { useOnPlayerScreen } from '../../router/screen-handle';

// The stream client brings zod and the SSE parser: loaded after the screen, never on the login page.
const PlayerNotifications = lazy(
  () => import('../../../features/realtime/components/player-notifications'),
);

/**
 * The player's own event stream, on player screens only (a trainer screen or a login page opens
 * none). Both player layouts render it: it follows the player from one screen to the next.
 */
export function PlayerEventStream() {
  const onPlayerScreen = useOnPlayerScreen();
  const player = useCurrentUser('player', { enabled: onPlayerScreen });
  const client = useAuthClient('player');
  // Opened once the first screen is drawn: its code does not share a phone's link with the screen's.
  const firstScreenDrawn = useFirstScreenDrawn();
  // Nor while the player logs out: the server may have ended the session already (a 401).
  const loggingOut = useIsMutating({ mutationKey: authMutationKeys.logout('player') }) > 0;
  if (!onPlayerScreen || !player || !firstScreenDrawn || loggingOut) return null;
  return (
    <Suspense fallback={null}>
      <PlayerNotifications playerUuid={player.uuid} from={client.streamPosition(player.uuid)} />
    </Suspense>
  );
}
