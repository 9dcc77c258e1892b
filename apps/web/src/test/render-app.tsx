import { webRoutes, type AppInfo, type AuthUser } from '@rampart/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { App } from '../app/app';
import { rootErrorOptions } from '../features/errors';
import { createQueryClient } from '../app/query-client';
import { createAppRouterWith } from '../app/router/create-router';
import { splitLocalePrefix } from '../lib/locale';
import {
  createAppEventStream,
  EventStreamContext,
  type CreateEventStream,
} from '../lib/event-stream';
import { closeStreamsOf } from '../lib/event-stream/shared-streams';
import { apiClient } from '../lib/api-client';

export const testAppInfo: AppInfo = {
  'app-name': 'Rampart Test',
  mentions: null,
  'available-locales': ['fr', 'en'],
  'go-home-enabled': true,
};

export const testPlayer: AuthUser = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  username: 'alice',
  pseudo: 'Alice',
  role: 'player',
  avatarId: 'sentinel',
  locale: 'en',
  capabilities: ['profile.manage', 'game.play', 'session.create_own'],
};

export const testTrainer: AuthUser = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
  username: 'trainer',
  pseudo: 'Trainer',
  role: 'trainer',
  avatarId: null,
  locale: 'en',
  capabilities: ['profile.manage', 'session.run'],
};

type AppInfoAnswer = AppInfo | 'error' | 'pending';

/** Extra answers of the stubbed API, by `METHOD /path` (query left out; the handler gets the URL). */
export type ApiRoutes = Record<
  string,
  (init: RequestInit, url: string) => Response | Promise<Response>
>;

export interface StubOptions {
  /** Who `GET /api/auth/user` says is logged in (null: nobody). */
  player?: AuthUser | null;
  /** Who `GET /api/trainer/auth/user` says is logged in. */
  trainer?: AuthUser | null;
  api?: ApiRoutes;
}

const unauthenticated = () =>
  Response.json(
    { error: { code: 'auth.unauthenticated', message: 'Unauthenticated' } },
    { status: 401 },
  );
const identity = (user: AuthUser | null | undefined) => () =>
  user ? Response.json({ user }) : unauthenticated();

/**
 * Stubs the browser's `fetch` (the app's only way out): `/api/app-info` answers `appInfo`, a 500,
 * or never; the identity endpoints answer `player` and `trainer`; `api` answers what a test adds;
 * anything else is a 404 in the API's error shape.
 */
export const stubFetch = (
  appInfo: AppInfoAnswer = testAppInfo,
  { player = null, trainer = null, api = {} }: StubOptions = {},
) => {
  const routes: ApiRoutes = {
    'GET /api/auth/user': identity(player),
    'GET /api/trainer/auth/user': identity(trainer),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=test-csrf; Path=/';
      return new Response(null, { status: 204 });
    },
    ...api,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.startsWith('/api/app-info')) {
      if (appInfo === 'pending') return new Promise<Response>(() => undefined);
      if (appInfo === 'error') return new Response('oops', { status: 500 });
      return Response.json(appInfo);
    }
    const route = routes[`${init.method ?? 'GET'} ${url.split('?')[0]}`];
    if (route) return route(init, url);
    return Response.json(
      { error: { code: 'request.not_found', message: 'Not found' } },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const guestOnly = (access: string) => (path: string) =>
  webRoutes.some((route) => route.access === access && route.path === splitLocalePrefix(path).path);

export interface RenderAppOptions extends StubOptions {
  appInfo?: AppInfoAnswer;
  /** How the app opens event streams (see `fakeEventStreams`); through `fetch` by default. */
  streams?: CreateEventStream;
  /**
   * The page's first reads sent ahead of its screen, as in the browser (`webFirstReads`, contracts).
   * Off by default, as most tests count the calls a screen makes itself.
   */
  firstReads?: boolean;
}

/**
 * The whole app (real routes, guards, layouts, providers) at `path`, over a stubbed `fetch`.
 * Unless a test says who is logged in, the visitor is whoever the first screen admits: nobody
 * on a login page, else a player with an avatar (and a trainer on trainer screens).
 */
export const renderApp = (path: string, options: RenderAppOptions = {}) => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const {
    appInfo = testAppInfo,
    player = guestOnly('guest')(pathname) ? null : testPlayer,
    trainer = guestOnly('trainer-guest')(pathname) ? null : testTrainer,
    api,
    streams,
    firstReads = false,
  } = options;
  const fetchMock = stubFetch(appInfo, { player, trainer, ...(api ? { api } : {}) });
  const queryClient = createQueryClient();
  const { router, auth } = createAppRouterWith(
    queryClient,
    (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    { firstReads },
  );
  // Streams of this app alone: none lingers into the next test, where it would reconnect
  // through that test's `fetch`.
  const openStreams: CreateEventStream =
    streams ?? ((at, settings) => createAppEventStream(at, settings));
  onTestFinished(() => {
    closeStreamsOf(openStreams);
    auth.dispose();
    // An answer no call took would wait in the shared client for the next test's call.
    apiClient.forgetPreloads();
  });
  const app = <App router={router} queryClient={queryClient} auth={auth} />;
  const view = render(
    <EventStreamContext.Provider value={openStreams}>{app}</EventStreamContext.Provider>,
    // The root reports caught errors as the app's does (main.tsx).
    rootErrorOptions,
  );
  return { ...view, router, queryClient, auth, fetchMock };
};
