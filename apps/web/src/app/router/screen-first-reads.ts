import type { Locale, WebRouteId } from '@rampart/contracts';
import type { QueryValue } from '../../lib/api-client';
import { fillPath } from '../../lib/route-path';

/** A read as the screen's query sends it: its path, and its query string's values. */
export interface FirstRead {
  path: string;
  query?: Record<string, QueryValue>;
}

type FirstReads = (
  params: Readonly<Record<string, string | undefined>>,
  locale: Locale,
) => readonly FirstRead[];

/** The screens behind the session's gate read the session first (`features/sessions`). */
const sessionRead: FirstReads = ({ uuid }, locale) =>
  uuid ? [{ path: fillPath('/api/sessions/{uuid}', { uuid }), query: { locale } }] : [];

/**
 * What a screen reads as soon as it is drawn, named here so that a page that opens on it sends
 * them as soon as its guard lets the visitor in, while the screen's code may still be loading
 * (`preload` of the API client), instead of once that code has arrived and run: on a phone's
 * link, the screen's chunks and their running less before what it shows first. Each URL is the
 * one the screen's query asks for, exactly (`screen-first-reads.test.tsx` counts the requests):
 * a read named wrongly would go twice. Only reads that do not depend on another: a board whose
 * reads follow the session's (its event stream replays from the session's position) still
 * waits for it.
 */
export const screenFirstReads: Partial<Record<WebRouteId, FirstReads>> = {
  home: (_params, locale) => [{ path: '/api/home', query: { locale } }],
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
