import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { createAppAuth, type AppAuth } from '../../features/auth';
import { apiClient } from '../../lib/api-client';
import { createAppRoutes } from './app-routes';
import { createRouterNavigator, type NavigableRouter } from './auth-navigator';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The auth clients and the router, made together: the guards need the clients, the clients
 * navigate with the router. `createRouter` makes a browser router, or a memory one in tests.
 */
export const createAppRouterWith = <R extends NavigableRouter>(
  queryClient: QueryClient,
  createRouter: (routes: ReturnType<typeof createAppRoutes>) => R,
  { firstReads = false }: { firstReads?: boolean } = {},
): { router: R; auth: AppAuth } => {
  // The navigator reaches the router only when the clients navigate, after it exists.
  const auth = createAppAuth({
    queryClient,
    http: apiClient,
    navigator: createRouterNavigator(() => router),
  });
  const router = createRouter(
    createAppRoutes({ auth, ...(firstReads ? { preload: apiClient.preload } : {}) }),
  );
  return { router, auth };
};

/** The page's router: its first screen's reads leave with its guard (`webFirstReads`). */
export const createAppRouter = (queryClient: QueryClient) =>
  createAppRouterWith(queryClient, (routes) => createBrowserRouter(routes), { firstReads: true });
