import { readLastActivity, writeLastActivity } from './activity-cookie';

/** What counts as the player being there. `mousemove` and `scroll` are frequent: writes are throttled. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
  'mousemove',
] as const;

/** A cookie write at most this often, however busy the mouse. */
const WRITE_EVERY_MS = 5_000;

export interface InactivityMonitorOptions {
  timeoutMs: number;
  /** Called once, when the player has been idle `timeoutMs` in every tab. */
  onIdle: () => void;
  now?: () => number;
  readShared?: () => number | null;
  writeShared?: (at: number, timeoutMs: number) => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Watches the player's input and calls `onIdle` after `timeoutMs` without any, in this tab or
 * another (the last activity is shared through a cookie). Returns the function that stops it.
 */
export const startInactivityMonitor = ({
  timeoutMs,
  onIdle,
  now = Date.now,
  readShared = readLastActivity,
  writeShared = writeLastActivity,
  target = window,
  document: doc = document,
}: InactivityMonitorOptions): (() => void) => {
  let lastHere = now();
  let lastWritten = lastHere;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  writeShared(lastHere, timeoutMs);

  const record = () => {
    lastHere = now();
    if (lastHere - lastWritten >= WRITE_EVERY_MS) {
      lastWritten = lastHere;
      writeShared(lastHere, timeoutMs);
    }
  };

  const check = () => {
    clearTimeout(timer);
    // The cookie may be gone (expired, refused by the browser): this tab's own record stands.
    const idleFor = now() - Math.max(lastHere, readShared() ?? 0);
    if (idleFor >= timeoutMs) {
      stop();
      onIdle();
    } else {
      timer = setTimeout(check, timeoutMs - idleFor);
    }
  };

  // A tab in the background (or a laptop asleep) runs late timers: look again when it shows.
  const handleVisibility = () => {
    if (doc.visibilityState === 'visible') check();
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, record, true);
    doc.removeEventListener('visibilitychange', handleVisibility);
  };

  for (const event of ACTIVITY_EVENTS) {
    target.addEventListener(event, record, { capture: true, passive: true });
  }
  doc.addEventListener('visibilitychange', handleVisibility);
  timer = setTimeout(check, timeoutMs);
  return stop;
};
