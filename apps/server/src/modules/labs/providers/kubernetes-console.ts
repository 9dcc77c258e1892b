import { randomUUID } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import type { Exec, V1Status } from '@kubernetes/client-node';
import type { ConsoleSession } from '../environment-provider.js';

/** A login shell: bash when the image has it, sh otherwise. */
export const SHELL_COMMAND = [
  '/bin/sh',
  '-c',
  'if command -v bash >/dev/null 2>&1; then exec bash -l; else exec sh -l; fi',
];

/**
 * Input queued towards the API server past which more input is dropped: typing never gets
 * near it, a flood (a pasted file, a script) stops growing the server's memory there.
 */
export const INPUT_BACKLOG_BYTES = 1024 * 1024;

/**
 * The pty's output side. The client sends the terminal's size on the exec's resize channel when
 * its stdout has `columns`, `rows` and emits `resize` (client-node's `isResizable`), as a TTY
 * stream does: this is that stream, fed by our `resize()`.
 */
class TerminalOutput extends Writable {
  columns: number;
  rows: number;

  constructor(
    size: { cols: number; rows: number },
    private readonly deliver: (chunk: Uint8Array) => void,
  ) {
    super();
    this.columns = size.cols;
    this.rows = size.rows;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.deliver(new Uint8Array(chunk));
    done();
  }

  setSize(cols: number, rows: number) {
    this.columns = cols;
    this.rows = rows;
    this.emit('resize');
  }
}

/**
 * The exit code in the status the API sends on the exec's error channel: `Success`, or a
 * `NonZeroExitCode` failure whose cause carries the code.
 */
export const exitCodeOf = (status: V1Status): number | null => {
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((item) => item.reason === 'ExitCode');
  const code = Number(cause?.message);
  return Number.isInteger(code) ? code : null;
};

/**
 * A shell in a pod through the exec API (a WebSocket to the API server), seen as a
 * `ConsoleSession`: raw bytes both ways, resizes on the resize channel, and one exit, whether
 * the shell ended (its code), the connection dropped or we closed it.
 */
export const openExecConsole = async (
  exec: Exec,
  target: { namespace: string; pod: string; container: string; command?: string[] },
  size: { cols: number; rows: number },
): Promise<ConsoleSession> => {
  const dataListeners = new Set<(chunk: Uint8Array) => void>();
  const exitListeners = new Set<(info: { code: number | null; reason?: string }) => void>();
  let exited: { code: number | null; reason?: string } | null = null;
  let code: number | null = null;
  let statusSeen = false;

  const finish = (info: { code: number | null; reason?: string }) => {
    if (exited) return;
    exited = info;
    stdin.end();
    exitListeners.forEach((listener) => listener(info));
  };
  const stdin = new PassThrough();
  const stdout = new TerminalOutput(size, (chunk) =>
    dataListeners.forEach((listener) => listener(chunk)),
  );

  const socket = await exec.exec(
    target.namespace,
    target.pod,
    target.container,
    target.command ?? SHELL_COMMAND,
    stdout,
    // With a tty the shell's stderr comes on stdout, as on a terminal.
    null,
    stdin,
    true,
    (status) => {
      statusSeen = true;
      code = exitCodeOf(status);
    },
  );
  // The client ends stdout when the status arrives, before the socket closes.
  stdout.on('finish', () => finish(statusSeen ? { code } : { code: null, reason: 'closed' }));
  socket.on('close', () => finish(statusSeen ? { code } : { code: null, reason: 'closed' }));
  socket.on('error', () => finish({ code: null, reason: 'connection lost' }));

  return {
    id: randomUUID(),
    write(data) {
      const queued = stdin.writableLength + stdin.readableLength + socket.bufferedAmount;
      if (exited || queued > INPUT_BACKLOG_BYTES) return;
      stdin.write(typeof data === 'string' ? data : Buffer.from(data));
    },
    resize(cols, rows) {
      if (exited) return;
      stdout.setSize(cols, rows);
    },
    onData(listener) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    onExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    async close() {
      if (exited) return;
      finish({ code: null, reason: 'closed' });
      socket.close();
    },
  };
};
