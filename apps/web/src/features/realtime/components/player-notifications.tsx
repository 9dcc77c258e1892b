import { getMyEvents } from '@rampart/contracts';
import { usePlayerEventHandlers } from '../hooks/use-player-event-handlers';
import { useEventStream } from '../../../lib/event-stream/use-event-stream';

/**
 * The signed-in player's own event stream, open on every player screen: chapters assigned,
 * invitations, joinable sessions, support replies. Renders nothing; what it hears becomes toasts.
 * Opened once the first screen is drawn: its first opening starts where the identity read found
 * the stream (`from`), so what was addressed to the player in between is replayed, not lost.
 */
export default function PlayerNotifications({
  playerUuid,
  from,
}: {
  playerUuid: string;
  from?: number | null;
}) {
  useEventStream(getMyEvents.path, usePlayerEventHandlers(), {
    scope: playerUuid,
    ...(from === null || from === undefined ? {} : { from }),
  });
  return null;
}
