import { describe, expect, it } from 'vitest';
import { missionResultOf, scoreEvolutionOf } from './stats-rules.js';

describe('a team’s mission result', () => {
  const team = (solved: string[], score = 0, eliminated = false) => ({
    score,
    eliminated,
    solved: new Set(solved),
  });

  it('needs every required objective under the default rule', () => {
    const rule = { kind: 'required_objectives' } as const;
    expect(missionResultOf(rule, team(['a', 'b', 'x']), ['a', 'b'])).toBe('success');
    expect(missionResultOf(rule, team(['a', 'x']), ['a', 'b'])).toBe('failure');
  });

  it('needs the points or the number of objectives the other rules name', () => {
    expect(missionResultOf({ kind: 'min_points', points: 100 }, team([], 100), [])).toBe('success');
    expect(missionResultOf({ kind: 'min_points', points: 100 }, team([], 99), [])).toBe('failure');
    expect(missionResultOf({ kind: 'min_objectives', count: 2 }, team(['a', 'b']), [])).toBe(
      'success',
    );
    expect(missionResultOf({ kind: 'min_objectives', count: 2 }, team(['a']), [])).toBe('failure');
  });

  it('is a failure for an eliminated team, whatever it solved', () => {
    expect(missionResultOf({ kind: 'min_points', points: 1 }, team(['a'], 500, true), ['a'])).toBe(
      'failure',
    );
  });
});

describe('the score evolution', () => {
  const start = new Date('2026-01-01T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it('is each team’s running sum of its ledger rows, from 0 at the start', () => {
    const evolution = scoreEvolutionOf(
      ['a', 'b', 'c'],
      [
        { team_uuid: 'a', points: 100, created_at: at(10) },
        { team_uuid: 'a', points: -5, created_at: at(20) },
        { team_uuid: 'b', points: 50, created_at: at(15) },
        { team_uuid: 'a', points: 20, created_at: at(30) },
        { team_uuid: 'z', points: 999, created_at: at(5) }, // not a team of the session
      ],
      start,
      at(60),
    );
    expect(evolution.durationMs).toBe(60_000);
    expect(evolution.teams).toEqual([
      {
        teamUuid: 'a',
        points: [
          { at: 0, score: 0 },
          { at: 10_000, score: 100 },
          { at: 20_000, score: 95 },
          { at: 30_000, score: 115 },
        ],
      },
      {
        teamUuid: 'b',
        points: [
          { at: 0, score: 0 },
          { at: 15_000, score: 50 },
        ],
      },
      { teamUuid: 'c', points: [{ at: 0, score: 0 }] },
    ]);
  });

  it('keeps every point on the session’s axis', () => {
    const evolution = scoreEvolutionOf(
      ['a'],
      [
        { team_uuid: 'a', points: 1, created_at: at(-3) },
        { team_uuid: 'a', points: 1, created_at: at(90) },
      ],
      start,
      at(60),
    );
    expect(evolution.teams[0]!.points.map((point) => point.at)).toEqual([0, 0, 60_000]);
  });
});
