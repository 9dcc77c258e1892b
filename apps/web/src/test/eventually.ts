import { vi } from 'vitest';
import { WAIT_TIMEOUT_MS } from './timeouts';

/**
 * `vi.waitFor` with the suite's patience instead of its one-second default: for tests that wait
 * on real sockets, streams or promises rather than on the DOM (`waitFor`/`findBy` there).
 */
export const eventually = <T>(callback: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(callback, { timeout: WAIT_TIMEOUT_MS, interval: 20 });
