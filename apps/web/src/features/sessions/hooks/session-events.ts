import type { EventEnvelope, RealtimeEventType } from '@rampart/contracts';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { StreamEventOf } from '../../../lib/event-stream';

type Listener = (event: EventEnvelope) => void;

/**
 * The events of the session stream the gate keeps open, passed on to the screen it renders: a
 * screen reacts to them (a banner) without opening a second stream.
 */
export interface SessionEvents {
  emit(event: EventEnvelope): void;
  subscribe(listener: Listener): () => void;
}

export const createSessionEvents = (): SessionEvents => {
  const listeners = new Set<Listener>();
  return {
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};

export const SessionEventsContext = createContext<SessionEvents | null>(null);

/** Calls `handler` with each event of `type` on the session's stream while mounted. */
export const useSessionEvent = <T extends RealtimeEventType>(
  type: T,
  handler: (event: StreamEventOf<T>) => void,
) => {
  const events = useContext(SessionEventsContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      events?.subscribe((event) => {
        if (event.type === type) latest.current(event as StreamEventOf<T>);
      }),
    [events, type],
  );
};
