import type { EventEnvelope, StreamReset } from '@rampart/contracts';
import type { CreateEventStream } from './event-stream-context';
import { lastEventIdStore } from './last-event-ids';
import type { EventStreamClient, StreamStatus } from './stream-client';

/**
 * How long a stream no screen listens to stays open. Moving from one screen to the next (the
 * lobby to the countdown to the game, one layout to another) unmounts the first screen's
 * listener just before the second one's attaches: the second takes the same connection over.
 * Closing and reopening instead would cost a request and a replay per move, and the server
 * would count both connections against the account's cap until it saw the first one close.
 */
export const STREAM_LINGER_MS = 1_000;

/** What one mounted screen does with its stream. */
export interface StreamListener {
  onEvent(event: EventEnvelope): void;
  onReset(reset: StreamReset): void;
  onStatus(status: StreamStatus): void;
}

type Received = { event: EventEnvelope } | { reset: StreamReset };

interface SharedStream {
  client: EventStreamClient;
  listeners: Set<StreamListener>;
  status: StreamStatus;
  /** What arrived while no screen listened, handed to the next one to attach. */
  held: Received[];
  /** The id to resume from once `held` is handed over (null: nothing arrived meanwhile). */
  heldUpTo: string | null;
  /** A hand-over of `held` is due at the end of this task. */
  handingOver: boolean;
  closing: ReturnType<typeof setTimeout> | null;
}

/** Per way of opening streams (the app's, or a test's): a test's streams never meet another's. */
const registries = new WeakMap<CreateEventStream, Map<string, SharedStream>>();

const registryOf = (createStream: CreateEventStream) => {
  let registry = registries.get(createStream);
  if (!registry) {
    registry = new Map();
    registries.set(createStream, registry);
  }
  return registry;
};

/** Hands what was received to one listener; a failing listener does not stop the others. */
const deliver = (listener: StreamListener, received: Received) => {
  try {
    if ('event' in received) listener.onEvent(received.event);
    else listener.onReset(received.reset);
  } catch (error) {
    console.warn('event stream: a listener failed', error);
  }
};

/**
 * Listens to the stream at `path` (and `scope`: whose stream it is), opening it if no screen
 * holds it yet: from where the last visit stopped, or else from `from`. Answers the detach,
 * after which the stream lingers for the next listener (STREAM_LINGER_MS), then closes (at once
 * if its connection is cut meanwhile). What arrived while no screen listened is handed, at the
 * end of the task, to every listener that attached in it. The id to resume from is kept only for
 * what a listener was handed: what was never handed over is replayed by the next opening.
 */
export const attachStream = (
  createStream: CreateEventStream,
  stream: { path: string; scope: string | undefined; from: number | undefined },
  listener: StreamListener,
): (() => void) => {
  const { path, scope, from } = stream;
  const registry = registryOf(createStream);
  const key = `${scope ?? ''} ${path}`;

  /** Hands what is held to every listener attached by now (those of one commit together). */
  const handOver = (entry: SharedStream) => {
    if (entry.handingOver) return;
    entry.handingOver = true;
    queueMicrotask(() => {
      entry.handingOver = false;
      if (entry.listeners.size === 0) return;
      for (const received of entry.held.splice(0))
        for (const each of [...entry.listeners]) deliver(each, received);
      if (entry.heldUpTo !== null) lastEventIdStore.set(path, scope, entry.heldUpTo);
      entry.heldUpTo = null;
    });
  };

  /** Closes a stream no screen listens to, and forgets it: the next screen opens another. */
  const closeNow = (entry: SharedStream) => {
    if (entry.closing !== null) clearTimeout(entry.closing);
    entry.closing = null;
    if (registry.get(key) === entry) registry.delete(key);
    entry.client.close();
  };

  const connect = (entry: SharedStream) => {
    const receive = (received: Received) => {
      if (entry.listeners.size > 0 && entry.held.length === 0) {
        for (const each of [...entry.listeners]) deliver(each, received);
        return;
      }
      entry.held.push(received);
      if (entry.listeners.size > 0) handOver(entry);
    };
    const report = (status: StreamStatus) => {
      entry.status = status;
      for (const each of [...entry.listeners]) each.onStatus(status);
      // Cut while it lingers (the server ends the stream of a sign-in that ended, as when the
      // player has just logged out): nobody listens, so it closes instead of asking again, which
      // could only meet a 401. The next screen on it opens it afresh, from the last id handed.
      if (status.state === 'reconnecting' && entry.listeners.size === 0) closeNow(entry);
    };
    entry.client = createStream(path, {
      lastEventId: lastEventIdStore.get(path, scope) ?? (from === undefined ? null : String(from)),
      onEvent: (event) => receive({ event }),
      onReset: (reset) => receive({ reset }),
      onLastEventId: (id) => {
        if (entry.listeners.size === 0 || entry.held.length > 0) entry.heldUpTo = id;
        else lastEventIdStore.set(path, scope, id);
      },
      onStatus: report,
    });
  };

  let shared = registry.get(key);
  if (!shared) {
    shared = {
      client: null as unknown as EventStreamClient,
      listeners: new Set(),
      status: { state: 'connecting' },
      held: [],
      heldUpTo: null,
      handingOver: false,
      closing: null,
    };
    connect(shared);
    registry.set(key, shared);
  } else if (shared.status.state === 'closed') {
    // Refused for good (signed out, no longer a player of the session): a screen that comes
    // after asks again, for every screen on it, rather than inheriting the refusal.
    shared.client.close();
    shared.status = { state: 'connecting' };
    for (const each of [...shared.listeners]) each.onStatus(shared.status);
    connect(shared);
  }

  const attached = shared;
  if (attached.closing !== null) clearTimeout(attached.closing);
  attached.closing = null;
  attached.listeners.add(listener);
  listener.onStatus(attached.status);
  if (attached.held.length > 0 || attached.heldUpTo !== null) handOver(attached);

  return () => {
    attached.listeners.delete(listener);
    if (attached.listeners.size > 0 || attached.closing !== null) return;
    attached.closing = setTimeout(() => closeNow(attached), STREAM_LINGER_MS);
  };
};

/**
 * Closes at once every stream opened through `createStream`, listened to or lingering: the end
 * of an app that opened them (a test's), whose streams must not live on into the next.
 */
export const closeStreamsOf = (createStream: CreateEventStream) => {
  const registry = registries.get(createStream);
  if (!registry) return;
  for (const shared of registry.values()) {
    if (shared.closing !== null) clearTimeout(shared.closing);
    shared.client.close();
  }
  registry.clear();
};
