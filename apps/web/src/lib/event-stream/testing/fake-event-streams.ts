import type { Audience, RealtimeEvent } from '@rampart/contracts';
import { act } from '@testing-library/react';
import type { CreateEventStream, EventStreamSettings } from '../event-stream-context';

/**
 * Event streams a test speaks through (given to `EventStreamContext`): every stream the app opens
 * is recorded, and `emit` hands an event to the open streams of a path as the server would.
 */
export const fakeEventStreams = () => {
  const opened: { path: string; settings: EventStreamSettings; closed: boolean }[] = [];
  let sequence = 0;
  const create: CreateEventStream = (path, settings) => {
    const entry = { path, settings, closed: false };
    opened.push(entry);
    return {
      state: 'open',
      lastEventId: null,
      close: () => {
        entry.closed = true;
      },
    };
  };
  const emit = (path: string, event: RealtimeEvent, audience: Audience = 'session') =>
    act(() => {
      sequence += 1;
      for (const stream of opened) {
        if (stream.closed || stream.path !== path) continue;
        stream.settings.onEvent({
          v: 1,
          sequence,
          audience,
          createdAt: new Date().toISOString(),
          ...event,
        });
      }
    });
  return { create, emit, opened };
};
