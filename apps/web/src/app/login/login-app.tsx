import { webLocalePrefixes, webRoutes } from '@rampart/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { useAppInfo } from '../../lib/app-info';
import { createAppAuth, useAuthClient, type AppAuth } from '../../features/auth';
import AuthLoginScreen from '../../features/auth/screens/auth-login-screen';
import LoginScreen from '../../features/auth/screens/login-screen';
import TrainerLoginScreen from '../../features/auth/screens/trainer-login-screen';
import { splitLocalePrefix, useLocaleSync } from '../../lib/locale';
import { apiClient } from '../../lib/api-client';
import { ReworkFrame } from '../layouts/rework-frame';
import { useWatchFirstScreen } from '../first-screen';
import { AppProviders } from '../providers';
import { createRouterNavigator, type NavigableRouter } from '../router/auth-navigator';
import { screenAccessRedirect } from '../router/route-guard';

type LoginRoute = Extract<(typeof webRoutes)[number], { page: 'login' }>;

/** Every screen the server answers with login.html (its `page` in the contracts), by id. */
const loginScreens: Record<LoginRoute['id'], ComponentType> = {
  login: LoginScreen,
  authLogin: AuthLoginScreen,
  trainerLogin: TrainerLoginScreen,
};

const loginRoutes = webRoutes.filter((route): route is LoginRoute => route.id in loginScreens);

/**
 * login.html has no router the auth clients could drive: each of their navigations is a page
 * load (after signing in, the app's page).
 */
const pageLocation: NavigableRouter = {
  get state() {
    return { location: window.location };
  },
  navigate: async (to) => window.location.assign(to),
};

/**
 * The auth clients of login.html. The identity its first guard needs is asked for at once, as
 * the app's loaders do: beside the catalogue, not after the first render.
 */
export const createLoginAuth = (queryClient: QueryClient): AppAuth => {
  const auth = createAppAuth({
    queryClient,
    http: apiClient,
    navigator: createRouterNavigator(
      () => pageLocation,
      () => false,
    ),
  });
  const { path } = splitLocalePrefix(window.location.pathname);
  void auth[path.startsWith('/trainer/') ? 'trainer' : 'player'].resolveIdentity();
  return auth;
};

/**
 * The screen behind its guard, the one the app's router runs (route-guard.ts): drawn once the
 * guard lets the visitor in, never to a visitor it is not for.
 */
function GuardedScreen({ route }: { route: LoginRoute }) {
  const { pathname, search } = useLocation();
  const player = useAuthClient('player');
  const trainer = useAuthClient('trainer');
  // Keyed by path: a screen that rewrites its own query (a spent magic link) stays in place.
  const [admitted, setAdmitted] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const url = new URL(`${pathname}${search}`, window.location.origin);
    void screenAccessRedirect({ screen: route.id, access: route.access }, url, {
      player,
      trainer,
    }).then((target) => {
      if (!current) return;
      if (target) window.location.replace(target);
      else setAdmitted(pathname);
    });
    return () => {
      current = false;
    };
    // The query only matters for the redirect back, read when the guard runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, route, player, trainer]);
  const Screen = loginScreens[route.id];
  return admitted === pathname ? <Screen /> : null;
}

/** Any other path (the brand's link, a footer link): the app's page. */
function AppPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.assign(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

function LoginRoutes() {
  const { availableLocales } = useAppInfo();
  useLocaleSync(availableLocales);
  useWatchFirstScreen();
  return (
    <ReworkFrame>
      <Routes>
        {[null, ...webLocalePrefixes].flatMap((prefix) =>
          loginRoutes.map((route) => (
            <Route
              key={`${prefix}:${route.id}`}
              path={prefix ? `/${prefix}${route.path}` : route.path}
              element={<GuardedScreen route={route} />}
            />
          )),
        )}
        <Route path="*" element={<AppPage />} />
      </Routes>
    </ReworkFrame>
  );
}

/**
 * login.html's page: the sign-in screens (the very components the app draws on the same paths)
 * in the rework frame, under a declarative router, the data router's weight being no use here.
 */
export function LoginApp({ queryClient, auth }: { queryClient: QueryClient; auth: AppAuth }) {
  return (
    <AppProviders queryClient={queryClient} auth={auth}>
      <BrowserRouter>
        <LoginRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
