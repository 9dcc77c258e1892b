import { speedrunTimeFactor } from '@rampart/contracts';
import { createContext, useContext } from 'react';
import { useCurrentUser } from '../../auth';
import { useServerNow } from '../../sessions';
import { speedrunValueAt, type ObjectiveSpeedrun } from '../lib/speedrun-clock';

/** What the game screen knows of time: when the objectives were read and whether play runs. */
export interface GameClock {
  /** `serverTime` of the objectives' answer, in ms. */
  readAt: number;
  clockOffsetMs: number;
  paused: boolean;
}

export const GameClockContext = createContext<GameClock | null>(null);

/**
 * What a speedrun objective is worth now for this player (their avatar's extra time counted),
 * ticking every second on server time and standing still while the game is paused.
 */
export const useSpeedrunValue = (points: number, speedrun: ObjectiveSpeedrun): number => {
  const clock = useContext(GameClockContext);
  const factor = speedrunTimeFactor(useCurrentUser()?.avatarId);
  const serverNow = useServerNow(clock?.clockOffsetMs ?? 0, 1000);
  if (!clock) return speedrun.value;
  return speedrunValueAt(points, speedrun, {
    readAt: clock.readAt,
    serverNow,
    paused: clock.paused,
    factor,
  });
};

/** Whether this player's avatar slows speedruns down (said beside the value). */
export const useSpeedrunFactor = () => speedrunTimeFactor(useCurrentUser()?.avatarId);
