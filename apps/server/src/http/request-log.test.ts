import { describe, expect, it } from 'vitest';
import { maskDisplayToken, maskTicket } from './request-log.js';

describe('request logs', () => {
  it('never carry a console ticket', () => {
    expect(maskTicket('/ws/console?ticket=abc-DEF_123')).toBe('/ws/console?ticket=[redacted]');
    expect(maskTicket('/ws/console?x=1&ticket=abc&y=2')).toBe(
      '/ws/console?x=1&ticket=[redacted]&y=2',
    );
    expect(maskTicket('/api/health')).toBe('/api/health');
  });

  it('never carry a display link’s token, on the page or the API', () => {
    const token = 'Abc-123_xyzAbc-123_xyzAbc-123_xyzAbc-123_x';
    expect(maskDisplayToken(`/display/${token}?lang=fr`)).toBe('/display/[redacted]?lang=fr');
    expect(maskDisplayToken(`/fr/display/${token}`)).toBe('/fr/display/[redacted]');
    expect(maskDisplayToken(`/api/display/${token}/events`)).toBe('/api/display/[redacted]/events');
    expect(maskDisplayToken(`/api/display/${token}/teams/t/logo`)).toBe(
      '/api/display/[redacted]/teams/t/logo',
    );
    expect(maskDisplayToken('/api/trainer/sessions/x/display-links')).toBe(
      '/api/trainer/sessions/x/display-links',
    );
  });
});
