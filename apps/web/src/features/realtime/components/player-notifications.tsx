import { getMyEvents } from '@rampart/contracts';
import { usePlayerEventHandlers } from '../hooks/use-player-event-handlers';
import { useEventStream } from '../../../lib/event-stream/use-event-stream';

/**
 * The signed-in player's own event stream, open on every player screen: chapters assigned,
 * invitations, joinable sessions, support replies. Renders nothing; what it hears becomes toasts.
 */
export default function PlayerNotifications({ playerUuid }: { playerUuid: string }) {
  useEventStream(getMyEvents.path, usePlayerEventHandlers(), { scope: playerUuid });
  return null;
}
