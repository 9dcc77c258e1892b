import { REALTIME_PROTOCOL_VERSION } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  findStreamHead,
  findStreamHeads,
  readEventsAfter,
  type LoggedEvent,
} from './event-log.repository.js';
import type { EventBus, StreamHeads } from './event-bus.js';

/** Where a stream's bytes go: an HTTP response, in production. */
export interface EventSink {
  write(bytes: Buffer): void;
  /** Bytes written but not yet sent: a client that stops reading is cut past a limit. */
  bufferedBytes(): number;
  /**
   * Resolves once what was written has gone to the client (at once if nothing waits): true, or
   * false if the client went away first. A replay from the log waits on it between its pages.
   */
  drained(): Promise<boolean>;
  end(): void;
}

export interface Subscription {
  close(): void;
}

export interface HubLogger {
  warn(details: object, message: string): void;
}

interface Frame {
  sequence: number;
  audience: string;
  bytes: Buffer;
  /** A `session.access_changed`: the stream of whoever sees it ends right after it. */
  endsAccess: boolean;
}

/**
 * The frames a subscriber may be sent before its stream must end: up to and including the first
 * `session.access_changed` it sees (its audiences were computed before that change), or all.
 */
const untilAccessChange = (frames: readonly Frame[], audiences: ReadonlySet<string>) => {
  const index = frames.findIndex((frame) => frame.endsAccess && audiences.has(frame.audience));
  return index < 0 ? { frames, ends: false } : { frames: frames.slice(0, index + 1), ends: true };
};

interface Subscriber {
  readonly sink: EventSink;
  readonly audiences: ReadonlySet<string>;
  readonly owner: string;
  /** The last sequence of the stream this subscriber is past (sent or not visible to it). */
  position: number;
  /** While replaying from the log: the live frames that arrived meanwhile, in order. */
  pending: Frame[] | null;
  closed: boolean;
  /** Whether the sign-in that opened the stream still holds (none: not asked). */
  readonly signedIn: (() => Promise<boolean>) | null;
  /** A `signedIn` check is under way. */
  checking: boolean;
}

interface Channel {
  readonly stream: string;
  /** Last sequence read from the log for this node's subscribers; every lower one was read. */
  cursor: number;
  /** Highest sequence announced for this stream. */
  target: number;
  readonly ready: Promise<void>;
  readonly subscribers: Set<Subscriber>;
  pumping: boolean;
  /** When the channel last wrote a page to its subscribers (performance.now()). */
  deliveredAt: number;
  /** How long writing that page to every subscriber took, in milliseconds. */
  deliveryCost: number;
}

const PAGE = 500;
/**
 * A channel writes a page at most this often. Each page costs a system call per client: under a
 * burst of answers (a batch commits every few milliseconds, hundreds of clients read the
 * session) the pages grow instead of multiplying. Events further apart than this leave at once;
 * under a burst, an event waits at most this long more, three frames of a screen.
 */
export const PAGE_INTERVAL_MS = 50;
/**
 * Past the interval, a channel also waits as long as its last page took to write: with
 * thousands of clients (or a thread the machine shares), writing a page costs tens of
 * milliseconds, and pages back to back would leave the thread nothing else (the answers that
 * make the events, the embedded database) and queue the next events behind it. Waiting that long
 * keeps the writes under half of the thread, and more events leave in each page instead. Capped,
 * so an event never waits more than this for a page of its own.
 */
export const MAX_PAGE_INTERVAL_MS = 250;
/**
 * After a failed read of the log (the database unreachable for a moment), the channel, or the
 * catch-up that follows a LISTEN outage, tries again this long after. Without it, what was
 * announced but not read would wait for the stream's next event or the periodic check.
 */
export const READ_RETRY_MS = 1000;
/** A live client that lets this much pile up is disconnected; it resumes from the log. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * A replay writes a page, then waits for the client to take it once this much waits for it. A
 * backlog of any size goes out paced by the socket, never held whole in memory, and never cut by
 * the limit above (which is for live clients, written to without waiting).
 */
const REPLAY_HIGH_WATER_BYTES = 64 * 1024;
/**
 * Live frames queued for a subscriber while it replays. A client that stops reading in the middle
 * of its replay is disconnected past this many, as a live one is past its byte limit.
 */
const MAX_PENDING_FRAMES = 20_000;
/**
 * How replays read the log on this node. `readsAtOnce`: replays reading at once; a herd of
 * clients resuming together (a room's Wi-Fi back) would otherwise put a page read each before
 * every ordinary request's query; the others wait their turn. `pageSize`: events per read.
 */
export interface ReplayReads {
  readsAtOnce: number;
  pageSize: number;
}

/** On PostgreSQL a read waits for the database, in another process: the thread stays free. */
export const REPLAY_READS_ON_SERVER: ReplayReads = { readsAtOnce: 2, pageSize: PAGE };

/**
 * On PGlite a read runs in the node's own thread, from start to end, and Node takes in one new
 * connection per turn of its event loop: while a herd replays, a request that connects behind
 * the herd's own connections waits one turn for each, and each turn holds as many page reads as
 * run at once. So one read per turn, of a page small enough (about 100 KB of events) that a turn
 * stays short: the request waits for a few small reads instead of pairs of large ones.
 */
export const REPLAY_READS_EMBEDDED: ReplayReads = { readsAtOnce: 1, pageSize: 100 };
const HEARTBEAT = Buffer.from(':\n\n');

/** One SSE message, serialised once and written to every subscriber who may see it. */
export const serialiseEvent = (event: LoggedEvent): Frame => {
  const data = JSON.stringify({
    v: REALTIME_PROTOCOL_VERSION,
    sequence: event.sequence,
    audience: event.audience,
    createdAt: event.createdAt.toISOString(),
    type: event.type,
    payload: event.payload,
  });
  return {
    sequence: event.sequence,
    audience: event.audience,
    bytes: Buffer.from(`id: ${event.sequence}\nevent: ${event.type}\ndata: ${data}\n\n`),
    endsAccess: event.type === 'session.access_changed',
  };
};

const resetFrame = (sequence: number) =>
  Buffer.from(
    `id: ${sequence}\nevent: stream.reset\ndata: ${JSON.stringify({
      v: REALTIME_PROTOCOL_VERSION,
      type: 'stream.reset',
      sequence,
      reason: 'last_event_id_ahead',
    })}\n\n`,
  );

/** `closing`: the node is shutting down; the client should come back (to another node). */
export type SubscribeResult = { ok: Subscription } | { error: 'too_many_streams' | 'closing' };

/**
 * The node's side of fan-out. Clients of one stream share a channel: when the bus announces a
 * new head, the channel reads the new rows once, serialises each once and writes the bytes to
 * every subscriber whose audiences include the event's. A subscriber that resumes from a
 * `Last-Event-ID` replays from the log while live frames queue for it, then drains the queue:
 * the log is a gap-free prefix per stream (see appendEvent), so replay and live meet exactly.
 */
export const createEventHub = (deps: {
  db: Kysely<Database>;
  bus: EventBus;
  logger: HubLogger;
  heartbeatMs: number;
  maxStreamsPerOwner: number;
  replayReads?: ReplayReads;
  /** Told, for each event read live, when it was written (the metrics' fan-out lag). */
  delivered?: (writtenAt: Date) => void;
}) => {
  const { readsAtOnce, pageSize } = deps.replayReads ?? REPLAY_READS_ON_SERVER;
  const channels = new Map<string, Channel>();
  const streamsPerOwner = new Map<string, number>();
  let closed = false;
  let replayReads = 0;
  const replayReadQueue: (() => void)[] = [];

  /** A page of the log for a replay, once one of the replays' turns is free. */
  const readReplayPage = async (stream: string, after: number) => {
    if (replayReads >= readsAtOnce)
      await new Promise<void>((resolve) => replayReadQueue.push(resolve));
    else replayReads += 1;
    try {
      return await readEventsAfter(deps.db, stream, after, pageSize);
    } finally {
      // The turn passes to the next waiting replay, or is given back, on the loop's next turn,
      // never at once: on PGlite a read runs in this thread, and a turn handed on straight away
      // (to another replay, or to this one's next page) would chain reads with no I/O in
      // between, leaving new connections and ordinary requests waiting for the whole herd.
      setImmediate(() => {
        const next = replayReadQueue.shift();
        if (next) next();
        else replayReads -= 1;
      });
    }
  };

  const send = (subscriber: Subscriber, bytes: Buffer) => {
    if (subscriber.closed) return;
    subscriber.sink.write(bytes);
    if (subscriber.sink.bufferedBytes() > MAX_BUFFERED_BYTES) {
      deps.logger.warn({ owner: subscriber.owner }, 'event stream client too slow: disconnected');
      detach(subscriber);
    }
  };

  /**
   * A page of frames, in one write per subscriber. Subscribers who see the same audiences of the
   * page share its bytes, put together once: under a burst, a page holds dozens of events and
   * hundreds of clients read the session, so the cost is a write per client, not one per event
   * and client. A subscriber still replaying queues what it may see; one already past part of the
   * page (it joined while the page was read) gets the rest.
   */
  const deliverPage = (channel: Channel, frames: readonly Frame[]) => {
    // The key of a subscriber's share of the page: which of the page's audiences it sees, one
    // character each (a page of session events: one audience, so one or two shares in all).
    const pageAudiences = [...new Set(frames.map((frame) => frame.audience))];
    const endsAccess = frames.some((frame) => frame.endsAccess);
    const shared = new Map<string, Buffer | null>();
    const first = frames[0]!.sequence;
    const last = frames.at(-1)!.sequence;
    const bytesOf = (subscriber: Subscriber) => {
      const visible = frames.filter(
        (frame) => frame.sequence > subscriber.position && subscriber.audiences.has(frame.audience),
      );
      return visible.length === 0 ? null : Buffer.concat(visible.map((frame) => frame.bytes));
    };
    for (const subscriber of channel.subscribers) {
      if (subscriber.pending) {
        for (const frame of frames)
          if (subscriber.audiences.has(frame.audience)) subscriber.pending.push(frame);
        if (subscriber.pending.length > MAX_PENDING_FRAMES) {
          deps.logger.warn(
            { owner: subscriber.owner },
            'event stream replay too slow: disconnected',
          );
          detach(subscriber);
        }
        continue;
      }
      if (subscriber.position >= last) continue;
      if (endsAccess) {
        const cut = untilAccessChange(
          frames.filter((frame) => frame.sequence > subscriber.position),
          subscriber.audiences,
        );
        if (cut.ends) {
          // Rare (one player, one trainer's action): no shared bytes, and the stream ends.
          const visible = cut.frames.filter((frame) => subscriber.audiences.has(frame.audience));
          subscriber.position = cut.frames.at(-1)!.sequence;
          send(subscriber, Buffer.concat(visible.map((frame) => frame.bytes)));
          detach(subscriber);
          continue;
        }
      }
      let bytes: Buffer | null | undefined;
      if (subscriber.position >= first) bytes = bytesOf(subscriber);
      else {
        let key = '';
        for (const audience of pageAudiences) key += subscriber.audiences.has(audience) ? '1' : '0';
        bytes = shared.get(key);
        if (bytes === undefined) shared.set(key, (bytes = bytesOf(subscriber)));
      }
      subscriber.position = last;
      if (bytes) send(subscriber, bytes);
    }
  };

  /** Reads what the channel has not read yet, once for all its subscribers. */
  const pump = async (channel: Channel) => {
    if (channel.pumping) return;
    channel.pumping = true;
    try {
      await channel.ready;
      while (channel.cursor < channel.target && channels.get(channel.stream) === channel) {
        const interval = Math.min(
          MAX_PAGE_INTERVAL_MS,
          Math.max(PAGE_INTERVAL_MS, channel.deliveryCost),
        );
        const wait = channel.deliveredAt + interval - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const events = await readEventsAfter(deps.db, channel.stream, channel.cursor, PAGE);
        // A page leaves in one write per client, whatever the number of its events: a batch of
        // answers appends several events at once, and hundreds of clients read each stream.
        const startedAt = performance.now();
        if (events.length > 0) {
          deliverPage(channel, events.map(serialiseEvent));
          channel.cursor = events.at(-1)!.sequence;
          if (deps.delivered) for (const event of events) deps.delivered(event.createdAt);
        }
        channel.deliveredAt = performance.now();
        channel.deliveryCost = channel.deliveredAt - startedAt;
        // Announced but not readable: only a head announced by mistake; the periodic check
        // settles it rather than spinning here.
        if (events.length === 0) channel.target = channel.cursor;
      }
    } catch (error) {
      deps.logger.warn({ err: error, stream: channel.stream }, 'event stream read failed');
      const retry = setTimeout(() => {
        if (!closed && channels.get(channel.stream) === channel) void pump(channel);
      }, READ_RETRY_MS);
      retry.unref();
    } finally {
      channel.pumping = false;
    }
  };

  const onHeads = (heads: StreamHeads) => {
    for (const [stream, head] of heads) {
      const channel = channels.get(stream);
      if (!channel) continue;
      channel.target = Math.max(channel.target, head);
      if (channel.cursor < channel.target) void pump(channel);
    }
  };

  /** After a LISTEN outage or on the periodic check: heads from the log itself. */
  const catchUp = async (): Promise<boolean> => {
    if (channels.size === 0) return true;
    try {
      onHeads(await findStreamHeads(deps.db, [...channels.keys()]));
      return true;
    } catch (error) {
      deps.logger.warn({ err: error }, 'event streams catch-up failed');
      return false;
    }
  };

  /**
   * Notifications sent during a LISTEN outage are lost: the heads are read, after the
   * reconnection, until that succeeds. Each reconnection starts its own read.
   */
  const catchUpAfterOutage = async () => {
    if (closed || (await catchUp())) return;
    setTimeout(() => void catchUpAfterOutage(), READ_RETRY_MS).unref();
  };

  deps.bus.onHeads(onHeads);
  deps.bus.onReconnected(() => void catchUpAfterOutage());

  /**
   * Ends a stream whose sign-in has ended since it opened (signed out, password changed, ended
   * from the account's list of sessions, idle): its client's next attempt meets a 401. A check
   * that fails (the database away) leaves the stream open. Not while the stream replays: it may
   * not have written its response's head yet, and its first heartbeat after will ask.
   */
  const checkSignedIn = (subscriber: Subscriber, stream: string) => {
    if (!subscriber.signedIn || subscriber.checking || subscriber.pending) return;
    subscriber.checking = true;
    subscriber.signedIn().then(
      (live) => {
        subscriber.checking = false;
        if (!live) detach(subscriber, stream);
      },
      () => {
        subscriber.checking = false;
      },
    );
  };

  const heartbeat = setInterval(() => {
    for (const channel of channels.values()) {
      // A subscriber still replaying is sent pages, paced by its socket: no heartbeat needed,
      // and none may cut it for what its replay has queued.
      for (const subscriber of channel.subscribers) {
        if (!subscriber.pending) send(subscriber, HEARTBEAT);
        checkSignedIn(subscriber, channel.stream);
      }
    }
    // A safety net under the notifications (a node that died between commit and NOTIFY).
    void catchUp();
  }, deps.heartbeatMs);
  heartbeat.unref();

  const channelFor = (stream: string): Channel => {
    const existing = channels.get(stream);
    if (existing) return existing;
    const channel: Channel = {
      stream,
      cursor: 0,
      target: 0,
      subscribers: new Set(),
      pumping: false,
      deliveredAt: 0,
      deliveryCost: 0,
      ready: findStreamHead(deps.db, stream).then((head) => {
        channel.cursor = Math.max(channel.cursor, head);
        channel.target = Math.max(channel.target, head);
      }),
    };
    channel.ready.catch(() => channels.delete(stream));
    channels.set(stream, channel);
    return channel;
  };

  const detach = (subscriber: Subscriber, stream?: string) => {
    if (subscriber.closed) return;
    subscriber.closed = true;
    subscriber.sink.end();
    const count = (streamsPerOwner.get(subscriber.owner) ?? 1) - 1;
    if (count > 0) streamsPerOwner.set(subscriber.owner, count);
    else streamsPerOwner.delete(subscriber.owner);
    for (const channel of stream ? [channels.get(stream)] : channels.values()) {
      if (!channel?.subscribers.delete(subscriber)) continue;
      if (channel.subscribers.size === 0) channels.delete(channel.stream);
      break;
    }
  };

  /**
   * Writes a replayed page to a subscriber, then waits while the client has not taken it: false
   * if the subscriber is gone (closed, or the client went away meanwhile).
   */
  const replayWrite = async (subscriber: Subscriber, bytes: Buffer): Promise<boolean> => {
    if (subscriber.closed) return false;
    subscriber.sink.write(bytes);
    if (subscriber.sink.bufferedBytes() <= REPLAY_HIGH_WATER_BYTES) return true;
    if (!(await subscriber.sink.drained())) detach(subscriber);
    return !subscriber.closed;
  };

  /**
   * Replays from `after`, then drains the frames that arrived live meanwhile. Both go out a page
   * at a time, in one write each, paced by the client's socket: live frames keep queueing for
   * the subscriber until its queue is empty, and only then does it take live pages directly.
   */
  const resume = async (channel: Channel, subscriber: Subscriber, after: number | null) => {
    if (after !== null && after > channel.cursor) {
      const head = await findStreamHead(deps.db, channel.stream);
      if (after > head) {
        subscriber.position = channel.cursor;
        send(subscriber, resetFrame(channel.cursor));
        after = null;
      }
    }
    if (after !== null) {
      subscriber.position = after;
      for (;;) {
        const events = await readReplayPage(channel.stream, subscriber.position);
        const cut = untilAccessChange(events.map(serialiseEvent), subscriber.audiences);
        const visible: Buffer[] = [];
        for (const frame of cut.frames) {
          if (subscriber.audiences.has(frame.audience)) visible.push(frame.bytes);
          subscriber.position = frame.sequence;
        }
        if (visible.length > 0 && !(await replayWrite(subscriber, Buffer.concat(visible)))) return;
        if (cut.ends) return detach(subscriber);
        if (events.length < pageSize || subscriber.closed) break;
      }
    }
    while (!subscriber.closed && subscriber.pending && subscriber.pending.length > 0) {
      const cut = untilAccessChange(
        subscriber.pending.splice(0).filter((frame) => frame.sequence > subscriber.position),
        subscriber.audiences,
      );
      const { frames } = cut;
      if (frames.length === 0) continue;
      subscriber.position = frames.at(-1)!.sequence;
      if (!(await replayWrite(subscriber, Buffer.concat(frames.map((frame) => frame.bytes)))))
        return;
      if (cut.ends) return detach(subscriber);
    }
    // Checked and cleared with no wait in between: no live page can slip past the queue.
    subscriber.pending = null;
  };

  return {
    /**
     * Attaches a client to a stream from `lastEventId` (null: from now on). `owner` is what the
     * per-account cap counts. The sink receives SSE bytes until the subscription is closed.
     */
    async subscribe(input: {
      stream: string;
      audiences: ReadonlySet<string>;
      owner: string;
      lastEventId: number | null;
      sink: EventSink;
      /** Asked at each heartbeat: false ends the stream (its sign-in has ended). */
      signedIn?: () => Promise<boolean>;
    }): Promise<SubscribeResult> {
      if (closed) return { error: 'closing' };
      const open = streamsPerOwner.get(input.owner) ?? 0;
      if (open >= deps.maxStreamsPerOwner) return { error: 'too_many_streams' };
      streamsPerOwner.set(input.owner, open + 1);
      const subscriber: Subscriber = {
        sink: input.sink,
        audiences: input.audiences,
        owner: input.owner,
        position: 0,
        pending: [],
        closed: false,
        signedIn: input.signedIn ?? null,
        checking: false,
      };
      const subscription = { close: () => detach(subscriber, input.stream) };
      try {
        let channel = channelFor(input.stream);
        await channel.ready;
        // The channel may have emptied and been replaced while this one initialised.
        channel = channelFor(input.stream);
        await channel.ready;
        // The node began shutting down meanwhile: nothing was written to the client yet.
        if (closed) {
          detach(subscriber, input.stream);
          return { error: 'closing' };
        }
        channel.subscribers.add(subscriber);
        // "From now": past what was committed and announced, even if the channel has not read
        // it yet (it may be waiting for its next page).
        subscriber.position = Math.max(channel.cursor, channel.target);
        await resume(channel, subscriber, input.lastEventId);
      } catch (error) {
        detach(subscriber, input.stream);
        throw error;
      }
      return { ok: subscription };
    },

    /** Open streams on this node (tests, metrics). */
    get subscriberCount() {
      let count = 0;
      for (const channel of channels.values()) count += channel.subscribers.size;
      return count;
    },

    /** Open streams on this node by kind: sessions' and users' own (the metrics). */
    openStreams() {
      const open = { session: 0, user: 0 };
      for (const channel of channels.values())
        open[channel.stream.startsWith('user:') ? 'user' : 'session'] += channel.subscribers.size;
      return open;
    },

    /** Ends every open stream (server shutdown): clients reconnect to another node. */
    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const channel of [...channels.values()]) {
        for (const subscriber of [...channel.subscribers]) detach(subscriber, channel.stream);
      }
      channels.clear();
    },
  };
};

export type EventHub = ReturnType<typeof createEventHub>;
