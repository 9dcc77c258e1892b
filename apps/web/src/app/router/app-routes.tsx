import {
  webLocalePrefixes,
  webRoutes,
  type Locale,
  type WebLayout,
  type WebRoute,
} from '@rampart/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { DefaultLayout } from '../layouts/default-layout';
import { ErrorLayout } from '../layouts/error-layout';
import { ReworkLayout } from '../layouts/rework-layout';
import { InitialLoading, RootRoute } from './root-route';
import { NotFoundRoute, RouteErrorBoundary } from './route-errors';
import type { ScreenHandle } from './screen-handle';
import { screenModules } from './screen-modules';

const layoutComponents: Record<WebLayout, ComponentType> = {
  default: DefaultLayout,
  rework: ReworkLayout,
  error: ErrorLayout,
};

const layoutOrder: readonly WebLayout[] = ['default', 'rework', 'error'];

const screenRoute = (
  route: WebRoute & { id: keyof typeof screenModules },
  branch: string,
): RouteObject => {
  const handle: ScreenHandle = { screen: route.id, layout: route.layout, access: route.access };
  const lazy = async () => ({ Component: (await screenModules[route.id]()).default });
  const id = `${branch}:${route.id}`;
  return route.path === '/'
    ? { id, index: true, handle, lazy }
    : { id, path: route.path.slice(1), handle, lazy };
};

/** Every screen, grouped under its layout; behind `prefix` when there is one (`/fr/home`). */
const localeBranch = (prefix: Locale | null): RouteObject => {
  const branch = prefix ?? 'unprefixed';
  const children = layoutOrder
    .map((layout) => ({ layout, routes: webRoutes.filter((route) => route.layout === layout) }))
    .filter(({ routes }) => routes.length > 0)
    .map(({ layout, routes }) => ({
      id: `${branch}:layout:${layout}`,
      Component: layoutComponents[layout],
      children: routes.map((route) => screenRoute(route, branch)),
    }));
  return prefix ? { id: branch, path: prefix, children } : { id: branch, children };
};

/**
 * The route tree: root (loading bar, locale) → error boundary → the screens of `webRoutes`,
 * reachable with or without a locale prefix, each inside its layout → 404 for anything else.
 */
export const createAppRoutes = (): RouteObject[] => [
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
          localeBranch(null),
          ...webLocalePrefixes.map(localeBranch),
          { id: 'not-found', path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];
