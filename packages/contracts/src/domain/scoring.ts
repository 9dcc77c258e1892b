/**
 * The scoring rules a client shows as well as the server applies: pure functions,
 * so the value a player reads is the one a correct answer would earn at that moment.
 */

/** A speedrun's share of the points left when it falls to its floor: 10 % of the points. */
export const SPEEDRUN_FLOOR_SHARE = 0.1;

export const speedrunFloor = (points: number): number => Math.round(points * SPEEDRUN_FLOOR_SHARE);

/**
 * What a speedrun objective is worth after `runningMs` of play since its launch (paused time
 * does not run): one point a second, never below the floor. `factor` is the submitting player's
 * extra-time bonus (1.05 for +5 %): their clock runs that much slower.
 */
export const speedrunValue = (points: number, runningMs: number, factor = 1): number =>
  Math.max(speedrunFloor(points), points - Math.floor(Math.max(0, runningMs) / 1000 / factor));
