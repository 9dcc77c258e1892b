import {
  webLocalePrefixes,
  webRoutes,
  type Locale,
  type WebLayout,
  type WebRoute,
} from '@rampart/contracts';
import { redirect, type RouteObject } from 'react-router';
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
}

const screenRoute = (
  route: WebRoute & { id: keyof typeof screenModules },
  branch: string,
  { auth }: AppRoutesOptions,
): RouteObject => {
  const handle: ScreenHandle = { screen: route.id, layout: route.layout, access: route.access };
  const lazy = async () => ({ Component: (await screenModules[route.id]()).default });
  // The guard runs before the screen renders (and while its chunk loads): no protected screen
  // ever flashes to a visitor it is not for.
  const loader = async ({ request }: { request: Request }) => {
    const target = await screenAccessRedirect(handle, new URL(request.url), auth);
    if (target) throw redirect(target);
    return null;
  };
  const id = `${branch}:${route.id}`;
  return route.path === '/'
    ? { id, index: true, handle, lazy, loader }
    : { id, path: route.path.slice(1), handle, lazy, loader };
};

/** Every screen, grouped under its layout; behind `prefix` when there is one (`/fr/home`). */
const localeBranch = (prefix: Locale | null, options: AppRoutesOptions): RouteObject => {
  const branch = prefix ?? 'unprefixed';
  const children = layoutOrder
    .map((layout) => ({ layout, routes: webRoutes.filter((route) => route.layout === layout) }))
    .filter(({ routes }) => routes.length > 0)
    .map(({ layout, routes }) => ({
      id: `${branch}:layout:${layout}`,
      ...layoutRoutes[layout],
      children: routes.map((route) => screenRoute(route, branch, options)),
    }));
  return prefix ? { id: branch, path: prefix, children } : { id: branch, children };
};

/**
 * The route tree: root (loading bar, locale) → error boundary → the screens of `webRoutes`,
 * reachable with or without a locale prefix, each inside its layout and behind its guard → 404
 * for anything else.
 */
export const createAppRoutes = (options: AppRoutesOptions): RouteObject[] => [
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
          localeBranch(null, options),
          ...webLocalePrefixes.map((prefix) => localeBranch(prefix, options)),
          { id: 'not-found', path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];
