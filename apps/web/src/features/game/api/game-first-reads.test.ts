import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, testPlayer } from '../../../test/render-app';
import { eventually } from '../../../test/eventually';
import { buildRunningSession, gameApi } from '../testing/game-api';
import { prefetchSessionScreen } from './game-first-reads';

const pathsAsked = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]).sort();

/** Long enough for a read the session's answer would start to have been asked for. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => vi.unstubAllGlobals());

describe('the first reads of a session screen', () => {
  it('asks for everything the game’s first frame reads once the session says it shows', async () => {
    const session = buildRunningSession();
    const fetchMock = stubFetch(undefined, { player: testPlayer, api: gameApi(() => session) });
    prefetchSessionScreen(new QueryClient(), { uuid: session.uuid, screen: 'game', locale: 'en' });
    const base = `/api/sessions/${session.uuid}`;
    await eventually(() =>
      expect(pathsAsked(fetchMock)).toEqual(
        [
          base,
          `${base}/environment`,
          `${base}/mission`,
          `${base}/objectives`,
          `/api/session/${session.uuid}/chat/threads`,
        ].sort(),
      ),
    );
  });

  it('asks for the session alone when the game does not show, or for another screen', async () => {
    const lobby = buildRunningSession({ status: 'lobby', startsAt: null, endsAt: null });
    const fetchMock = stubFetch(undefined, { player: testPlayer, api: gameApi(() => lobby) });
    const queryClient = new QueryClient();
    prefetchSessionScreen(queryClient, { uuid: lobby.uuid, screen: 'game', locale: 'en' });
    await eventually(() => expect(pathsAsked(fetchMock)).toEqual([`/api/sessions/${lobby.uuid}`]));
    await settled();
    expect(pathsAsked(fetchMock)).toEqual([`/api/sessions/${lobby.uuid}`]);

    const running = buildRunningSession();
    const other = stubFetch(undefined, { player: testPlayer, api: gameApi(() => running) });
    prefetchSessionScreen(queryClient, { uuid: running.uuid, screen: 'other', locale: 'en' });
    await eventually(() => expect(pathsAsked(other)).toEqual([`/api/sessions/${running.uuid}`]));
    // Fresh in the cache: asked for once.
    prefetchSessionScreen(queryClient, { uuid: running.uuid, screen: 'other', locale: 'en' });
    await settled();
    expect(pathsAsked(other)).toEqual([`/api/sessions/${running.uuid}`]);
  });
});
