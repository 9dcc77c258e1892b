import type { EventEnvelope, RealtimeEventType, StreamReset } from '@rampart/contracts';
import { useContext, useEffect, useRef, useState } from 'react';
import { EventStreamContext } from './event-stream-context';
import { attachStream } from './shared-streams';
import type { StreamStatus } from './stream-client';

/** One event as received: its envelope (sequence, time) and its typed payload. */
export type StreamEventOf<T extends RealtimeEventType> = Extract<EventEnvelope, { type: T }>;

/** A handler per event type, each given its own event; types without a handler are ignored. */
export type EventStreamHandlers = {
  [T in RealtimeEventType]?: (event: StreamEventOf<T>) => void;
} & {
  /** The stream restarted from its current end: refetch whatever it was keeping up to date. */
  'stream.reset'?: (reset: StreamReset) => void;
};

export interface UseEventStreamOptions {
  /** Whose stream it is (an account uuid) when the path does not say it (`/api/me/events`). */
  scope?: string;
  /**
   * Where the first visit of this stream starts: the sequence the screen's data was read at (a
   * view's `streamPosition`). The server replays what happened since, which that read could not
   * show; without it the stream starts from its end, and an event between the read and the
   * opening (or a first attempt that failed) would be lost. Taken when the stream opens: a newer
   * value does not reopen it.
   */
  from?: number;
}

const dispatch = (handlers: EventStreamHandlers, event: EventEnvelope) => {
  const handler = handlers[event.type] as ((event: EventEnvelope) => void) | undefined;
  handler?.(event);
};

/**
 * Keeps the event stream at `path` open while the calling screen is mounted (null: none) and
 * hands each event to the handler of its type. Handlers may change on every render without
 * reopening the stream. Screens on the same stream share one connection, and the next screen
 * takes over the last one's (`shared-streams.ts`). Resumes where the last visit of the same
 * stream stopped, and a first visit where the screen's data was read (`from`).
 */
export const useEventStream = (
  path: string | null,
  handlers: EventStreamHandlers,
  { scope, from }: UseEventStreamOptions = {},
): StreamStatus => {
  const createStream = useContext(EventStreamContext);
  const latestHandlers = useRef(handlers);
  const latestFrom = useRef(from);
  useEffect(() => {
    latestHandlers.current = handlers;
    latestFrom.current = from;
  });

  // The status belongs to one stream: another path starts from `connecting`, not from the last.
  const streamKey = path === null ? null : `${scope ?? ''} ${path}`;
  const [reported, setReported] = useState<{ key: string; status: StreamStatus } | null>(null);

  useEffect(() => {
    if (path === null || streamKey === null) return;
    let mounted = true;
    const detach = attachStream(
      createStream,
      { path, scope, from: latestFrom.current },
      {
        onEvent: (event) => dispatch(latestHandlers.current, event),
        onReset: (reset) => latestHandlers.current['stream.reset']?.(reset),
        onStatus: (status) => {
          if (mounted) setReported({ key: streamKey, status });
        },
      },
    );
    return () => {
      mounted = false;
      detach();
    };
  }, [createStream, path, scope, streamKey]);

  if (streamKey === null) return { state: 'closed' };
  return reported?.key === streamKey ? reported.status : { state: 'connecting' };
};
