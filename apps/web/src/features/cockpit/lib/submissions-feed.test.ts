import type { Submission } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { appendOlder, emptyFeed, newestId, prependNewer } from './submissions-feed';

const row = (id: number): Submission => ({
  id,
  teamUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e001',
  objectiveUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000f001',
  pseudo: 'Alice',
  answer: `guess ${id}`,
  correct: false,
  points: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
});
const ids = (rows: readonly Submission[]) => rows.map((submission) => submission.id);

describe('the submissions feed held in memory', () => {
  it('puts rows that arrived on top, newest first, without holding one twice', () => {
    const feed = prependNewer({ rows: [row(3), row(2)], olderBefore: 2 }, [row(3), row(4), row(5)]);
    expect(ids(feed.rows)).toEqual([5, 4, 3, 2]);
    expect(feed.olderBefore).toBe(2);
    expect(newestId(feed)).toBe(5);
  });

  it('drops the oldest rows past the cap, which the older page fetches again', () => {
    const feed = prependNewer({ rows: [row(2), row(1)], olderBefore: null }, [row(3), row(4)], 3);
    expect(ids(feed.rows)).toEqual([4, 3, 2]);
    expect(feed.olderBefore).toBe(2);
  });

  it('appends an older page below and takes its cursor', () => {
    const feed = appendOlder(
      { rows: [row(9), row(8)], olderBefore: 8 },
      {
        submissions: [row(7), row(6)],
        nextBefore: null,
      },
    );
    expect(ids(feed.rows)).toEqual([9, 8, 7, 6]);
    expect(feed.olderBefore).toBeNull();
  });

  it('asks for everything after 0 while it holds nothing', () => {
    expect(newestId(emptyFeed)).toBe(0);
  });
});
