import { z } from 'zod';

/**
 * A gaming session's lifecycle: `lobby` → `countdown` → `running` ⇄ `paused` →
 * `finished`; `stopped` (a trainer, or the owner of a player-created session: irreversible);
 * `canceled` (a start that waited too long for players). The status is derived from stored
 * timestamps and the database clock, never from a timer.
 */
export const sessionStatuses = [
  'lobby',
  'countdown',
  'running',
  'paused',
  'finished',
  'stopped',
  'canceled',
] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
export const sessionStatusSchema = z.enum(sessionStatuses);

/** Statuses after which nothing changes any more: played to its end, stopped, or canceled. */
export const closedSessionStatuses = [
  'finished',
  'stopped',
  'canceled',
] as const satisfies readonly SessionStatus[];

/** The session is closed: nothing in it changes any more (a canceled start included). */
export const isClosedStatus = (status: SessionStatus) =>
  (closedSessionStatuses as readonly SessionStatus[]).includes(status);

/**
 * The session was played and is over (finished or stopped): it has results, statistics and a
 * survey. A canceled session never began, so it is closed but not ended.
 */
export const isEndedStatus = (status: SessionStatus) =>
  status === 'finished' || status === 'stopped';

/**
 * What can happen to a session. `teams_changed` is the server's own (a waiting start re-checks
 * its teams); the others are a trainer's (`stop` also a player-owner's close).
 */
export const sessionActionKinds = [
  'start',
  'force_start',
  'teams_changed',
  'pause',
  'resume',
  'stop',
] as const;
export type SessionActionKind = (typeof sessionActionKinds)[number];

/**
 * The transition table: which statuses each action may be taken from; the rest are refused. The
 * server's state machine applies it and the trainer's controls offer what it allows.
 */
export const sessionActionsAllowedFrom: Record<SessionActionKind, readonly SessionStatus[]> = {
  start: ['lobby'],
  force_start: ['lobby'],
  teams_changed: ['lobby'],
  pause: ['running'],
  resume: ['paused'],
  stop: ['lobby', 'countdown', 'running', 'paused'],
};

/** A trainer's actions on a session, in the order their controls are shown. */
export const trainerSessionActions = [
  'start',
  'force_start',
  'pause',
  'resume',
  'stop',
] as const satisfies readonly SessionActionKind[];
export type TrainerSessionAction = (typeof trainerSessionActions)[number];

/** The trainer's actions a session in this status accepts: none once it is closed. */
export const allowedActions = (status: SessionStatus): TrainerSessionAction[] =>
  trainerSessionActions.filter((action) => sessionActionsAllowedFrom[action].includes(status));

/** What a lobby waits for once a start is asked and its teams are not ready yet. */
export const startPhases = ['idle', 'waiting_for_players'] as const;
export type StartPhase = (typeof startPhases)[number];

/** Defaults and bounds of a session's settings. */
export const sessionLimits = {
  maxTeams: { min: 1, max: 100, default: 10 },
  playersPerTeam: { min: 1, max: 20, default: 4 },
  minPlayersPerTeam: { default: 1 },
  durationMinutes: { min: 1, max: 24 * 60 },
  /** "game will start in": the countdown before play. */
  countdownSeconds: 10,
  /** How long a start asked with teams not ready waits before the session is canceled. */
  startWaitSeconds: 120,
  nameLength: { min: 1, max: 80 },
} as const;

/** Who may read and act on a team's data: its members, the trainers. */
export const teamNameLength = { min: 1, max: 40 } as const;

/** Team logos: raster images checked by their bytes, at most this size. */
export const teamLogo = {
  maxBytes: 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;
