import {
  webFirstReads,
  webLocalePrefixes,
  webRoutes,
  type Locale,
  type WebLayout,
  type WebRoute,
  type WebRouteId,
} from '@rampart/contracts';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import { pageLocale } from '../../lib/locale';
import { DisplayLayout } from '../layouts/display-layout';
import { ErrorLayout } from '../layouts/error-layout';
import { ReworkLayout } from '../layouts/rework-layout';
import { InitialLoading, RootRoute } from './root-route';
import { NotFoundRoute, RouteErrorBoundary } from './route-errors';
import { screenAccessRedirect, type GuardAuth } from './route-guard';
import type { ScreenHandle } from './screen-handle';
import { screenModules } from './screen-modules';

const layoutRoutes: Record<WebLayout, Pick<RouteObject, 'Component' | 'lazy'>> = {
  // The header (navigation, account menu, sound) is no use on the login page, the first page
  // most visitors see: it comes in its own chunk, fetched beside the first default screen's.
  default: {
    lazy: async () => ({ Component: (await import('../layouts/default-layout')).DefaultLayout }),
  },
  rework: { Component: ReworkLayout },
  error: { Component: ErrorLayout },
  display: { Component: DisplayLayout },
};

const layoutOrder: readonly WebLayout[] = ['default', 'rework', 'error', 'display'];

export interface AppRoutesOptions {
  /** Who is logged in, for the guards of each screen (its `handle.access`). */
  auth: GuardAuth;
  /** Sends the first screen's first reads ahead of its code (`webFirstReads`, contracts). */
  preload?: ApiClient['preload'];
}

/**
 * The first reads of the screen the page opens on, sent once: later navigations find what they
 * need in the query cache, or ask for it with the screen's code already loaded.
 */
const firstReadsOnce = (preload: ApiClient['preload'] | undefined) => {
  let sent = preload === undefined;
  return (id: WebRouteId, url: URL, params: Readonly<Record<string, string | undefined>>) => {
    if (sent) return;
    sent = true;
    const locale = pageLocale(url.pathname);
    for (const read of webFirstReads[id]?.(params, locale) ?? []) {
      preload!(read.path, read.query ? { query: read.query } : {});
    }
  };
};

const screenRoute = (
  route: WebRoute & { id: keyof typeof screenModules },
  branch: string,
  { auth }: AppRoutesOptions,
  sendFirstReads: ReturnType<typeof firstReadsOnce>,
): RouteObject => {
  const handle: ScreenHandle = { screen: route.id, layout: route.layout, access: route.access };
  const lazy = async () => ({ Component: (await screenModules[route.id]()).default });
  // The guard runs before the screen renders (and while its chunk loads): no protected screen
  // ever flashes to a visitor it is not for. Once it lets the visitor in, the first screen's
  // reads leave, while its code may still be on its way; a visitor it turns away sends none
  // (a refused read would be a failed request in their console).
  const loader = async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = await screenAccessRedirect(handle, url, auth);
    if (target) throw redirect(target);
    sendFirstReads(route.id, url, params);
    return null;
  };
  const id = `${branch}:${route.id}`;
  return route.path === '/'
    ? { id, index: true, handle, lazy, loader }
    : { id, path: route.path.slice(1), handle, lazy, loader };
};

/** Every screen, grouped under its layout; behind `prefix` when there is one (`/fr/home`). */
const localeBranch = (
  prefix: Locale | null,
  options: AppRoutesOptions,
  sendFirstReads: ReturnType<typeof firstReadsOnce>,
): RouteObject => {
  const branch = prefix ?? 'unprefixed';
  const children = layoutOrder
    .map((layout) => ({ layout, routes: webRoutes.filter((route) => route.layout === layout) }))
    .filter(({ routes }) => routes.length > 0)
    .map(({ layout, routes }) => ({
      id: `${branch}:layout:${layout}`,
      ...layoutRoutes[layout],
      children: routes.map((route) => screenRoute(route, branch, options, sendFirstReads)),
    }));
  return prefix ? { id: branch, path: prefix, children } : { id: branch, children };
};

/**
 * The route tree: root (loading bar, locale) → error boundary → the screens of `webRoutes`,
 * reachable with or without a locale prefix, each inside its layout and behind its guard → 404
 * for anything else.
 */
export const createAppRoutes = (options: AppRoutesOptions): RouteObject[] => {
  const sendFirstReads = firstReadsOnce(options.preload);
  return [
    {
      id: 'root',
      Component: RootRoute,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          id: 'screens',
          ErrorBoundary: RouteErrorBoundary,
          children: [
            localeBranch(null, options, sendFirstReads),
            ...webLocalePrefixes.map((prefix) => localeBranch(prefix, options, sendFirstReads)),
            { id: 'not-found', path: '*', Component: NotFoundRoute },
          ],
        },
      ],
    },
  ];
};
