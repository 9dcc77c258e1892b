import { getTrainerSessionEvents, type RealtimeEventType } from '@rampart/contracts';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  useEventStream,
  type EventStreamHandlers,
  type StreamStatus,
} from '../../../lib/event-stream';
import { cockpitQueryKeys } from '../api/trainer-cockpit';
import { displayLinkQueryKeys } from '../api/display-links';
import { labQueryKeys } from '../api/trainer-labs';
import { supportContextKeys } from '../api/support-context';
import {
  trainerQueryKeys,
  type TrainerSessionView,
} from '../../trainer-sessions/api/trainer-sessions';
import { useThrottledInvalidate } from './use-throttled-invalidate';
import { fillPath } from '../../../lib/route-path';
import { clockOffsetMs } from '../../../lib/clock-offset';

/** Events that change the session's own view (its teams count, the players without a team). */
const sessionChanges: readonly RealtimeEventType[] = [
  'session.updated',
  'session.settings_changed',
  'session.player_joined',
  'session.player_left',
  'team.created',
  'team.member_joined',
  'team.member_left',
  'team.member_moved',
  'team.dissolved',
  'team.reinstated',
];

/** Events that change the cockpit's read model: teams, scores, presence, objectives, the grid. */
const cockpitChanges: readonly RealtimeEventType[] = [
  'team.created',
  'team.member_joined',
  'team.member_left',
  'team.member_moved',
  'team.dissolved',
  'team.reinstated',
  'session.player_left',
  'team.presence_changed',
  'team.eliminated',
  'objective.solved',
  'objective.unlocked',
  'speedrun.launched',
  'ranking.changed',
  'score.adjusted',
  // A hint bought or given: the grid's cell and the hints feed.
  'hint.unlocked',
  // A wrong answer changes a cell's counts; nothing else on this stream says so.
  'submissions.recorded',
];

/** Trainer actions, whoever took them: the audit list is read again. */
const auditChanges: readonly RealtimeEventType[] = [
  'session.settings_changed',
  'team.member_moved',
  'session.player_left',
  'team.dissolved',
  'team.reinstated',
  'team.eliminated',
  'objective.unlocked',
  'speedrun.launched',
  'score.adjusted',
  'hint.unlocked',
];

/** What a support question's context shows: the team's answers, solves and the objective's lock. */
const supportContextChanges: readonly RealtimeEventType[] = [
  'submissions.recorded',
  'objective.solved',
  'objective.unlocked',
  'objective.updated',
  // A hint bought by the team or given by a trainer.
  'hint.unlocked',
];

/** The teams' lab environments (allocated, ready, extended, released, failed). */
const labChanges: readonly RealtimeEventType[] = ['lab.environment_changed'];

const allTypes = [
  ...new Set([
    ...sessionChanges,
    ...cockpitChanges,
    ...auditChanges,
    ...supportContextChanges,
    ...labChanges,
  ]),
];

/**
 * The trainers' stream of one session while its cockpit is open: a change of course updates the
 * clock at once; every other change refetches what it touches (session, cockpit read model,
 * audit, chat), the cockpit at most once a second. `extra` lets panels of the cockpit (the
 * submissions feed) follow the events they care about too.
 */
export const useCockpitStream = (
  uuid: string,
  extra: EventStreamHandlers = {},
  /** The session view's `streamPosition`: where a first visit of the stream starts. */
  from?: number,
): StreamStatus => {
  const queryClient = useQueryClient();
  const refreshCockpit = useThrottledInvalidate(cockpitQueryKeys.cockpit(uuid));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) });
  };
  const refreshAudit = () => {
    void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
  };
  const refreshSupportContext = () => {
    void queryClient.invalidateQueries({ queryKey: supportContextKeys.session(uuid) });
  };
  // Pre-warming announces every team's environment at once: one read for the burst.
  const refreshLabs = useThrottledInvalidate(labQueryKeys.environments(uuid));
  const handlers: EventStreamHandlers = Object.fromEntries(
    allTypes.map((type) => [
      type,
      (event: unknown) => {
        if (sessionChanges.includes(type)) refresh();
        // The dashboard's cards show the name, the clock and the limits.
        if (type === 'session.settings_changed')
          void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions });
        if (cockpitChanges.includes(type)) refreshCockpit();
        if (auditChanges.includes(type)) refreshAudit();
        if (supportContextChanges.includes(type)) refreshSupportContext();
        if (labChanges.includes(type)) refreshLabs();
        (extra[type] as ((event: unknown) => void) | undefined)?.(event);
      },
    ]),
  );
  return useEventStream(
    fillPath(getTrainerSessionEvents.path, { uuid }),
    {
      ...extra,
      ...handlers,
      'session.status_changed': (event) => {
        queryClient.setQueryData<TrainerSessionView>(
          trainerQueryKeys.session(uuid),
          (current) =>
            current && {
              ...current,
              ...event.payload,
              clockOffsetMs: clockOffsetMs(event.payload.serverTime),
            },
        );
        refresh();
        refreshCockpit();
        refreshAudit();
        void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions });
        extra['session.status_changed']?.(event);
      },
      // A projector link created or revoked, here or in another trainer's cockpit.
      'display.link_changed': (event) => {
        void queryClient.invalidateQueries({ queryKey: displayLinkQueryKeys.links(uuid) });
        refreshAudit();
        extra['display.link_changed']?.(event);
      },
      'chat.message_posted': (event) => {
        void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.chat(uuid) });
        // A question from an objective's window changes what its thread is about.
        if (event.payload.message.objectiveUuid) refreshSupportContext();
        extra['chat.message_posted']?.(event);
      },
      'stream.reset': (reset) => {
        refresh();
        refreshCockpit();
        refreshAudit();
        refreshLabs();
        refreshSupportContext();
        extra['stream.reset']?.(reset);
      },
    },
    from === undefined ? {} : { from },
  );
};

/**
 * What time alone changes (countdown → running, running → finished) is not announced on the
 * stream: the session is read again when its clock says the next change is due.
 */
export const useStatusDeadlines = (session: TrainerSessionView) => {
  const queryClient = useQueryClient();
  const { uuid, status, startsAt, endsAt, clockOffsetMs } = session;
  useEffect(() => {
    const due = status === 'countdown' ? startsAt : status === 'running' ? endsAt : null;
    if (due === null) return;
    // A little after the instant, so the server's clock has passed it too.
    const delay = Math.max(0, Date.parse(due) - (Date.now() + clockOffsetMs)) + 500;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) });
    }, delay);
    return () => clearTimeout(timer);
  }, [queryClient, uuid, status, startsAt, endsAt, clockOffsetMs]);
};
