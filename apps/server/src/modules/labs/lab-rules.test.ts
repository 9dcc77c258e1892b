import { labTemplateSchema } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { extendedExpiry, initialExpiry, latestExpiry } from './lab-rules.js';

const template = labTemplateSchema.parse({
  machines: [{ name: 'box', image: 'rampart/box:1' }],
  ttlSeconds: 600,
  maxTtlSeconds: 1500,
});
const t0 = new Date('2026-01-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('lab lifetime rules', () => {
  it('starts an environment for its ttl, within its max lifetime', () => {
    expect(initialExpiry(template, t0)).toEqual(at(600));
    expect(latestExpiry(template, t0)).toEqual(at(1500));
    const short = { ...template, ttlSeconds: 600, maxTtlSeconds: 600 };
    expect(initialExpiry(short, t0)).toEqual(at(600));
  });

  it.each([
    // expiresAt, renewCount, seconds, now → result
    { expires: 600, renews: 0, seconds: 600, now: 100, result: { expiresAt: at(1200) } },
    { expires: 1200, renews: 1, seconds: 600, now: 100, result: { expiresAt: at(1500) } },
    { expires: 1500, renews: 1, seconds: 600, now: 100, result: { refused: 'at_max_lifetime' } },
    { expires: 600, renews: 2, seconds: 60, now: 100, result: { refused: 'renewals_exhausted' } },
    { expires: 600, renews: 0, seconds: 60, now: 600, result: { refused: 'expired' } },
    { expires: 600, renews: 0, seconds: 86_400, now: 0, result: { expiresAt: at(1500) } },
  ])(
    'extends from $expires s by $seconds s with $renews renewals at $now s: $result',
    ({ expires, renews, seconds, now, result }) => {
      expect(
        extendedExpiry({
          template,
          createdAt: t0,
          expiresAt: at(expires),
          renewCount: renews,
          maxRenewals: 2,
          seconds,
          now: at(now),
        }),
      ).toEqual(result);
    },
  );
});
