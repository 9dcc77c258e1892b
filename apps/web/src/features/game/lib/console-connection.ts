import {
  consoleCloseCodes,
  consoleServerMessageSchema,
  type ConsoleTicket,
} from '@rampart/contracts';
import { isApiError, type ApiErrorCode } from '../../../lib/api-client';

export type ConsoleStatus = 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'failed';

/** Why a console ended or failed, as a code the `labConsole` catalogue translates. */
export type ConsoleReason =
  'exited' | 'idle' | 'expired' | 'released' | 'unavailable' | 'limit' | 'network' | ApiErrorCode;

export interface ConsoleConnectionOptions {
  /** A fresh ticket: each connection, the first and every reconnection, redeems its own. */
  ticket: () => Promise<ConsoleTicket>;
  output: (bytes: Uint8Array) => void;
  status: (status: ConsoleStatus, reason?: ConsoleReason) => void;
  /** The server kept the shell and replays its scrollback: the terminal starts afresh. */
  resumed: () => void;
  /** The terminal's size, sent on every (re)attach. */
  size: () => { cols: number; rows: number };
  /** Opens the socket (tests give their own). */
  socket?: (url: string) => WebSocket;
  /** Waits between reconnection attempts; the last repeats until `maxAttempts`. */
  backoffMs?: readonly number[];
  maxAttempts?: number;
}

const DEFAULT_BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
/** Keeps proxies from closing a quiet console. */
const PING_MS = 25_000;
/** Ticket answers that no retry can change: the lab is gone, the game over, the team out. */
const FINAL_TICKET_ERRORS = new Set<string>([
  'lab.not_found',
  'lab.not_ready',
  'session.ended',
  'session.not_joined',
  'team.eliminated',
  'auth.unauthenticated',
  'auth.forbidden',
]);

const socketUrl = (path: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`;

/**
 * The browser's side of the console protocol (docs/labs.md), without the terminal: raw bytes in
 * binary frames, resize
 * and ping as JSON text frames. A connection that drops (a network blip) comes back with a
 * fresh ticket and a growing wait, and the server re-attaches it to the same shell.
 */
export const openConsoleConnection = (options: ConsoleConnectionOptions) => {
  const encoder = new TextEncoder();
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxAttempts = options.maxAttempts ?? 10;
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const finish = (status: 'ended' | 'failed', reason: ConsoleReason) => {
    stopped = true;
    clearInterval(ping);
    clearTimeout(retry);
    options.status(status, reason);
    socket?.close();
  };

  const scheduleRetry = () => {
    if (stopped) return;
    if (attempts >= maxAttempts) return finish('failed', 'network');
    const wait = backoff[Math.min(attempts, backoff.length - 1)]!;
    attempts += 1;
    options.status('reconnecting');
    retry = setTimeout(() => void connect(), wait);
  };

  const onControl = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const message = consoleServerMessageSchema.safeParse(parsed);
    if (!message.success) return;
    const data = message.data;
    if (data.t === 'attached') {
      attempts = 0;
      if (data.resumed) options.resumed();
      options.status('connected');
      const { cols, rows } = options.size();
      socket?.send(JSON.stringify({ t: 'resize', cols, rows }));
    } else if (data.t === 'exit') finish('ended', 'exited');
    else if (data.t === 'error') {
      if (data.code === 'idle') finish('ended', 'idle');
      else if (data.code === 'expired') finish('failed', 'expired');
      else if (data.code === 'released') finish('failed', 'released');
      else if (data.code === 'unavailable') finish('failed', 'unavailable');
      // `flood` and `bad_frame`: the input was dropped, the shell is fine.
    }
  };

  const onClose = (code: number) => {
    clearInterval(ping);
    socket = null;
    if (stopped) return;
    if (code === consoleCloseCodes.ended) finish('ended', 'exited');
    else if (code === consoleCloseCodes.idle) finish('ended', 'idle');
    else if (code === consoleCloseCodes.expired) finish('failed', 'expired');
    else if (code === consoleCloseCodes.unavailable) finish('failed', 'unavailable');
    else if (code === consoleCloseCodes.limit) finish('failed', 'limit');
    else scheduleRetry();
  };

  async function connect() {
    if (stopped) return;
    let ticket: ConsoleTicket;
    try {
      ticket = await options.ticket();
    } catch (error) {
      if (isApiError(error) && FINAL_TICKET_ERRORS.has(error.code))
        return finish('failed', error.code);
      return scheduleRetry();
    }
    if (stopped) return;
    const opened = (options.socket ?? ((url) => new WebSocket(url)))(socketUrl(ticket.url));
    opened.binaryType = 'arraybuffer';
    socket = opened;
    opened.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') onControl(event.data);
      else options.output(new Uint8Array(event.data as ArrayBuffer));
    };
    opened.onclose = (event: CloseEvent) => onClose(event.code);
    clearInterval(ping);
    ping = setInterval(() => {
      if (opened.readyState === WebSocket.OPEN) opened.send('{"t":"ping"}');
    }, PING_MS);
  }

  options.status('connecting');
  void connect();

  return {
    /** Keystrokes (what xterm's onData gives), as raw bytes. */
    send(data: string) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
    },
    resize(cols: number, rows: number) {
      if (socket?.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify({ t: 'resize', cols, rows }));
    },
    close() {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      socket?.close();
    },
  };
};
