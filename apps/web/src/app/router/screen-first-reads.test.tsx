import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentApi } from '../../features/content/testing/content-api';
import {
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../../features/game/testing/game-api';
import { renderApp, testPlayer } from '../../test/render-app';

/** The calls made so far to `path` exactly (query string aside). */
const callsTo = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  path: string,
) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).length;

/** A running session whose board opens in quarter (its objectives in a region of their own). */
const runningSession = () => {
  stubViewport(1440);
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  return session;
};

/** A response held until the test lets it go. */
const held = (answer: () => Response) => {
  let release = () => {};
  const response = new Promise<Response>((resolve) => {
    release = () => resolve(answer());
  });
  return { response: () => response, release: () => release() };
};

describe("the first screen's first reads", () => {
  it('leave once the guard lets the visitor in, and the screen takes their answer instead of asking again', async () => {
    const identity = held(() => Response.json({ user: testPlayer }));
    const { fetchMock } = renderApp('/home', {
      firstReads: true,
      api: { ...contentApi(), 'GET /api/auth/user': identity.response },
    });
    // Nobody knows yet who this is: nothing leaves for a screen that may not be theirs.
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/user')).toBe(1));
    await act(async () => undefined);
    expect(callsTo(fetchMock, '/api/home')).toBe(0);
    expect(callsTo(fetchMock, '/api/support/threads')).toBe(0);
    identity.release();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
    expect(callsTo(fetchMock, '/api/home')).toBe(1);
    expect(callsTo(fetchMock, '/api/support/threads')).toBe(1);
    expect(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/home'))?.[0]),
    ).toBe('/api/home?locale=en');
  });

  it('are not sent for a visitor the guard turns away', async () => {
    const { fetchMock, router } = renderApp('/home', {
      firstReads: true,
      player: null,
      api: contentApi(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(callsTo(fetchMock, '/api/home')).toBe(0);
  });

  it("are the session's read the gate makes, once, on a session's screen", async () => {
    const session = runningSession();
    const { fetchMock } = renderApp(`/sessions/${session.uuid}/game`, {
      firstReads: true,
      api: gameApi(() => session),
    });
    expect(await screen.findByRole('region', { name: 'Objectives' })).toBeTruthy();
    expect(callsTo(fetchMock, `/api/sessions/${session.uuid}`)).toBe(1);
  });

  it('are not sent for the screens a page goes to next', async () => {
    const session = runningSession();
    const { fetchMock, router } = renderApp('/home', {
      firstReads: true,
      api: { ...contentApi(), ...gameApi(() => session) },
    });
    await waitFor(() => expect(callsTo(fetchMock, '/api/home')).toBe(1));
    await router.navigate(`/sessions/${session.uuid}/game`);
    expect(await screen.findByRole('region', { name: 'Objectives' })).toBeTruthy();
    // Back home, what the page read is still fresh: nothing is asked again, nothing ahead.
    await router.navigate('/home');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Objectives' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/home')).toBe(1);
  });
});
