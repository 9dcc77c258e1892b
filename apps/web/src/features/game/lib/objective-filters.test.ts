import type { PlayObjective } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { buildPlayObjective } from '../testing/play-objective';
import { filterObjectives, firstToSolve, noFilters } from './objective-filters';

const objective = buildPlayObjective;

const a = objective({ title: 'a', followed: true });
const b = objective({ title: 'b', inProgress: true, category: 'crypto', difficulty: 3 });
const c = objective({ title: 'c', solved: true, closedReason: 'solved', category: 'crypto' });
// Out of attempts: closed like a solved one, no longer in progress.
const d = objective({
  title: 'd',
  category: 'osint',
  attempts: 3,
  attemptsLeft: 0,
  closedReason: 'no_attempts_left',
});
const all = [a, b, c, d];
const titles = (list: PlayObjective[]) => list.map((o) => o.title);

describe('objective lists and filters', () => {
  it.each([
    ['all', ['a', 'b', 'c', 'd']],
    ['followed', ['a']],
    ['inProgress', ['b']],
    ['completed', ['c', 'd']],
  ] as const)('the %s list', (list, expected) => {
    expect(titles(filterObjectives(all, { ...noFilters, list }))).toEqual(expected);
  });

  it('filters by category and difficulty together', () => {
    expect(titles(filterObjectives(all, { ...noFilters, category: 'crypto' }))).toEqual(['b', 'c']);
    expect(
      titles(filterObjectives(all, { ...noFilters, category: 'crypto', difficulty: 3 })),
    ).toEqual(['b']);
    expect(
      titles(filterObjectives(all, { list: 'completed', category: 'web', difficulty: 'any' })),
    ).toEqual([]);
  });

  it.each([
    ['the first open one', [c, objective({ title: 'locked', locked: true }), b], 'b'],
    ['the first of all when none is open', [c, objective({ title: 'e', solved: true })], 'c'],
    ['one with attempts left, not one out of them', [d, b], 'b'],
  ])('shows %s before the player picks', (_case, list, expected) => {
    expect(firstToSolve(list)?.title).toBe(expected);
  });

  it('shows nothing when there is nothing', () => {
    expect(firstToSolve([])).toBeNull();
  });
});
