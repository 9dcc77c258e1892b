// Shared by the fan-out benchmark's processes.

/** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Memory after a full collection (the process runs with --expose-gc). */
export const reportMemory = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
};
