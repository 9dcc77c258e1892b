import {
  isClosedStatus,
  sessionActionsAllowedFrom,
  type ErrorCode,
  type SessionStatus,
  type StartPhase,
} from '@rampart/contracts';

/**
 * A gaming session's lifecycle as pure functions of its stored timestamps and an instant
 * (docs/sessions.md). Nothing here reads a clock: callers pass the database's time, so every node
 * derives the same status and a session ends at its end time with no timer running anywhere.
 */

/** What is stored about a session's time: instants and durations, never a status. */
export interface SessionTimeline {
  durationMs: number;
  countdownMs: number;
  /** How long a start asked with teams not ready waits for them before the session is canceled. */
  startWaitMs: number;
  /** A start planned by a trainer: at that instant the session behaves as if a start was asked. */
  scheduledStartAt: Date | null;
  /** When a start was asked while the teams were not ready ("players missing"). */
  startRequestedAt: Date | null;
  /** When play begins, the countdown ending there; null until a countdown is started. */
  startsAt: Date | null;
  /** The start of the pause in progress. */
  pausedAt: Date | null;
  /** The length of every finished pause, which extends the end. */
  pausedMs: number;
  stoppedAt: Date | null;
}

export interface DerivedSessionState {
  status: SessionStatus;
  /** In `lobby`: whether a start is waiting for players, and until when. */
  startPhase: StartPhase;
  startWaitEndsAt: Date | null;
  startsAt: Date | null;
  /** The end as it stands now: it moves later while paused. */
  endsAt: Date | null;
  /** Milliseconds of play left (0 once ended; frozen while paused). */
  remainingMs: number;
}

const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

/** The instant from which a start counts as asked: an explicit request, or a due schedule. */
const startAskedAt = (timeline: SessionTimeline, now: Date): Date | null => {
  if (timeline.startRequestedAt) return timeline.startRequestedAt;
  if (timeline.scheduledStartAt && timeline.scheduledStartAt <= now)
    return timeline.scheduledStartAt;
  return null;
};

/** The end of play before any pause in progress: start + duration + finished pauses. */
const plannedEnd = (timeline: SessionTimeline, startsAt: Date) =>
  plus(startsAt, timeline.durationMs + timeline.pausedMs);

export const deriveSessionState = (timeline: SessionTimeline, now: Date): DerivedSessionState => {
  const lobby = (startPhase: StartPhase, startWaitEndsAt: Date | null): DerivedSessionState => ({
    status: 'lobby',
    startPhase,
    startWaitEndsAt,
    startsAt: null,
    endsAt: null,
    remainingMs: timeline.durationMs,
  });
  const { startsAt } = timeline;

  if (timeline.stoppedAt) {
    // Stopped before play began (in the lobby or the countdown): no game was played, so there is
    // nothing to debrief or rate. The game is canceled, as when a start waits too long.
    if (!startsAt || timeline.stoppedAt < startsAt)
      return { ...lobby('idle', null), status: 'canceled', remainingMs: 0 };
    const endsAt = minDate(plannedEnd(timeline, startsAt), timeline.stoppedAt);
    return { ...lobby('idle', null), status: 'stopped', startsAt, endsAt, remainingMs: 0 };
  }

  if (!startsAt) {
    const askedAt = startAskedAt(timeline, now);
    if (!askedAt) return lobby('idle', null);
    const waitEndsAt = plus(askedAt, timeline.startWaitMs);
    if (now >= waitEndsAt) {
      return { ...lobby('idle', null), status: 'canceled', remainingMs: 0 };
    }
    return lobby('waiting_for_players', waitEndsAt);
  }

  const base = { startPhase: 'idle' as const, startWaitEndsAt: null, startsAt };
  if (now < startsAt) {
    return {
      ...base,
      status: 'countdown',
      endsAt: plannedEnd(timeline, startsAt),
      remainingMs: timeline.durationMs,
    };
  }
  if (timeline.pausedAt) {
    const endsAt = plus(
      plannedEnd(timeline, startsAt),
      now.getTime() - timeline.pausedAt.getTime(),
    );
    return { ...base, status: 'paused', endsAt, remainingMs: endsAt.getTime() - now.getTime() };
  }
  const endsAt = plannedEnd(timeline, startsAt);
  if (now >= endsAt) return { ...base, status: 'finished', endsAt, remainingMs: 0 };
  return { ...base, status: 'running', endsAt, remainingMs: endsAt.getTime() - now.getTime() };
};

const minDate = (a: Date, b: Date) => (a < b ? a : b);

/** Milliseconds the session has spent paused by `now`: finished pauses and the one in progress. */
export const pausedMsAt = (timeline: Pick<SessionTimeline, 'pausedAt' | 'pausedMs'>, now: Date) =>
  timeline.pausedMs + (timeline.pausedAt ? now.getTime() - timeline.pausedAt.getTime() : 0);

/**
 * The actions people take on a session. Time moves a session through the rest (countdown →
 * running, running → finished, a start wait → canceled): `deriveSessionState` covers those.
 */
export type SessionAction =
  /** The owner (a trainer or the player who created it) asks to start. */
  | { kind: 'start'; requirementsMet: boolean }
  /** A trainer starts whatever the teams' sizes, as long as one team exists. */
  | { kind: 'force_start'; teamCount: number }
  /** Teams changed while a start waits for players: they may now be ready. */
  | { kind: 'teams_changed'; requirementsMet: boolean }
  | { kind: 'pause' }
  | { kind: 'resume' }
  /** A trainer's stop or a player-owner's close: irreversible; before play began, a cancel. */
  | { kind: 'stop' };

export type SessionActionKind = SessionAction['kind'];

/** The stored fields an action changes, or the code of the reason it is refused. */
export type SessionActionResult =
  | { ok: true; changes: Partial<SessionTimeline>; status: SessionStatus }
  | { ok: false; code: ErrorCode };

/**
 * Which status each action may be taken from (the rest are refused): the contracts' table, which
 * the trainer's controls read too.
 */
export const allowedFrom: Record<SessionActionKind, readonly SessionStatus[]> =
  sessionActionsAllowedFrom;

const refusal = (status: SessionStatus): ErrorCode => {
  if (isClosedStatus(status)) return 'session.ended';
  return 'session.invalid_transition';
};

export const applySessionAction = (
  timeline: SessionTimeline,
  action: SessionAction,
  now: Date,
): SessionActionResult => {
  const state = deriveSessionState(timeline, now);
  if (!allowedFrom[action.kind].includes(state.status))
    return { ok: false, code: refusal(state.status) };

  const beginCountdown = (): SessionActionResult => ({
    ok: true,
    status: 'countdown',
    changes: {
      startsAt: plus(now, timeline.countdownMs),
      startRequestedAt: startAskedAt(timeline, now) ?? now,
    },
  });

  switch (action.kind) {
    case 'start':
      if (action.requirementsMet) return beginCountdown();
      if (state.startPhase === 'waiting_for_players') {
        // Asking again while waiting changes nothing: the wait keeps its first deadline.
        return { ok: true, status: 'lobby', changes: {} };
      }
      return { ok: true, status: 'lobby', changes: { startRequestedAt: now } };
    case 'force_start':
      if (action.teamCount < 1) return { ok: false, code: 'session.no_team' };
      return beginCountdown();
    case 'teams_changed':
      if (state.startPhase !== 'waiting_for_players' || !action.requirementsMet)
        return { ok: true, status: 'lobby', changes: {} };
      return beginCountdown();
    case 'pause':
      return { ok: true, status: 'paused', changes: { pausedAt: now } };
    case 'resume':
      return {
        ok: true,
        status: 'running',
        changes: { pausedAt: null, pausedMs: pausedMsAt(timeline, now) },
      };
    case 'stop':
      return {
        ok: true,
        status: state.status === 'running' || state.status === 'paused' ? 'stopped' : 'canceled',
        changes: { stoppedAt: now },
      };
  }
};

/** Whether every team is at its minimum size, with at least one team. */
export const startRequirementsMet = (
  teamSizes: readonly number[],
  minPlayersPerTeam: number,
): boolean => teamSizes.length > 0 && teamSizes.every((size) => size >= minPlayersPerTeam);
