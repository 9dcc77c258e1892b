import {
  eventEnvelopeSchema,
  lastEventIdSchema,
  streamResetSchema,
  type EventEnvelope,
  type StreamReset,
} from '@rampart/contracts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { isApiError, parseRetryAfter } from '../api-error';
import { defaultBackoff, reconnectDelay, type BackoffSettings } from './reconnect-delay';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StreamStatus {
  state: ConnectionState;
  /** `reconnecting`: how long until the next attempt. */
  retryInMs?: number;
  /** `closed` because the server refused the stream: its HTTP status. */
  refusedWith?: number;
}

/**
 * Opens the stream once. `lastEventId` travels as the `Last-Event-ID` header. Answers the
 * response, or rejects (an ApiError carries the status of a refusal).
 */
export type OpenStream = (request: {
  lastEventId: string | null;
  signal: AbortSignal;
}) => Promise<Response>;

export interface StreamTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StreamLogger {
  warn(message: string, ...details: unknown[]): void;
}

export interface EventStreamClientOptions {
  open: OpenStream;
  /** Where to resume: the sequence of the last event handled, from an earlier stream. */
  lastEventId?: string | null;
  onEvent(event: EventEnvelope): void;
  /** The stream cannot continue from `lastEventId`: what was built from it must be refetched. */
  onReset?(reset: StreamReset): void;
  onStatus?(status: StreamStatus): void;
  /** Called each time the id to resume from moves (to keep it beyond this client's life). */
  onLastEventId?(id: string): void;
  backoff?: BackoffSettings;
  /** The least wait after a 429 that names no `Retry-After`. */
  rateLimitedDelayMs?: number;
  /** A stream open this long counts as healthy: the next failure starts from the base delay. */
  healthyAfterMs?: number;
  /** No byte for this long (heartbeats included) means a dead connection. */
  watchdogMs?: number;
  random?: () => number;
  now?: () => number;
  timers?: StreamTimers;
  logger?: StreamLogger;
}

export interface EventStreamClient {
  readonly state: ConnectionState;
  readonly lastEventId: string | null;
  /** Stops for good: aborts the request, cancels any planned reconnection. */
  close(): void;
}

/** The server sends a heartbeat comment every 15 s. */
const HEARTBEAT_MS = 15_000;

/** Refusals a new attempt cannot fix: the auth layer (401) or the screen (403, 404) decides. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);
const RATE_LIMITED = 429;
/** The only thing that makes the server answer 422 here is the `Last-Event-ID` sent. */
const INVALID_LAST_EVENT_ID = 422;

const realTimers: StreamTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Failure {
  status: number;
  retryAfterMs: number | null;
}

const failureOfError = (error: unknown): Failure =>
  isApiError(error)
    ? {
        status: error.status,
        retryAfterMs: error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000,
      }
    : { status: 0, retryAfterMs: null };

const failureOfResponse = (response: Response): Failure => {
  const seconds = parseRetryAfter(response.headers.get('Retry-After'));
  return { status: response.status, retryAfterMs: seconds === null ? null : seconds * 1000 };
};

const isEventStream = (response: Response) =>
  (response.headers.get('Content-Type') ?? '').startsWith('text/event-stream');

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const ignore = () => undefined;

/**
 * Reads one Server-Sent Events stream of the API with `fetch` (EventSource cannot send the
 * bearer token of token mode) and keeps it alive: resumes from the last event handled after
 * every failure, with exponential backoff and full jitter, and drops a connection that has gone
 * silent. Every message is checked against the contracts; one that does not match is logged and
 * skipped, never fatal. Starts at once.
 */
export const createEventStreamClient = (options: EventStreamClientOptions): EventStreamClient => {
  const {
    open,
    onEvent,
    onReset,
    onStatus,
    onLastEventId,
    backoff = defaultBackoff,
    rateLimitedDelayMs = 15_000,
    healthyAfterMs = 30_000,
    watchdogMs = HEARTBEAT_MS * 2.5,
    random = Math.random,
    now = Date.now,
    timers = realTimers,
    logger = console,
  } = options;

  let lastEventId = options.lastEventId ?? null;
  let state: ConnectionState = 'connecting';
  let stopped = false;
  let attempt = 0;
  let connection: AbortController | null = null;
  let retryTimer: unknown = null;
  let watchdog: unknown = null;

  const report = (status: StreamStatus) => {
    state = status.state;
    onStatus?.(status);
  };

  const disarmWatchdog = () => {
    if (watchdog !== null) timers.clearTimeout(watchdog);
    watchdog = null;
  };
  const armWatchdog = (controller: AbortController) => {
    disarmWatchdog();
    watchdog = timers.setTimeout(() => {
      watchdog = null;
      logger.warn(`event stream silent for ${watchdogMs} ms: reconnecting`);
      controller.abort(new Error('event stream silent'));
    }, watchdogMs);
  };

  const remember = (id: string) => {
    lastEventId = id;
    onLastEventId?.(id);
  };
  const handledUpTo = () => (lastEventId === null ? 0 : Number(lastEventId));

  const handleReset = (message: EventSourceMessage) => {
    const parsed = streamResetSchema.safeParse(parseJson(message.data));
    if (!parsed.success) {
      logger.warn('event stream: skipped an invalid stream.reset', parsed.error);
      return;
    }
    remember(String(parsed.data.sequence));
    try {
      onReset?.(parsed.data);
    } catch (error) {
      logger.warn('event stream: a stream.reset handler failed', error);
    }
  };

  const handleEvent = (message: EventSourceMessage) => {
    const parsed = eventEnvelopeSchema.safeParse(parseJson(message.data));
    if (!parsed.success) {
      logger.warn(`event stream: skipped an unknown or invalid event (${message.event ?? '?'})`);
      // Its id still counts, or every reconnection would bring it back.
      const id = lastEventIdSchema.safeParse(message.id);
      if (id.success && Number(id.data) > handledUpTo()) remember(id.data);
      return;
    }
    const event = parsed.data;
    // The server never repeats an event; a client that resumes must not either, whatever happens.
    if (event.sequence <= handledUpTo()) return;
    try {
      onEvent(event);
    } catch (error) {
      logger.warn(`event stream: the handler of ${event.type} failed`, error);
    }
    remember(String(event.sequence));
  };

  const handleMessage = (message: EventSourceMessage) =>
    message.event === 'stream.reset' ? handleReset(message) : handleEvent(message);

  const scheduleReconnect = (failure: Failure | null) => {
    let delay = reconnectDelay(attempt, random, backoff);
    attempt += 1;
    // Told to slow down: wait at least what the server asks, jittered on top so that the
    // clients it refused do not come back together.
    if (failure?.status === RATE_LIMITED) delay += failure.retryAfterMs ?? rateLimitedDelayMs;
    report({ state: 'reconnecting', retryInMs: delay });
    // Closed by whoever was told (nobody listens any more): no attempt to plan.
    if (stopped) return;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  const handleFailure = (failure: Failure) => {
    if (FINAL_STATUSES.has(failure.status)) {
      stopped = true;
      report({ state: 'closed', refusedWith: failure.status });
      return;
    }
    if (failure.status === INVALID_LAST_EVENT_ID) lastEventId = null;
    scheduleReconnect(failure);
  };

  /** Reads the body until it ends or fails; events are handled as they arrive. */
  const consume = async (body: ReadableStream<Uint8Array>, controller: AbortController) => {
    const parser = createParser({
      onEvent: (message) => {
        if (connection === controller) handleMessage(message);
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || connection !== controller) return;
        armWatchdog(controller);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A cut connection or the watchdog: the caller reconnects.
    } finally {
      reader.cancel().catch(ignore);
    }
  };

  const connect = async () => {
    if (stopped) return;
    const controller = new AbortController();
    connection = controller;
    const current = () => connection === controller && !stopped;
    armWatchdog(controller);

    let response: Response;
    try {
      response = await open({ lastEventId, signal: controller.signal });
    } catch (error) {
      if (!current()) return;
      disarmWatchdog();
      handleFailure(failureOfError(error));
      return;
    }
    if (!current() || !response.ok || !response.body || !isEventStream(response)) {
      response.body?.cancel().catch(ignore);
      if (!current()) return;
      disarmWatchdog();
      if (response.ok) logger.warn('event stream: the answer is not an event stream');
      handleFailure(response.ok ? { status: 0, retryAfterMs: null } : failureOfResponse(response));
      return;
    }

    const openedAt = now();
    report({ state: 'open' });
    armWatchdog(controller);
    await consume(response.body, controller);
    if (!current()) return;
    disarmWatchdog();
    if (now() - openedAt >= healthyAfterMs) attempt = 0;
    scheduleReconnect(null);
  };

  void connect();

  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    close() {
      if (state === 'closed' && stopped) return;
      stopped = true;
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      retryTimer = null;
      disarmWatchdog();
      const controller = connection;
      connection = null;
      controller?.abort();
      report({ state: 'closed' });
    },
  };
};
