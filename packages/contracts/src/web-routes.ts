/**
 * The web app's screens, shared by the router and by the server, which answers
 * 404 for any other path (a bare status for crawlers, the SPA's not-found page for browsers).
 * Each path may also be reached behind a locale prefix (`/fr/home`, `/en/home`).
 * `layout` says which layout frames the screen.
 */
export type WebLayout = 'default' | 'rework' | 'error' | 'display';
export type WebAccess = 'any' | 'guest' | 'player' | 'trainer-guest' | 'trainer';

export interface WebRoute {
  readonly id: string;
  readonly path: string;
  readonly layout: WebLayout;
  readonly access: WebAccess;
  /**
   * The HTML page that serves the screen on a first load: `login.html`, a small app of the sign-in
   * screens alone (the first page of most visitors, often on a phone), or by default `index.html`,
   * the whole app.
   */
  readonly page?: WebPage;
}

export type WebPage = 'index' | 'login';

export const webRoutes = [
  { id: 'index', path: '/', layout: 'default', access: 'player' },
  { id: 'home', path: '/home', layout: 'default', access: 'player' },
  { id: 'login', path: '/login', layout: 'rework', access: 'guest', page: 'login' },
  { id: 'authLogin', path: '/auth/login', layout: 'rework', access: 'guest', page: 'login' },
  { id: 'profile', path: '/profile', layout: 'default', access: 'player' },
  {
    id: 'profileSession',
    path: '/profile/sessions/:_session_uuid',
    layout: 'default',
    access: 'player',
  },
  { id: 'currentSessions', path: '/currentsSessions', layout: 'default', access: 'player' },
  { id: 'onboardingAvatar', path: '/onboarding/avatar', layout: 'rework', access: 'player' },
  { id: 'sessionJoin', path: '/sessions/:uuid/join', layout: 'rework', access: 'player' },
  {
    id: 'sessionJoinTeams',
    path: '/sessions/:uuid/join/teams',
    layout: 'rework',
    access: 'player',
  },
  {
    id: 'sessionCreateTeam',
    path: '/sessions/:uuid/join/teams/create',
    layout: 'rework',
    access: 'player',
  },
  { id: 'sessionLobby', path: '/sessions/:uuid/lobby', layout: 'rework', access: 'player' },
  {
    id: 'sessionStartScreen',
    path: '/sessions/:uuid/startScreen',
    layout: 'rework',
    access: 'player',
  },
  { id: 'sessionGame', path: '/sessions/:uuid/game', layout: 'rework', access: 'player' },
  { id: 'sessionStats', path: '/sessions/:uuid/stats', layout: 'default', access: 'player' },
  {
    id: 'sessionStatsTransition',
    path: '/sessions/:uuid/statsTransition',
    layout: 'rework',
    access: 'player',
  },
  { id: 'sessionSurvey', path: '/sessions/:uuid/survey', layout: 'rework', access: 'player' },
  {
    id: 'sessionVideoTransitionCreation',
    path: '/sessions/:uuid/videoTransitionCreation',
    layout: 'rework',
    access: 'player',
  },
  {
    id: 'videoTransitionConnexion',
    path: '/videoTransitionConnexion',
    layout: 'rework',
    access: 'player',
  },
  { id: 'chapter', path: '/chapters/:chapter_uuid', layout: 'default', access: 'player' },
  {
    id: 'trainerLogin',
    path: '/trainer/login',
    layout: 'rework',
    access: 'trainer-guest',
    page: 'login',
  },
  { id: 'trainerHome', path: '/trainer', layout: 'default', access: 'trainer' },
  {
    id: 'trainerSessionNew',
    path: '/trainer/sessions/new',
    layout: 'default',
    access: 'trainer',
  },
  { id: 'trainerSession', path: '/trainer/sessions/:uuid', layout: 'default', access: 'trainer' },
  { id: 'trainerPlayers', path: '/trainer/players', layout: 'default', access: 'trainer' },
  { id: 'trainerContent', path: '/trainer/content', layout: 'default', access: 'trainer' },
  {
    id: 'trainerChapterEditor',
    path: '/trainer/content/:uuid',
    layout: 'default',
    access: 'trainer',
  },
  /** The projector view: no login, the display link's token is its only credential. */
  { id: 'display', path: '/display/:token', layout: 'display', access: 'any' },
] as const satisfies readonly WebRoute[];

export type WebRouteId = (typeof webRoutes)[number]['id'];

export const webLocalePrefixes = ['fr', 'en'] as const;

const routeMatchers = webRoutes.map((route) => {
  const pattern = route.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(
    `^(?:/(?:${webLocalePrefixes.join('|')}))?${pattern === '/' ? '/?' : `${pattern}/?`}$`,
  );
});

/** Whether a browser path (without query) is one of the app's screens. */
export const isWebRoute = (pathname: string): boolean =>
  routeMatchers.some((matcher) => matcher.test(pathname));

/** The screen of a browser path (without query): null when it is none of the app's screens. */
export const webRouteOf = (pathname: string): WebRoute | null => {
  const index = routeMatchers.findIndex((matcher) => matcher.test(pathname));
  return index === -1 ? null : webRoutes[index]!;
};

/**
 * The parameters of a browser path that is the screen `routeId` (`/fr/sessions/abc/game` →
 * `{ uuid: 'abc' }`), decoded as the router decodes them; null when the path is not that screen,
 * or a parameter cannot be decoded.
 */
export const webRouteParams = (
  routeId: WebRouteId,
  pathname: string,
): Record<string, string> | null => {
  const index = webRoutes.findIndex((route) => route.id === routeId);
  const match = index === -1 ? null : routeMatchers[index]!.exec(pathname);
  if (!match) return null;
  const names = webRoutes[index]!.path.split('/').filter((segment) => segment.startsWith(':'));
  try {
    return Object.fromEntries(
      names.map((name, at) => [name.slice(1), decodeURIComponent(match[at + 1]!)]),
    );
  } catch {
    return null;
  }
};

/** The HTML page of a browser path (without query): null when it is none of the app's screens. */
export const webPageOf = (pathname: string): WebPage | null => {
  const route = webRouteOf(pathname);
  return route ? (route.page ?? 'index') : null;
};
