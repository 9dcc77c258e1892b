import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastActivity } from './activity-cookie';
import { startInactivityMonitor } from './inactivity-monitor';

const MINUTE = 60_000;

describe('inactivity monitor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2025-03-01T09:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (options: Partial<Parameters<typeof startInactivityMonitor>[0]> = {}) => {
    const onIdle = vi.fn();
    const stop = startInactivityMonitor({ timeoutMs: 30 * MINUTE, onIdle, ...options });
    return { onIdle, stop };
  };

  it('calls onIdle once after the idle time without input', () => {
    const { onIdle } = start();
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['keydown', 'pointerdown', 'wheel', 'scroll', 'mousemove', 'touchstart'])(
    'starts counting again on %s',
    (event) => {
      const { onIdle } = start();
      vi.advanceTimersByTime(20 * MINUTE);
      window.dispatchEvent(new Event(event));
      vi.advanceTimersByTime(20 * MINUTE);
      expect(onIdle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10 * MINUTE);
      expect(onIdle).toHaveBeenCalledTimes(1);
    },
  );

  it('keeps the last activity in the activity_timeout cookie, for the idle time', () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    start();
    expect(readLastActivity()).toBe(Date.now());
    expect(cookieWrites.mock.calls[0]![0]).toMatch(/^activity_timeout=\d+; Max-Age=1800; Path=\//);
  });

  it('writes the cookie at most every few seconds, however busy the mouse', () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    start();
    for (let i = 0; i < 50; i += 1) {
      vi.advanceTimersByTime(100);
      window.dispatchEvent(new Event('mousemove'));
    }
    expect(cookieWrites).toHaveBeenCalledTimes(2); // at start, then once 5 s later
  });

  it('counts activity in another tab, shared through the cookie', () => {
    let shared = Date.now();
    const { onIdle } = start({ readShared: () => shared, writeShared: () => undefined });
    vi.advanceTimersByTime(25 * MINUTE);
    shared = Date.now(); // the player works in another tab
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops watching when stopped', () => {
    const { onIdle, stop } = start();
    stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
