import { describe, expect, it } from 'vitest';
import { formatClock, msUntil } from './use-server-now';

describe('countdown arithmetic', () => {
  it('formats what is left, rounding up to the second', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(9_001)).toBe('00:10');
    expect(formatClock(30 * 60_000)).toBe('30:00');
    expect(formatClock(3_600_000 + 65_000)).toBe('1:01:05');
  });

  it('counts on server time: a browser clock an hour off changes nothing', () => {
    const serverStartsAt = '2026-03-14T09:00:10.000Z';
    const serverNow = Date.parse('2026-03-14T09:00:00.000Z');
    // The browser thinks it is an hour later; its offset to the server is −1 h.
    const browserNow = serverNow + 3_600_000;
    const offset = serverNow - browserNow;
    expect(msUntil(serverStartsAt, browserNow + offset)).toBe(10_000);
    expect(msUntil(serverStartsAt, serverNow + 20_000)).toBe(0);
    expect(msUntil(null, serverNow)).toBeNull();
  });
});
