import { speedrunValue, type PlayObjective } from '@rampart/contracts';

export type ObjectiveSpeedrun = NonNullable<PlayObjective['speedrun']>;

/** The speedruns still racing: launched on an objective that no team has solved yet. */
export const racingSpeedruns = (objectives: readonly PlayObjective[]) =>
  objectives.filter(
    (objective): objective is PlayObjective & { speedrun: ObjectiveSpeedrun } =>
      objective.speedrun !== null && objective.solvedBy.length === 0,
  );

/**
 * Milliseconds of play a speedrun has run at `serverNow`, from its `runningMs` as read at
 * `readAt` (both on server time). While the game is paused its clock stands still; the
 * objectives are read again at each pause and resume, so `readAt` restarts the count.
 */
export const speedrunRunningMsAt = (
  speedrun: Pick<ObjectiveSpeedrun, 'runningMs'>,
  readAt: number,
  serverNow: number,
  paused: boolean,
): number => speedrun.runningMs + (paused ? 0 : Math.max(0, serverNow - readAt));

/** What a correct answer by this player would earn now, by the server's own rule. */
export const speedrunValueAt = (
  points: number,
  speedrun: Pick<ObjectiveSpeedrun, 'runningMs'>,
  clock: { readAt: number; serverNow: number; paused: boolean; factor: number },
): number =>
  speedrunValue(
    points,
    speedrunRunningMsAt(speedrun, clock.readAt, clock.serverNow, clock.paused),
    clock.factor,
  );
