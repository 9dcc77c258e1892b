import type { EventEnvelope, StreamReset } from '@rampart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../api-client';
import { createBearerTokenInterceptor } from '../api-interceptors';
import { openThroughApiClient } from './event-stream-context';
import {
  createEventStreamClient,
  type EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatus,
} from './stream-client';
import {
  buildEnvelope,
  frameOf,
  refuseWith,
  silentStream,
  startSseTestServer,
  type SseTestServer,
} from './testing/sse-test-server';
import { eventually } from '../../test/eventually';

const PATH = '/api/me/events';
const chapterAssigned = (sequence: number) =>
  buildEnvelope(sequence, {
    type: 'chapter.assigned',
    payload: {
      chapterUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a70',
      title: { en: 'Web basics', fr: 'Les bases du web' },
    },
  });

let server: SseTestServer;
let http: ApiClient;
const clients: EventStreamClient[] = [];

beforeEach(async () => {
  server = await startSseTestServer();
  http = createApiClient({ baseUrl: new URL(server.url).origin });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server.close();
});

/** A client of the test server through the app's API client, recording what it hears. */
const connect = (options: Partial<EventStreamClientOptions> = {}) => {
  const events: EventEnvelope[] = [];
  const statuses: StreamStatus[] = [];
  const resets: StreamReset[] = [];
  const logger = { warn: vi.fn() };
  const client = createEventStreamClient({
    open: openThroughApiClient(http, PATH),
    onEvent: (event) => events.push(event),
    onReset: (reset) => resets.push(reset),
    onStatus: (status) => statuses.push(status),
    backoff: { baseMs: 20, capMs: 200 },
    random: () => 0.5,
    logger,
    ...options,
  });
  clients.push(client);
  const retryDelays = () =>
    statuses.filter((status) => status.state === 'reconnecting').map((s) => s.retryInMs);
  return { client, events, statuses, resets, logger, retryDelays };
};

const sequences = (events: EventEnvelope[]) => events.map((event) => event.sequence);
const untilOpen = (client: EventStreamClient) =>
  eventually(() => expect(client.state).toBe('open'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Timers that fire only when the test moves the clock; counts the timers armed per delay. */
const manualClock = () => {
  let now = 0;
  const pending = new Map<number, { due: number; callback: () => void }>();
  const armed = new Map<number, number>();
  let next = 0;
  return {
    setTimeout: (callback: () => void, ms: number) => {
      next += 1;
      pending.set(next, { due: now + ms, callback });
      armed.set(ms, (armed.get(ms) ?? 0) + 1);
      return next;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    armedFor: (ms: number) => armed.get(ms) ?? 0,
    advance: (ms: number) => {
      now += ms;
      for (const [handle, timer] of [...pending]) {
        if (timer.due > now) continue;
        pending.delete(handle);
        timer.callback();
      }
    },
  };
};

describe('event stream client', () => {
  it('receives typed events in order and remembers the last one handled', async () => {
    const { client, events, statuses } = connect();
    await untilOpen(client);
    server.publish(chapterAssigned(1));
    server.publish(buildEnvelope(2));

    await eventually(() => expect(sequences(events)).toEqual([1, 2]));
    const [first] = events;
    expect(first?.type).toBe('chapter.assigned');
    if (first?.type === 'chapter.assigned') expect(first.payload.title.en).toBe('Web basics');
    expect(client.lastEventId).toBe('2');
    expect(statuses[0]).toEqual({ state: 'open' });
  });

  it('asks for an event stream with the API client’s credentials (token mode’s bearer)', async () => {
    http.use(createBearerTokenInterceptor(() => 'player-token'));
    const { client } = connect({ lastEventId: '7' });
    await untilOpen(client);
    const [request] = server.requests;
    expect(request?.url).toBe(PATH);
    expect(request?.headers.accept).toBe('text/event-stream');
    expect(request?.headers.authorization).toBe('Bearer player-token');
    expect(request?.headers['last-event-id']).toBe('7');
  });

  it('resumes after a server-side disconnect from the last handled id: missed events once, in order', async () => {
    const { client, events, statuses } = connect({ random: () => 0 });
    await untilOpen(client);
    server.publish(buildEnvelope(1));
    server.publish(buildEnvelope(2));
    await eventually(() => expect(sequences(events)).toEqual([1, 2]));

    server.dropConnections();
    server.record(buildEnvelope(3));
    server.record(buildEnvelope(4));
    await eventually(() => expect(sequences(events)).toEqual([1, 2, 3, 4]));
    await untilOpen(client);
    server.publish(buildEnvelope(5));

    await eventually(() => expect(sequences(events)).toEqual([1, 2, 3, 4, 5]));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['last-event-id']).toBe('2');
    expect(statuses.map((status) => status.state)).toEqual(['open', 'reconnecting', 'open']);
  });

  it('backs off exponentially with full jitter while the server keeps failing', async () => {
    for (let i = 0; i < 5; i += 1) server.answerNext(refuseWith(503));
    const draws = [0.5, 0.999, 0.25, 0.75, 0.999];
    const { client, retryDelays } = connect({
      backoff: { baseMs: 8, capMs: 40 },
      random: () => draws.shift() ?? 0,
    });

    await eventually(() => expect(retryDelays()).toHaveLength(5));
    // Each delay is a draw in [0, min(cap, base × 2^attempt)): ceilings 8, 16, 32, 40, 40.
    expect(retryDelays()).toEqual([4, 15, 8, 30, 39]);
    await untilOpen(client);
  });

  it('starts again from the base delay once a stream has been healthy', async () => {
    server.answerNext(refuseWith(503), refuseWith(503));
    let clock = 0;
    const { client, retryDelays } = connect({
      backoff: { baseMs: 8, capMs: 1_000 },
      random: () => 0.999,
      healthyAfterMs: 1_000,
      now: () => clock,
    });
    await untilOpen(client);
    expect(retryDelays()).toEqual([7, 15]);

    clock += 1_000;
    server.dropConnections();
    await eventually(() => expect(retryDelays()).toEqual([7, 15, 7]));
  });

  it.each([401, 403, 404])('stops for good when the server answers %i', async (status) => {
    server.answerNext(refuseWith(status));
    const unauthorized = vi.fn();
    http.onUnauthorized(unauthorized);
    const { client, statuses } = connect();

    await eventually(() => expect(client.state).toBe('closed'));
    expect(statuses).toEqual([{ state: 'closed', refusedWith: status }]);
    // A 401 is the auth layer's to handle (reset the user, go to the login page).
    expect(unauthorized).toHaveBeenCalledTimes(status === 401 ? 1 : 0);
    await pause(100);
    expect(server.requests).toHaveLength(1);
  });

  it('waits longer when rate limited: what Retry-After says, plus jitter', async () => {
    server.answerNext(refuseWith(429, { 'retry-after': '3' }));
    const { retryDelays } = connect({
      backoff: { baseMs: 20, capMs: 200 },
      rateLimitedDelayMs: 50,
    });
    await eventually(() => expect(retryDelays()).toHaveLength(1));
    expect(retryDelays()[0]).toBe(3_000 + 10);
    expect(server.requests).toHaveLength(1);
  });

  it('waits the minimum after a 429 without Retry-After', async () => {
    server.answerNext(refuseWith(429));
    const { retryDelays } = connect({ rateLimitedDelayMs: 50 });
    await eventually(() => expect(retryDelays()).toHaveLength(1));
    expect(retryDelays()[0]).toBe(50 + 10);
  });

  it('forgets an id the server rejects (422) and starts again from the live stream', async () => {
    server.answerNext(refuseWith(422));
    const { client } = connect({ lastEventId: '12', random: () => 0 });
    await untilOpen(client);
    expect(server.requests[0]?.headers['last-event-id']).toBe('12');
    expect(server.requests[1]?.headers['last-event-id']).toBeUndefined();
  });

  it('skips and logs a message that is not a valid event, and goes on', async () => {
    const { client, events, logger } = connect();
    await untilOpen(client);
    server.write(frameOf({ sequence: 1, type: 'chapter.assigned' }, '{not json'));
    server.write(
      frameOf(
        { sequence: 2, type: 'objective.teleported' },
        { ...buildEnvelope(2), type: 'objective.teleported' },
      ),
    );
    server.write(
      frameOf(
        { sequence: 3, type: 'chapter.assigned' },
        { ...buildEnvelope(3), type: 'chapter.assigned' },
      ),
    );
    server.publish(buildEnvelope(4));

    await eventually(() => expect(sequences(events)).toEqual([4]));
    expect(logger.warn).toHaveBeenCalledTimes(3);
    expect(client.lastEventId).toBe('4');
    expect(client.state).toBe('open');
  });

  it('keeps going when a handler throws', async () => {
    const handled: number[] = [];
    const { client, logger } = connect({
      onEvent: (event) => {
        handled.push(event.sequence);
        if (event.sequence === 1) throw new Error('feature bug');
      },
    });
    await untilOpen(client);
    server.publish(buildEnvelope(1));
    server.publish(buildEnvelope(2));
    await eventually(() => expect(handled).toEqual([1, 2]));
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('handles stream.reset: tells its subscriber and continues from the sequence given', async () => {
    server.answerNext((request, response) => {
      server.openStream(request, response);
      response.write(
        frameOf(
          { sequence: 2, type: 'stream.reset' },
          {
            v: 1,
            type: 'stream.reset',
            sequence: 2,
            reason: 'last_event_id_ahead',
          },
        ),
      );
    });
    const { client, events, resets } = connect({ lastEventId: '99', random: () => 0 });
    await eventually(() => expect(resets).toHaveLength(1));
    expect(resets[0]).toMatchObject({ sequence: 2, reason: 'last_event_id_ahead' });
    expect(client.lastEventId).toBe('2');

    server.publish(buildEnvelope(3));
    await eventually(() => expect(sequences(events)).toEqual([3]));
    server.dropConnections();
    await eventually(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]?.headers['last-event-id']).toBe('3');
  });

  it('reconnects when the stream goes silent longer than the watchdog allows', async () => {
    server.answerNext(silentStream);
    const { client, logger } = connect({ watchdogMs: 150, random: () => 0 });
    await eventually(() => expect(server.requests).toHaveLength(2));
    await untilOpen(client);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('silent'));
  });

  it('stays connected while heartbeats arrive', async () => {
    // The watchdog runs on a clock the test moves: a busy machine that delays a heartbeat by
    // more than the watchdog allows would otherwise look like a silent stream.
    const clock = manualClock();
    const { client } = connect({ watchdogMs: 150, timers: clock });
    await untilOpen(client);
    for (let i = 0; i < 8; i += 1) {
      const armed = clock.armedFor(150);
      server.write(':\n\n');
      await eventually(() => expect(clock.armedFor(150)).toBe(armed + 1));
      clock.advance(100);
    }
    expect(server.requests).toHaveLength(1);
    expect(client.state).toBe('open');
  });

  it('reconnects when the heartbeats stop, on the same clock', async () => {
    const clock = manualClock();
    const { client } = connect({ watchdogMs: 150, timers: clock });
    await untilOpen(client);
    clock.advance(100);
    expect(client.state).toBe('open');
    clock.advance(50);
    await eventually(() => expect(client.state).toBe('reconnecting'));
    clock.advance(200);
    await eventually(() => expect(server.requests).toHaveLength(2));
  });

  it('plans no attempt when the one it tells of the next attempt closes it', async () => {
    const clock = manualClock();
    let client: EventStreamClient | null = null;
    const planned: number[] = [];
    ({ client } = connect({
      timers: clock,
      onStatus: (status) => {
        if (status.state !== 'reconnecting') return;
        planned.push(status.retryInMs ?? -1);
        client?.close();
      },
    }));
    await untilOpen(client);
    server.dropConnections();
    await eventually(() => expect(client?.state).toBe('closed'));

    expect(planned).toHaveLength(1);
    expect(clock.armedFor(planned[0]!)).toBe(0);
  });

  it('closes cleanly: the connection ends and nothing more is attempted', async () => {
    const { client, statuses } = connect({ random: () => 0 });
    await untilOpen(client);
    client.close();

    expect(client.state).toBe('closed');
    await eventually(() => expect(server.openStreams).toBe(0));
    server.publish(buildEnvelope(1));
    await pause(100);
    expect(server.requests).toHaveLength(1);
    expect(statuses.map((status) => status.state)).toEqual(['open', 'closed']);
  });
});
