import type { RealtimeEvent } from '@rampart/contracts';
import type { EventToAppend } from './event-log.repository.js';
import { sessionStream } from './streams.js';

/** The events that carry a reason a trainer wrote about one team (an elimination, an adjustment). */
type EventWithTeamReason = Extract<RealtimeEvent, { type: 'team.eliminated' | 'score.adjusted' }>;

/**
 * How an event with a trainer's reason about one team is written: to `session` without the
 * reason (every player learns what happened to the team), and with it to that team and to the
 * trainers. The reason may name what the team did wrong; other teams are players too, and
 * nothing they may read, live or replayed, carries it.
 */
export const withReasonForTheTeam = (
  sessionUuid: string,
  event: EventWithTeamReason,
): EventToAppend[] => {
  const stream = sessionStream(sessionUuid);
  const told = { ...event, stream };
  const untold = { ...told, payload: { ...event.payload, reason: null } } as EventWithTeamReason;
  return [
    { ...untold, stream, audience: 'session' },
    { ...told, audience: `team:${event.payload.teamUuid}` },
    { ...told, audience: 'trainers' },
  ];
};
