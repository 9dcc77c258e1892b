import { describe, expect, it } from 'vitest';
import { buildPlayObjective } from '../../game/testing/play-objective';
import { racingSpeedruns, speedrunRunningMsAt, speedrunValueAt } from './speedrun-clock';

const speedrun = {
  title: 'Race',
  description: '',
  launchedAt: '2025-01-01T10:00:00.000Z',
  runningMs: 20_000,
  value: 80,
  floor: 10,
};
const readAt = Date.parse('2025-01-01T10:00:20.000Z');

describe('the speedrun clock', () => {
  it.each([
    ['read just now', 0, false, 20_000],
    ['30 s later', 30_000, false, 50_000],
    ['30 s later, paused', 30_000, true, 20_000],
    ['a browser clock behind the read', -5_000, false, 20_000],
  ])('runs from what was read: %s', (_case, elapsed, paused, expected) => {
    expect(speedrunRunningMsAt(speedrun, readAt, readAt + elapsed, paused)).toBe(expected);
  });

  it.each([
    ['one point a second', 100, 0, 1, 80],
    ['slower for +5 % extra time', 100, 0, 1.05, 81],
    ['never below the floor', 100, 600_000, 1, 10],
  ])('is worth what the server would award: %s', (_case, points, elapsed, factor, expected) => {
    expect(
      speedrunValueAt(points, speedrun, {
        readAt,
        serverNow: readAt + elapsed,
        paused: false,
        factor,
      }),
    ).toBe(expected);
  });

  it('races only on objectives no team solved yet', () => {
    const open = buildPlayObjective({ title: 'open', speedrun });
    const taken = buildPlayObjective({
      title: 'taken',
      speedrun,
      solvedBy: [{ teamUuid: crypto.randomUUID(), teamName: 'Red', solvedAt: speedrun.launchedAt }],
    });
    const none = buildPlayObjective({ title: 'none' });
    expect(racingSpeedruns([open, taken, none]).map((objective) => objective.title)).toEqual([
      'open',
    ]);
  });
});
