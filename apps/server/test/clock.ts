import type { Clock } from '../src/lib/clock.js';

/** A clock the test moves by hand: countdowns, durations and windows pass in no time. */
export const testClock = (): Clock<Date> & { advance(ms: number): void } => {
  let current = new Date();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
};
