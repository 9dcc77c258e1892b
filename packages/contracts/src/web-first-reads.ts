import type { Locale } from './http/system.js';
import { sessionPaths } from './sign-in.js';
import type { WebRouteId } from './web-routes.js';

/** A read as a screen's query sends it: its path, and its query string's values. */
export interface WebFirstRead {
  path: string;
  query?: Readonly<Record<string, string>>;
}

type FirstReads = (
  params: Readonly<Record<string, string | undefined>>,
  locale: Locale,
) => readonly WebFirstRead[];

/** The screens behind the session's gate read the session first (the web app's `sessions`). */
const sessionRead: FirstReads = ({ uuid }, locale) =>
  uuid ? [{ path: `/api/sessions/${encodeURIComponent(uuid)}`, query: { locale } }] : [];

/**
 * What a screen reads as soon as it is drawn, named here so that a page that opens on it asks for
 * them before the screen's code has arrived and run: the web app sends them as soon as its guard
 * lets the visitor in, and the server names them in the page for a visitor who may be signed in,
 * so that the browser fetches them beside the app's files. Each URL is the one the screen's query
 * asks for, exactly (the web app's `screen-first-reads.test.tsx` counts the requests): a read
 * named wrongly would go twice. Only reads that do not depend on another: a board whose reads
 * follow the session's (its event stream replays from the session's position) still waits for it.
 */
export const webFirstReads: Partial<Record<WebRouteId, FirstReads>> = {
  // The home's chapters, and the support chat's entry with its count of unread answers.
  home: (_params, locale) => [
    { path: '/api/home', query: { locale } },
    { path: '/api/support/threads' },
  ],
  sessionJoin: sessionRead,
  sessionJoinTeams: sessionRead,
  sessionCreateTeam: sessionRead,
  sessionLobby: sessionRead,
  sessionStartScreen: sessionRead,
  sessionGame: sessionRead,
  sessionStats: sessionRead,
  sessionStatsTransition: sessionRead,
  sessionSurvey: sessionRead,
  sessionVideoTransitionCreation: sessionRead,
};

/** A read's URL as the web app's API client writes it: the path, then the query in its order. */
export const webFirstReadUrl = (read: WebFirstRead): string => {
  const query = new URLSearchParams(read.query).toString();
  return query ? `${read.path}?${query}` : read.path;
};

/** Where each interface's guard asks who the visitor is (the web app's auth clients). */
export const webIdentityReads = {
  player: sessionPaths.player.user,
  trainer: sessionPaths.trainer.user,
} as const;
