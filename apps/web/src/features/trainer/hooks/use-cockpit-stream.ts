import { getTrainerSessionEvents, type RealtimeEventType } from '@rampart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEventStream, type EventStreamHandlers, type StreamStatus } from '../../realtime';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';
import { trainerQueryKeys, type TrainerSessionView } from '../api/trainer-sessions';

/** Events that change the teams, their members, scores or the objectives: the session is read again. */
const sessionChanges: readonly RealtimeEventType[] = [
  'session.updated',
  'session.player_joined',
  'team.created',
  'team.member_joined',
  'team.member_left',
  'team.presence_changed',
  'team.eliminated',
  'objective.solved',
  'objective.unlocked',
  'speedrun.launched',
  'ranking.changed',
];

/**
 * The trainers' stream of one session while its cockpit is open: a change of course updates the
 * clock at once; every other change refetches what it touches (session, ranking, chat). `extra`
 * lets panels of the cockpit (grid, feed, audit) follow the events they care about too.
 */
export const useCockpitStream = (uuid: string, extra: EventStreamHandlers = {}): StreamStatus => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) });
  };
  const handlers: EventStreamHandlers = Object.fromEntries(
    sessionChanges.map((type) => [
      type,
      (event: unknown) => {
        refresh();
        (extra[type] as ((event: unknown) => void) | undefined)?.(event);
      },
    ]),
  );
  return useEventStream(sessionApiPath(getTrainerSessionEvents.path, uuid), {
    ...extra,
    ...handlers,
    'session.status_changed': (event) => {
      queryClient.setQueryData<TrainerSessionView>(
        trainerQueryKeys.session(uuid),
        (current) =>
          current && {
            ...current,
            ...event.payload,
            clockOffsetMs: Date.parse(event.payload.serverTime) - Date.now(),
          },
      );
      refresh();
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions });
      extra['session.status_changed']?.(event);
    },
    'chat.message_posted': (event) => {
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.chat(uuid) });
      extra['chat.message_posted']?.(event);
    },
    'stream.reset': (reset) => {
      refresh();
      extra['stream.reset']?.(reset);
    },
  });
};
