import type { WebRoute } from '@rampart/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { readLocaleCookie } from '../../lib/locale/locale-cookie';
import { resolveLocale } from '../../lib/locale/locale-resolution';

/** The session screens (`/sessions/:uuid/…`): each reads its session first, through its gate. */
const SESSION_SCREEN = /^\/sessions\/:uuid\//;

/**
 * Starts what a screen reads first, from its route's loader, without waiting for it: the
 * screen's chunk and its data travel together, instead of the data being asked for once the
 * chunk has loaded and the screen rendered. The home's chapters and sessions; a session
 * screen's session, and the game's board (`prefetchSessionScreen`). What the cache holds fresh
 * is not asked again. The language is the one the screen will read in (`useLocaleSync`'s).
 *
 * The reads come in chunks of their own, fetched here: they bring the contracts' schemas (zod),
 * which the app's first chunk leaves to the screens (`lib/load-contract-schemas.ts`).
 */
export const startFirstReads = (
  route: WebRoute,
  { params, request }: LoaderFunctionArgs,
  queryClient: QueryClient,
): void => {
  const home = route.id === 'home';
  const session = SESSION_SCREEN.test(route.path) ? params.uuid : undefined;
  if (!home && !session) return;
  const locale = resolveLocale({
    pathname: new URL(request.url).pathname,
    cookieLocale: readLocaleCookie(),
    navigatorLanguages: navigator.languages,
  });
  if (home)
    void import('../../features/content/api/get-home').then(({ homeQueryOptions }) =>
      queryClient.prefetchQuery(homeQueryOptions(locale)),
    );
  if (session)
    void import('../../features/game/api/game-first-reads').then(({ prefetchSessionScreen }) =>
      prefetchSessionScreen(queryClient, {
        uuid: session,
        screen: route.id === 'sessionGame' ? 'game' : 'other',
        locale,
      }),
    );
};
