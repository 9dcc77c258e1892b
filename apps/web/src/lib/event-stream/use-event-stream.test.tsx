import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EventStreamContext,
  type CreateEventStream,
  type EventStreamSettings,
} from './event-stream-context';
import { lastEventIdStore } from './last-event-ids';
import { STREAM_LINGER_MS } from './shared-streams';
import { buildEnvelope } from './testing/sse-test-server';
import { useEventStream, type EventStreamHandlers } from './use-event-stream';

const SESSION_STREAM = '/api/sessions/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a80/events';
const ALICE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** Streams that open nothing: the test plays the server through each one's settings. */
const fakeStreams = () => {
  const opened: { path: string; settings: EventStreamSettings; closed: boolean }[] = [];
  const create: CreateEventStream = (path, settings) => {
    const stream = { path, settings, closed: false };
    opened.push(stream);
    return {
      state: 'connecting',
      lastEventId: settings.lastEventId ?? null,
      close: () => {
        stream.closed = true;
      },
    };
  };
  const latest = () => opened.at(-1)!.settings;
  return { opened, create, latest };
};

const render = (
  streams: ReturnType<typeof fakeStreams>,
  initial: { path: string | null; handlers: EventStreamHandlers; scope?: string; from?: number },
) =>
  renderHook(
    ({ path, handlers, scope, from }) =>
      useEventStream(path, handlers, {
        ...(scope === undefined ? {} : { scope }),
        ...(from === undefined ? {} : { from }),
      }),
    {
      initialProps: initial,
      wrapper: ({ children }: { children: ReactNode }) => (
        <EventStreamContext.Provider value={streams.create}>{children}</EventStreamContext.Provider>
      ),
    },
  );

beforeEach(() => {
  lastEventIdStore.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Long enough for a stream no screen listens to any more to close. */
const lingerOver = () => act(() => vi.advanceTimersByTime(STREAM_LINGER_MS));

describe('useEventStream', () => {
  it('hands each event to the handler of its type, and to no other', () => {
    const streams = fakeStreams();
    const assigned = vi.fn();
    const joined = vi.fn();
    render(streams, {
      path: SESSION_STREAM,
      handlers: {
        'chapter.assigned': (event) => assigned(event.payload.title.fr),
        'team.member_joined': (event) => joined(event.payload.pseudo),
      },
    });

    act(() => {
      streams.latest().onEvent(
        buildEnvelope(1, {
          type: 'team.member_joined',
          payload: { teamUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a90', pseudo: 'Erin' },
        }),
      );
      streams.latest().onEvent(buildEnvelope(2)); // chapter.unassigned: nobody listens
    });

    expect(joined).toHaveBeenCalledExactlyOnceWith('Erin');
    expect(assigned).not.toHaveBeenCalled();
  });

  it('tells the stream.reset handler to refetch', () => {
    const streams = fakeStreams();
    const reset = vi.fn();
    render(streams, { path: SESSION_STREAM, handlers: { 'stream.reset': reset } });
    act(() =>
      streams.latest().onReset?.({
        v: 1,
        type: 'stream.reset',
        sequence: 4,
        reason: 'last_event_id_ahead',
      }),
    );
    expect(reset).toHaveBeenCalledWith(expect.objectContaining({ sequence: 4 }));
  });

  it('exposes the connection state, starting with connecting', () => {
    const streams = fakeStreams();
    const { result } = render(streams, { path: SESSION_STREAM, handlers: {} });
    expect(result.current.state).toBe('connecting');

    act(() => streams.latest().onStatus?.({ state: 'open' }));
    expect(result.current.state).toBe('open');
    act(() => streams.latest().onStatus?.({ state: 'reconnecting', retryInMs: 1_200 }));
    expect(result.current).toEqual({ state: 'reconnecting', retryInMs: 1_200 });
  });

  it('opens nothing without a path', () => {
    const streams = fakeStreams();
    const { result } = render(streams, { path: null, handlers: {} });
    expect(result.current.state).toBe('closed');
    expect(streams.opened).toHaveLength(0);
  });

  it('keeps one stream while handlers change, and closes it a moment after the screen leaves', () => {
    const streams = fakeStreams();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = render(streams, {
      path: SESSION_STREAM,
      handlers: { 'chapter.unassigned': first },
    });
    rerender({ path: SESSION_STREAM, handlers: { 'chapter.unassigned': second } });
    act(() => streams.latest().onEvent(buildEnvelope(1)));

    expect(streams.opened).toHaveLength(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();

    unmount();
    expect(streams.opened[0]?.closed).toBe(false);
    lingerOver();
    expect(streams.opened[0]?.closed).toBe(true);
  });

  it('resumes where the last visit of the same stream stopped', () => {
    const streams = fakeStreams();
    const firstVisit = render(streams, { path: SESSION_STREAM, handlers: {} });
    expect(streams.latest().lastEventId).toBeNull();
    act(() => streams.latest().onLastEventId?.('41'));
    firstVisit.unmount();
    lingerOver();

    render(streams, { path: SESSION_STREAM, handlers: {} });
    expect(streams.latest().lastEventId).toBe('41');

    render(streams, { path: '/api/me/events', handlers: {} });
    expect(streams.latest().lastEventId).toBeNull();
  });

  it('starts a first visit where the screen’s data was read, and a later one where it stopped', () => {
    const streams = fakeStreams();
    const firstVisit = render(streams, { path: SESSION_STREAM, handlers: {}, from: 17 });
    expect(streams.latest().lastEventId).toBe('17');
    // The data read again after events: a newer position does not reopen the stream.
    firstVisit.rerender({ path: SESSION_STREAM, handlers: {}, from: 23 });
    expect(streams.opened).toHaveLength(1);
    act(() => streams.latest().onLastEventId?.('25'));
    firstVisit.unmount();
    lingerOver();

    // What the caches were kept up to wins over a position read before it.
    render(streams, { path: SESSION_STREAM, handlers: {}, from: 23 });
    expect(streams.latest().lastEventId).toBe('25');
    // Another team's view of the session is a first visit of its own.
    render(streams, { path: SESSION_STREAM, handlers: {}, scope: 'team-b', from: 30 });
    expect(streams.latest().lastEventId).toBe('30');
  });

  it('never resumes another account’s stream', () => {
    const streams = fakeStreams();
    const alice = render(streams, { path: '/api/me/events', handlers: {}, scope: ALICE });
    act(() => streams.latest().onLastEventId?.('8'));
    alice.unmount();
    lingerOver();

    render(streams, { path: '/api/me/events', handlers: {}, scope: 'someone-else' });
    expect(streams.latest().lastEventId).toBeNull();
    render(streams, { path: '/api/me/events', handlers: {}, scope: ALICE });
    expect(streams.latest().lastEventId).toBe('8');
  });

  it('hands the connection to the next screen on the same stream: one request for both', () => {
    const streams = fakeStreams();
    const lobby = vi.fn();
    const game = vi.fn();
    const first = render(streams, {
      path: SESSION_STREAM,
      handlers: { 'chapter.unassigned': lobby },
    });
    act(() => streams.latest().onStatus?.({ state: 'open' }));
    first.unmount();
    const next = render(streams, {
      path: SESSION_STREAM,
      handlers: { 'chapter.unassigned': game },
    });

    expect(streams.opened).toHaveLength(1);
    expect(next.result.current.state).toBe('open');
    act(() => streams.latest().onEvent(buildEnvelope(1)));
    expect(game).toHaveBeenCalledOnce();
    expect(lobby).not.toHaveBeenCalled();
    // Still in use: the linger of the first screen does not close it under the second.
    lingerOver();
    expect(streams.opened[0]?.closed).toBe(false);
  });

  it('hands what arrived between two screens to the next ones, and only then moves the resume point', async () => {
    const streams = fakeStreams();
    const first = render(streams, { path: SESSION_STREAM, handlers: {} });
    act(() => {
      streams.latest().onEvent(buildEnvelope(3));
      streams.latest().onLastEventId?.('3');
    });
    first.unmount();
    act(() => {
      streams.latest().onEvent(buildEnvelope(4));
      streams.latest().onLastEventId?.('4');
    });
    expect(lastEventIdStore.get(SESSION_STREAM)).toBe('3');

    // The next screen has two parts on the stream, mounted together: each is handed the event.
    const board = vi.fn();
    const banner = vi.fn();
    await act(async () => {
      renderHook(
        () => {
          useEventStream(SESSION_STREAM, {
            'chapter.unassigned': (event) => board(event.sequence),
          });
          useEventStream(SESSION_STREAM, {
            'chapter.unassigned': (event) => banner(event.sequence),
          });
        },
        {
          wrapper: ({ children }: { children: ReactNode }) => (
            <EventStreamContext.Provider value={streams.create}>
              {children}
            </EventStreamContext.Provider>
          ),
        },
      );
    });
    expect(streams.opened).toHaveLength(1);
    expect(board).toHaveBeenCalledExactlyOnceWith(4);
    expect(banner).toHaveBeenCalledExactlyOnceWith(4);
    expect(lastEventIdStore.get(SESSION_STREAM)).toBe('4');
  });

  it('replays, on the next opening, what arrived after the last screen left and no screen took', () => {
    const streams = fakeStreams();
    const first = render(streams, { path: SESSION_STREAM, handlers: {} });
    act(() => streams.latest().onLastEventId?.('3'));
    first.unmount();
    act(() => {
      streams.latest().onEvent(buildEnvelope(4));
      streams.latest().onLastEventId?.('4');
    });
    lingerOver();
    expect(streams.opened[0]?.closed).toBe(true);

    render(streams, { path: SESSION_STREAM, handlers: {} });
    expect(streams.opened).toHaveLength(2);
    expect(streams.latest().lastEventId).toBe('3');
  });

  it('closes a lingering stream whose connection is cut rather than asking again, which a signed-out player would meet with a 401', () => {
    const streams = fakeStreams();
    const first = render(streams, { path: '/api/me/events', scope: ALICE, handlers: {} });
    act(() => streams.latest().onLastEventId?.('3'));
    first.unmount();
    // The server ends the stream (the sign-in ended): the client would plan another attempt.
    act(() => streams.latest().onStatus?.({ state: 'reconnecting', retryInMs: 500 }));
    expect(streams.opened[0]?.closed).toBe(true);

    // A screen that comes next opens it afresh, from where the last one stopped.
    const seen = vi.fn();
    render(streams, {
      path: '/api/me/events',
      scope: ALICE,
      handlers: { 'chapter.unassigned': seen },
    });
    expect(streams.opened).toHaveLength(2);
    expect(streams.latest().lastEventId).toBe('3');
    act(() => streams.latest().onEvent(buildEnvelope(4)));
    expect(seen).toHaveBeenCalledOnce();
    lingerOver();
    expect(streams.opened[1]?.closed).toBe(false);
  });

  it('keeps a stream a screen listens to when its connection is cut: the client tries again', () => {
    const streams = fakeStreams();
    const screen = render(streams, { path: SESSION_STREAM, handlers: {} });
    act(() => streams.latest().onStatus?.({ state: 'reconnecting', retryInMs: 500 }));
    expect(streams.opened[0]?.closed).toBe(false);
    expect(screen.result.current).toEqual({ state: 'reconnecting', retryInMs: 500 });
  });

  it('shares one stream between two screens open at once, each with its own handlers', () => {
    const streams = fakeStreams();
    const banner = vi.fn();
    const panel = vi.fn();
    render(streams, { path: SESSION_STREAM, handlers: { 'chapter.unassigned': banner } });
    const second = render(streams, {
      path: SESSION_STREAM,
      handlers: { 'chapter.unassigned': panel },
    });
    act(() => streams.latest().onEvent(buildEnvelope(1)));

    expect(streams.opened).toHaveLength(1);
    expect(banner).toHaveBeenCalledOnce();
    expect(panel).toHaveBeenCalledOnce();
    // One of them leaving leaves the other's stream open.
    second.unmount();
    lingerOver();
    expect(streams.opened[0]?.closed).toBe(false);
  });

  it('asks again, for every screen on it, when a screen comes after the server refused the stream for good', () => {
    const streams = fakeStreams();
    const first = render(streams, { path: SESSION_STREAM, handlers: {} });
    act(() => streams.latest().onStatus?.({ state: 'closed', refusedWith: 403 }));
    expect(first.result.current).toEqual({ state: 'closed', refusedWith: 403 });

    const seen = vi.fn();
    const next = render(streams, {
      path: SESSION_STREAM,
      handlers: { 'chapter.unassigned': seen },
    });
    expect(streams.opened).toHaveLength(2);
    expect(streams.opened[0]?.closed).toBe(true);
    expect(next.result.current.state).toBe('connecting');
    // The screen that was there before is on the new attempt too.
    act(() => streams.latest().onStatus?.({ state: 'open' }));
    expect(first.result.current.state).toBe('open');
    expect(next.result.current.state).toBe('open');
    act(() => streams.latest().onEvent(buildEnvelope(1)));
    expect(seen).toHaveBeenCalledOnce();
  });
});
