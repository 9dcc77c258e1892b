import pg from 'pg';

/**
 * "Stream S has events up to N": the only thing nodes tell each other. Rows are always read
 * from the event log, so a lost, late or duplicated notification costs latency, never an event.
 */
export type StreamHeads = ReadonlyMap<string, number>;

export interface EventBus {
  /** After commit: announce new heads. Batched; never call inside a write transaction. */
  announce(heads: Iterable<readonly [string, number]>): void;
  /** Heads announced by any node (this one included). `reconnected` after a LISTEN outage. */
  onHeads(listener: (heads: StreamHeads) => void): void;
  onReconnected(listener: () => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'rampart_events';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes; keep well under it. */
const MAX_PAYLOAD_BYTES = 7000;

/** Raises each stream's head in `heads` to the announced one when that is higher. */
const raise = (heads: Map<string, number>, announced: Iterable<readonly [string, number]>) => {
  for (const [stream, head] of announced) {
    if ((heads.get(stream) ?? 0) < head) heads.set(stream, head);
  }
};

/**
 * Collects announcements for one tick and hands them over as one map (highest head per stream),
 * so a burst of commits costs one notification, not one per event.
 */
const createBatcher = (flush: (heads: Map<string, number>) => void) => {
  let pending: Map<string, number> | null = null;
  return (heads: Iterable<readonly [string, number]>) => {
    if (!pending) {
      pending = new Map();
      setImmediate(() => {
        const batch = pending!;
        pending = null;
        flush(batch);
      });
    }
    raise(pending, heads);
  };
};

/**
 * The most often a node notifies the others: a node reads a stream at most every
 * `PAGE_INTERVAL_MS` (event-hub.ts) anyway, and under load a NOTIFY per tick is a round trip of
 * the pool, and a wake-up of every listening connection, per batch of answers.
 */
export const NOTIFY_INTERVAL_MS = 50;

/**
 * Merges heads (highest per stream) and hands them over at most once per interval: at once (next
 * timer turn) after a quiet interval, so a lone commit is not held back, and otherwise at the end
 * of the interval, every head announced meanwhile in one go.
 */
const createThrottle = (intervalMs: number, flush: (heads: Map<string, number>) => void) => {
  let pending: Map<string, number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let sentAt = -Infinity;
  const send = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const heads = pending;
    pending = null;
    sentAt = performance.now();
    flush(heads);
  };
  return {
    add(heads: ReadonlyMap<string, number>) {
      pending ??= new Map();
      raise(pending, heads);
      if (timer) return;
      timer = setTimeout(send, Math.max(0, sentAt + intervalMs - performance.now()));
      timer.unref();
    },
    /** What is pending, now (the node is stopping). */
    flush: send,
  };
};

/** Embedded mode: one process, so the bus is in memory. */
export const createLocalEventBus = (): EventBus => {
  const listeners: ((heads: StreamHeads) => void)[] = [];
  const announce = createBatcher((heads) => {
    for (const listener of listeners) listener(heads);
  });
  return {
    announce,
    onHeads: (listener) => void listeners.push(listener),
    onReconnected: () => {},
    start: async () => {},
    close: async () => {},
  };
};

/** Splits heads into NOTIFY payloads under the size limit: `[["session:…", 12], …]`. */
export const encodeHeads = (heads: Map<string, number>): string[] => {
  const payloads: string[] = [];
  let current: [string, number][] = [];
  let size = 2;
  for (const entry of heads) {
    const entrySize = entry[0].length + 24;
    if (current.length > 0 && size + entrySize > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(entry);
    size += entrySize;
  }
  if (current.length > 0) payloads.push(JSON.stringify(current));
  return payloads;
};

const decodeHeads = (payload: string | undefined): Map<string, number> => {
  const heads = new Map<string, number>();
  try {
    const entries = JSON.parse(payload ?? '[]') as unknown;
    if (!Array.isArray(entries)) return heads;
    for (const entry of entries) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isSafeInteger(entry[1])) {
        heads.set(entry[0], entry[1] as number);
      }
    }
  } catch {
    // Not ours: ignored.
  }
  return heads;
};

export interface BusLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Cluster mode: LISTEN on a dedicated connection, NOTIFY through the pool after commit, at most
 * once per `NOTIFY_INTERVAL_MS` (what is announced meanwhile goes in the next one). Heads
 * announced here are also handed to this node at once (no round trip, no wait, for local
 * clients); the echo of our own NOTIFY is then a no-op for the hub. The LISTEN connection
 * reconnects with backoff when it drops (PostgreSQL restart, network cut); listeners of
 * `onReconnected` then catch up from the log, since notifications sent meanwhile are lost.
 */
export const createPostgresEventBus = (options: {
  connectionString: string;
  notify: (channel: string, payload: string) => Promise<void>;
  logger: BusLogger;
  /** `NOTIFY_INTERVAL_MS` unless given (tests). */
  notifyIntervalMs?: number;
}): EventBus => {
  const headListeners: ((heads: StreamHeads) => void)[] = [];
  const reconnectListeners: (() => void)[] = [];
  const deliver = (heads: StreamHeads) => {
    for (const listener of headListeners) listener(heads);
  };
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let everConnected = false;

  const notifyOthers = createThrottle(options.notifyIntervalMs ?? NOTIFY_INTERVAL_MS, (heads) => {
    for (const payload of encodeHeads(heads)) {
      options.notify(CHANNEL, payload).catch((error: unknown) => {
        // Other nodes will read these events at their next notification or periodic check.
        options.logger.warn({ err: error }, 'event notification not sent');
      });
    }
  });
  const announce = createBatcher((heads) => {
    deliver(heads);
    notifyOthers.add(heads);
  });

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(5000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'rampart-listen',
      connectionTimeoutMillis: 3000,
      keepAlive: true,
    });
    // Unhandled, 'error' on a pg client ends the process.
    candidate.on('error', (error) => {
      options.logger.warn({ err: error }, 'event listener connection lost');
      dropped(candidate);
    });
    candidate.on('end', () => dropped(candidate));
    candidate.on('notification', (message) => {
      if (message.channel === CHANNEL) deliver(decodeHeads(message.payload));
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      candidate.removeAllListeners('end');
      await candidate.end().catch(() => {});
      if (closed) return;
      if (!everConnected) throw error;
      options.logger.warn({ err: error }, 'event listener cannot reconnect yet');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    attempt = 0;
    if (everConnected) {
      options.logger.info({}, 'event listener reconnected');
      for (const listener of reconnectListeners) listener();
    }
    everConnected = true;
  };

  const dropped = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    scheduleReconnect();
  };

  return {
    announce,
    onHeads: (listener) => void headListeners.push(listener),
    onReconnected: (listener) => void reconnectListeners.push(listener),
    start: () => connect(),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      notifyOthers.flush();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
};
