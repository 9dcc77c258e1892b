/**
 * How long a test may take, and how long it waits for something to happen before it fails:
 * most of the test's own time, so that a busy machine makes a test slower, never red. A screen's
 * first render waits for lazy chunks that take milliseconds on a laptop and seconds on a CPU
 * shared with the server's test files. The seconds kept back let the waiting helper report what
 * it was waiting for before the test itself times out.
 */
export const TEST_TIMEOUT_MS = 20_000;
export const WAIT_TIMEOUT_MS = TEST_TIMEOUT_MS - 4_000;
