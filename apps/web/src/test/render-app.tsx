import type { AppInfo } from '@rampart/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createAppRoutes } from '../app/router/app-routes';

export const testAppInfo: AppInfo = {
  'app-name': 'Rampart Test',
  mentions: null,
  'available-locales': ['fr', 'en'],
  'go-home-enabled': true,
};

type AppInfoAnswer = AppInfo | 'error' | 'pending';

/**
 * Stubs the browser's `fetch` (the app's only way out): `/api/app-info` answers `appInfo`, a 500,
 * or never; anything else is a 404 in the API's error shape.
 */
export const stubFetch = (appInfo: AppInfoAnswer = testAppInfo) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/app-info')) {
      if (appInfo === 'pending') return new Promise<Response>(() => undefined);
      if (appInfo === 'error') return new Response('oops', { status: 500 });
      return Response.json(appInfo);
    }
    return Response.json(
      { error: { code: 'request.not_found', message: 'Not found' } },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** The whole app (real routes, layouts, providers) at `path`, over a stubbed `fetch`. */
export const renderApp = (
  path: string,
  { appInfo = testAppInfo }: { appInfo?: AppInfoAnswer } = {},
) => {
  const fetchMock = stubFetch(appInfo);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient, fetchMock };
};
