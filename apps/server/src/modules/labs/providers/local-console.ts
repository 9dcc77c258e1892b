import { randomUUID } from 'node:crypto';
import { spawn, type IPty } from '@lydell/node-pty';
import type { ConsoleSession } from '../environment-provider.js';

/** How long a shell has after SIGHUP before it is killed. */
const HANGUP_GRACE_MS = 2000;
/** Columns or rows a terminal may have. */
const MAX_SIZE = 1000;

/**
 * A console as a pty running `command` (the provider's nsenter + bwrap line): bytes in, bytes
 * out, a size, an exit. Closing hangs the shell up, then kills it if it lingers.
 */
export const openPtyConsole = (options: {
  command: string;
  args: string[];
  cols: number;
  rows: number;
  onClosed?: () => void;
}): ConsoleSession => {
  const pty: IPty = spawn(options.command, options.args, {
    name: 'xterm-256color',
    cols: options.cols,
    rows: options.rows,
    // Nothing of the back end's environment reaches the shell (bwrap clears it anyway).
    env: { TERM: 'xterm-256color', PATH: '/usr/sbin:/usr/bin:/sbin:/bin' },
    encoding: null,
  });
  const exitListeners = new Set<(info: { code: number | null; reason?: string }) => void>();
  let exited: { code: number | null; reason?: string } | null = null;
  let killTimer: NodeJS.Timeout | undefined;
  const input = new TextDecoder();
  pty.onExit(({ exitCode, signal }) => {
    clearTimeout(killTimer);
    exited = signal ? { code: null, reason: `signal ${signal}` } : { code: exitCode };
    const info = exited;
    exitListeners.forEach((listener) => listener(info));
    exitListeners.clear();
    options.onClosed?.();
  });
  return {
    id: randomUUID(),
    write(data) {
      if (exited) return;
      // Streaming: a character cut between two frames is completed by the next.
      pty.write(typeof data === 'string' ? data : input.decode(data, { stream: true }));
    },
    resize(cols, rows) {
      // The socket bounds sizes already; a pty must never see a zero or absurd one.
      const valid = (size: number) => Number.isInteger(size) && size >= 1 && size <= MAX_SIZE;
      if (!exited && valid(cols) && valid(rows)) pty.resize(cols, rows);
    },
    onData(listener) {
      const subscription = pty.onData((chunk) =>
        listener(typeof chunk === 'string' ? Buffer.from(chunk) : new Uint8Array(chunk)),
      );
      return () => subscription.dispose();
    },
    onExit(listener) {
      if (exited) {
        const info = exited;
        queueMicrotask(() => listener(info));
        return () => undefined;
      }
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    async close() {
      if (exited) return;
      const done = new Promise<void>((resolve) => exitListeners.add(() => resolve()));
      try {
        pty.kill('SIGHUP');
      } catch {
        // Already gone.
      }
      killTimer = setTimeout(() => {
        try {
          pty.kill('SIGKILL');
        } catch {
          // Already gone.
        }
      }, HANGUP_GRACE_MS);
      await done;
    },
  };
};
