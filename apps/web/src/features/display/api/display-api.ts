import {
  errorBodySchema,
  getDisplayEvents,
  getDisplaySnapshot,
  getDisplayTeamLogo,
  type DisplaySnapshot,
  type ErrorCode,
} from '@rampart/contracts';
import type { CreateEventStream } from '../../../lib/event-stream';
import { createEventStreamClient } from '../../../lib/event-stream';
import { fillPath } from '../../../lib/route-path';
import { clockOffsetMs } from '../../../lib/clock-offset';

/**
 * The projector view's calls. Not through the app's API client: a display holds no account, its
 * token is its only credential, and a refusal is the screen's answer, not an expired login. No
 * cookie goes with them (`credentials: 'omit'`), and the page sends no referrer.
 */
export const displayApiPaths = {
  snapshot: (token: string) => fillPath(getDisplaySnapshot.path, { token }),
  events: (token: string) => fillPath(getDisplayEvents.path, { token }),
  logo: (token: string, teamUuid: string) => fillPath(getDisplayTeamLogo.path, { token, teamUuid }),
};

/** The server refused the link (unknown, revoked, lapsed): nothing to retry. */
export class DisplayRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | null,
  ) {
    super(`display refused: ${code ?? status}`);
  }
}

const refusalOf = async (response: Response) => {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  return new DisplayRefused(response.status, parsed.success ? parsed.data.error.code : null);
};

export const fetchDisplaySnapshot = async (
  token: string,
  signal?: AbortSignal,
): Promise<DisplaySnapshot & { clockOffsetMs: number }> => {
  const response = await fetch(displayApiPaths.snapshot(token), {
    credentials: 'omit',
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await refusalOf(response);
  const snapshot = getDisplaySnapshot.responses[200].parse(await response.json());
  return {
    ...snapshot,
    clockOffsetMs: clockOffsetMs(snapshot.session.serverTime),
  };
};

/**
 * Opens the display's stream at `path`, resuming from the last event handled: the stream client
 * reconnects with backoff after a drop, and stops on a refusal (401, 403).
 */
export const createDisplayEventStream: CreateEventStream = (path, settings) =>
  createEventStreamClient({
    ...settings,
    open: ({ lastEventId, signal }) =>
      fetch(path, {
        credentials: 'omit',
        cache: 'no-store',
        signal,
        headers: lastEventId === null ? {} : { 'Last-Event-ID': lastEventId },
      }),
  });

export const displayQueryKeys = {
  snapshot: (token: string) => ['display', token] as const,
};
