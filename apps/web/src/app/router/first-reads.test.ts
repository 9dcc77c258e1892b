import { webRoutes, type WebRouteId } from '@rampart/contracts';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/eventually';
import { stubFetch, testPlayer } from '../../test/render-app';
import { startFirstReads } from './first-reads';

const SESSION = '0190a1b2-c3d4-7e5f-8a9b-00000000f001';

/** Runs the loader's first reads of `id`'s route at `url`; answers what it asked the API. */
const firstReadsOf = (id: WebRouteId, url: string) => {
  const fetchMock = stubFetch(undefined, { player: testPlayer });
  const route = webRoutes.find((candidate) => candidate.id === id)!;
  startFirstReads(
    route,
    {
      request: new Request(`http://localhost${url}`),
      params: { uuid: SESSION },
    } as unknown as LoaderFunctionArgs,
    new QueryClient(),
  );
  return () => fetchMock.mock.calls.map(([asked]) => String(asked));
};

afterEach(() => vi.unstubAllGlobals());

describe('the first reads a route starts while its screen loads', () => {
  it('asks for the home’s chapters and sessions, in the language of the URL', async () => {
    const asked = firstReadsOf('home', '/fr/home');
    await eventually(() => expect(asked()).toEqual(['/api/home?locale=fr']));
  });

  it('asks for a session screen’s session', async () => {
    const asked = firstReadsOf('sessionLobby', `/en/sessions/${SESSION}/lobby`);
    await eventually(() => expect(asked()).toEqual([`/api/sessions/${SESSION}?locale=en`]));
  });

  it('asks for nothing on a screen that reads nothing first', async () => {
    const asked = firstReadsOf('currentSessions', '/en/currentsSessions');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked()).toEqual([]);
  });
});
