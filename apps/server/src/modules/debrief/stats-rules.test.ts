import { describe, expect, it } from 'vitest';
import {
  answersHiddenBecause,
  awardsOf,
  missionResultOf,
  scoreEvolutionOf,
  speedrunWinsOf,
  type AwardFacts,
} from './stats-rules.js';

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

describe('a team’s awards', () => {
  const facts = (overrides: Partial<AwardFacts> = {}): AwardFacts => ({
    over: true,
    rank: 2,
    score: 300,
    eliminated: false,
    firstBloods: 0,
    speedruns: 0,
    solved: 2,
    objectives: 4,
    wrongAnswers: 3,
    ...overrides,
  });
  const kinds = (overrides: Partial<AwardFacts>) => awardsOf(facts(overrides)).map((a) => a.kind);

  it.each([
    ['nothing for an ordinary run', {}, []],
    ['winner: first with a positive score, once over', { rank: 1 }, ['winner']],
    ['no winner while the game can still be played', { rank: 1, over: false }, []],
    ['no winner with nothing scored', { rank: 1, score: 0 }, []],
    ['all solved, with wrong answers on the way', { solved: 4 }, ['all_solved']],
    [
      'perfect run: all solved and no wrong answer',
      { solved: 4, wrongAnswers: 0 },
      ['perfect_run'],
    ],
    [
      'no full run for a mission without objectives',
      { solved: 0, objectives: 0, wrongAnswers: 0 },
      [],
    ],
    [
      'first bloods and speedruns as they are won',
      { over: false, firstBloods: 2, speedruns: 1 },
      ['first_blood', 'speedrun'],
    ],
    [
      'nothing for an eliminated team',
      { eliminated: true, rank: 1, solved: 4, firstBloods: 3 },
      [],
    ],
  ] as const)('%s', (_, overrides, expected) => {
    expect(kinds(overrides)).toEqual(expected);
  });

  it('counts first bloods and speedruns', () => {
    expect(
      awardsOf(facts({ rank: 1, solved: 4, wrongAnswers: 0, firstBloods: 3, speedruns: 2 })),
    ).toEqual([
      { kind: 'winner', count: 1 },
      { kind: 'perfect_run', count: 1 },
      { kind: 'first_blood', count: 3 },
      { kind: 'speedrun', count: 2 },
    ]);
  });
});

describe('when a player reads the answers on a debrief', () => {
  const ran = {
    status: 'stopped' as const,
    startsAt: '2026-01-01T10:00:00.000Z',
    endsAt: '2026-01-01T10:20:00.000Z',
    hasTeam: true,
    revealAfterGame: true,
    missionInPlay: false,
  };

  it.each([
    ['a game that ran, in a team, nothing else in play', {}, null],
    ['a game that ran to its end', { status: 'finished' }, null],
    ['a game still running', { status: 'running' }, 'session_not_over'],
    ['a lobby', { status: 'lobby', startsAt: null, endsAt: null }, 'session_not_over'],
    [
      'a canceled start',
      { status: 'canceled', startsAt: null, endsAt: null },
      'session_not_played',
    ],
    ['a lobby closed by its owner', { startsAt: null, endsAt: null }, 'session_not_played'],
    [
      'a game stopped during its countdown',
      { startsAt: '2026-01-01T10:00:10.000Z', endsAt: '2026-01-01T10:00:04.000Z' },
      'session_not_played',
    ],
    ['a player without a team', { hasTeam: false }, 'no_team'],
    ['a mission whose authors keep its answers', { revealAfterGame: false }, 'reveal_off'],
    ['another session of the mission in play', { missionInPlay: true }, 'mission_in_play'],
    [
      'no team and a session in play: the lasting reason first',
      { hasTeam: false, missionInPlay: true },
      'no_team',
    ],
  ] as const)('%s', (_label, change, expected) => {
    expect(answersHiddenBecause({ ...ran, ...change })).toBe(expected);
  });
});

describe('speedrun wins', () => {
  const row = (id: number, team: string, objective: string, at: number, kind = 'speedrun') => ({
    id,
    team_uuid: team,
    objective_uuid: objective,
    kind,
    created_at: new Date(at),
  });

  it('gives each speedrun to the first team that solved during it, and only to it', () => {
    const wins = speedrunWinsOf([
      // The ledger comes team by team: B's row on o1 is later in it but earlier in time.
      row(7, 'A', 'o1', 2_000),
      row(3, 'A', 'o2', 1_000),
      row(5, 'B', 'o1', 1_500),
      row(9, 'B', 'o2', 1_000),
      row(1, 'C', 'o1', 500, 'solve'),
      row(2, 'C', 'o3', 100, 'first_blood'),
    ]);
    expect(Object.fromEntries(wins)).toEqual({ A: 1, B: 1 });
  });
});
