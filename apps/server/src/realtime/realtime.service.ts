import type { Principal } from '../modules/identity/auth.service.js';
import type { EventHub, EventSink, Subscription } from './event-hub.js';
import type { PresenceTracker } from './presence.js';
import type { SessionAccess } from './session-access.js';
import { sessionStream, userStream } from './streams.js';

export type OpenStreamResult =
  { ok: Subscription } | { error: 'too_many_streams' | 'closing' | 'not_found' | 'forbidden' };

const signedInCheck = (
  signedIn: ((principal: Principal) => Promise<boolean>) | undefined,
  principal: Principal,
) => (signedIn ? { signedIn: () => signedIn(principal) } : {});

/** Which stream a caller may open and with which audiences; the hub does the rest. */
export const createRealtimeService = (deps: {
  hub: EventHub;
  sessionAccess: SessionAccess;
  presence: PresenceTracker;
  /**
   * Whether the sign-in behind a principal still holds: a stream outlives the request that
   * opened it, never the sign-in that let it in.
   */
  signedIn?: (principal: Principal) => Promise<boolean>;
}) => ({
  /** The caller's personal stream: only events addressed to them. */
  openUserStream: (
    principal: Principal,
    lastEventId: number | null,
    sink: EventSink,
  ): Promise<OpenStreamResult> =>
    deps.hub.subscribe({
      stream: userStream(principal.accountId),
      audiences: new Set([`user:${principal.accountId}`]),
      owner: principal.accountId,
      lastEventId,
      sink,
      ...signedInCheck(deps.signedIn, principal),
    }),

  async openSessionStream(
    principal: Principal,
    sessionUuid: string,
    lastEventId: number | null,
    sink: EventSink,
  ): Promise<OpenStreamResult> {
    const access = await deps.sessionAccess.canRead(principal, sessionUuid);
    if (access === 'not_found' || access === 'forbidden') return { error: access };
    const result = await deps.hub.subscribe({
      stream: sessionStream(sessionUuid),
      audiences: new Set(access.audiences),
      owner: principal.accountId,
      lastEventId,
      sink,
      ...signedInCheck(deps.signedIn, principal),
    });
    if (!('ok' in result) || !access.player) return result;
    // A player is online while at least one of their streams of the session is open.
    const leave = deps.presence.open(sessionUuid, principal.accountId, access.player.teamUuid);
    const subscription = result.ok;
    return {
      ok: {
        close() {
          subscription.close();
          leave();
        },
      },
    };
  },
});

export type RealtimeService = ReturnType<typeof createRealtimeService>;
