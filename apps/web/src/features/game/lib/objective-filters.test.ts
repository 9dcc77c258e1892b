import type { PlayObjective } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { buildPlayObjective } from '../testing/play-objective';
import { filterObjectives, firstToSolve, noFilters } from './objective-filters';

const objective = buildPlayObjective;

const a = objective({ title: 'a', followed: true });
const b = objective({ title: 'b', inProgress: true, category: 'crypto', difficulty: 3 });
const c = objective({ title: 'c', solved: true, category: 'crypto' });
const all = [a, b, c];
const titles = (list: PlayObjective[]) => list.map((o) => o.title);

describe('objective lists and filters', () => {
  it.each([
    ['all', ['a', 'b', 'c']],
    ['followed', ['a']],
    ['inProgress', ['b']],
    ['completed', ['c']],
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
    ['the first of all when none is open', [c, objective({ title: 'd', solved: true })], 'c'],
  ])('shows %s before the player picks', (_case, list, expected) => {
    expect(firstToSolve(list)?.title).toBe(expected);
  });

  it('shows nothing when there is nothing', () => {
    expect(firstToSolve([])).toBeNull();
  });
});
