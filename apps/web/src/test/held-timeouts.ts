import { vi } from 'vitest';

/**
 * Holds back every `setTimeout` of exactly `ms` milliseconds (other delays run as usual) until
 * the test fires them. A screen that moves on after a delay is then tested on the delay it asks
 * for, not on how fast the machine renders: with a clock that follows real time, a busy machine
 * could let the delay run out between the render and the test's "not yet" check.
 */
export const holdTimeoutsOf = (ms: number) => {
  const held: (() => void)[] = [];
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    delay?: number,
    ...args: unknown[]
  ) => {
    if (delay !== ms) return realSetTimeout(callback, delay, ...args);
    held.push(callback);
    return realSetTimeout(() => undefined, 0);
  }) as typeof setTimeout);
  return {
    /** How many timeouts of `ms` were asked for. */
    count: () => held.length,
    /** Runs the last one asked for (earlier ones were replaced), as if its delay had run out. */
    fire: () => held.at(-1)?.(),
  };
};
