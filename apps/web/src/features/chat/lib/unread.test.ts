import { describe, expect, it } from 'vitest';
import { incrementUnread, resetUnread, setUnread, unreadTotals, type UnreadCounts } from './unread';

describe('unread arithmetic', () => {
  it.each<[string, UnreadCounts, (counts: UnreadCounts) => UnreadCounts, UnreadCounts]>([
    ['increments a thread never counted', {}, (c) => incrementUnread(c, 'a'), { a: 1 }],
    ['increments by one', { a: 2 }, (c) => incrementUnread(c, 'a'), { a: 3 }],
    ['increments one thread only', { a: 2, b: 5 }, (c) => incrementUnread(c, 'b'), { a: 2, b: 6 }],
    ['sets a count', { a: 2 }, (c) => setUnread(c, 'a', 7), { a: 7 }],
    ['sets a new thread', {}, (c) => setUnread(c, 'b', 4), { b: 4 }],
    ['never sets below zero', { a: 2 }, (c) => setUnread(c, 'a', -3), { a: 0 }],
    ['resets to zero', { a: 9, b: 1 }, (c) => resetUnread(c, 'a'), { a: 0, b: 1 }],
    ['resets a thread never counted', {}, (c) => resetUnread(c, 'a'), { a: 0 }],
    [
      'counts again after a reset',
      { a: 4 },
      (c) => incrementUnread(resetUnread(c, 'a'), 'a'),
      { a: 1 },
    ],
  ])('%s', (_case, counts, change, expected) => {
    expect(change(counts)).toEqual(expected);
  });

  it('leaves the counts it was given unchanged', () => {
    const counts = { a: 1 };
    incrementUnread(counts, 'a');
    resetUnread(counts, 'a');
    expect(counts).toEqual({ a: 1 });
  });

  const threads = [
    { uuid: 'admin', channel: 'admin' as const },
    { uuid: 'general', channel: 'general' as const },
    { uuid: 'team', channel: 'team' as const },
    { uuid: 'support', channel: 'support' as const },
  ];
  it.each<[UnreadCounts, { global: number; support: number; total: number }]>([
    [{}, { global: 0, support: 0, total: 0 }],
    [
      { admin: 1, general: 2, team: 3 },
      { global: 6, support: 0, total: 6 },
    ],
    [{ support: 4 }, { global: 0, support: 4, total: 4 }],
    [
      { general: 2, support: 1 },
      { global: 2, support: 1, total: 3 },
    ],
    [
      { other: 8, team: 1 },
      { global: 1, support: 0, total: 1 },
    ],
  ])('totals %j as global plus support', (counts, expected) => {
    expect(unreadTotals(threads, counts)).toEqual(expected);
  });
});
