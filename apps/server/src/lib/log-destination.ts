import fs from 'node:fs';

/** How long a write that found the pipe full waits before trying again. */
const FULL_PIPE_WAIT_MS = 5;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text` to `fd` now, waiting out a full pipe (a non-blocking stdout). */
const writeAllSync = (fd: number, text: string) => {
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    try {
      rest = rest.subarray(fs.writeSync(fd, rest));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') throw error;
      Atomics.wait(sleeper, 0, 0, FULL_PIPE_WAIT_MS);
    }
  }
};

/** Every destination's `flushSync`: run once, on the process's exit, whatever its cause. */
const flushedOnExit = new Set<() => void>();
process.on('exit', () => {
  for (const flush of flushedOnExit) flush();
});

export interface LogDestination {
  write(line: string): void;
  /** Writes every line kept so far, before returning. */
  flushSync(): void;
}

/**
 * Where the server's log lines go: a file descriptor (stdout), written once per turn of the
 * event loop instead of once per line. Under load a turn ends many requests, each with its
 * access line: one system call then carries them all, where a write per line cost about a
 * tenth of the server's time on the answer path. The writes stay synchronous, so no line is
 * ever half on its way: what is kept is written whole by `flushSync`, which the shutdown calls
 * before the process exits, and which runs on any exit (a fatal error, `process.exit`). Only a
 * kill that no code sees (SIGKILL) loses the lines of the turn it interrupts.
 */
export const createLogDestination = (fd = 1): LogDestination => {
  let kept: string[] = [];
  let scheduled = false;
  const flushSync = () => {
    scheduled = false;
    if (kept.length === 0) return;
    const text = kept.join('');
    kept = [];
    try {
      writeAllSync(fd, text);
    } catch {
      // A closed stdout (EPIPE): the lines have nowhere to go, and the server serves on.
    }
  };
  flushedOnExit.add(flushSync);
  return {
    write(line) {
      kept.push(line);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flushSync);
    },
    flushSync,
  };
};
