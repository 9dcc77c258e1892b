import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [ago(10), 'en', 'now'],
    [ago(59), 'en', 'now'],
    [ago(60), 'en', '1 minute ago'],
    [ago(5 * 60 + 30), 'en', '5 minutes ago'],
    [ago(2 * 3600), 'en', '2 hours ago'],
    [ago(26 * 3600), 'en', 'yesterday'],
    [ago(3 * 86_400), 'en', '3 days ago'],
    [ago(15 * 86_400), 'en', '2 weeks ago'],
    [ago(70 * 86_400), 'en', '2 months ago'],
    [ago(400 * 86_400), 'en', 'last year'],
    [new Date(now.getTime() + 2 * 3600 * 1000), 'en', 'in 2 hours'],
    [ago(5 * 60), 'fr', 'il y a 5 minutes'],
    [ago(26 * 3600), 'fr', 'hier'],
    [ago(10), 'fr', 'maintenant'],
  ])('%s in %s is "%s"', (date, locale, expected) => {
    expect(formatRelativeTime(date, now, locale)).toBe(expected);
  });
});
