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

/** Statuses after which nothing changes any more. */
export const endedSessionStatuses = [
  'finished',
  'stopped',
  'canceled',
] as const satisfies readonly SessionStatus[];

export const isEndedStatus = (status: SessionStatus) =>
  (endedSessionStatuses as readonly SessionStatus[]).includes(status);

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
