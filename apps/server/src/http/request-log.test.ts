import { describe, expect, it } from 'vitest';
import { maskTicket } from './request-log.js';

describe('request logs', () => {
  it('never carry a console ticket', () => {
    expect(maskTicket('/ws/console?ticket=abc-DEF_123')).toBe('/ws/console?ticket=[redacted]');
    expect(maskTicket('/ws/console?x=1&ticket=abc&y=2')).toBe(
      '/ws/console?x=1&ticket=[redacted]&y=2',
    );
    expect(maskTicket('/api/health')).toBe('/api/health');
  });
});
