import { progressPercentage, rankTeams } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideAnswer,
  firstBloodPoints,
  penaltyPoints,
  speedrunRunningMs,
  speedrunValue,
  type AnswerContext,
} from './scoring.js';

const context = (overrides: Partial<AnswerContext> = {}): AnswerContext => ({
  status: 'running',
  teamEliminated: false,
  objective: {
    type: 'flag',
    points: 100,
    penalty: 10,
    maxAttempts: 3,
    firstBloodBonus: 20,
    closed: false,
  },
  team: { solved: false, attempts: 0 },
  verdict: 'correct',
  repeatedWrongAnswer: false,
  speedrun: null,
  avatarId: null,
  ...overrides,
});

describe('what a submission does', () => {
  it.each<[string, Partial<AnswerContext>, ReturnType<typeof decideAnswer>]>([
    [
      'a correct flag: the points, and the first blood if first',
      {},
      { kind: 'solved', points: 100, ledgerKind: 'solve', firstBloodPoints: 20 },
    ],
    [
      'a wrong flag: the penalty and one attempt',
      { verdict: 'wrong' },
      { kind: 'wrong', penalty: 10, countsAsAttempt: true, attemptsAfter: 1 },
    ],
    [
      'the same wrong answer twice: nothing more',
      { verdict: 'wrong', repeatedWrongAnswer: true, team: { solved: false, attempts: 1 } },
      { kind: 'wrong', penalty: 0, countsAsAttempt: false, attemptsAfter: 1 },
    ],
    [
      'the last attempt, wrong: counted, then the objective closes',
      { verdict: 'wrong', team: { solved: false, attempts: 2 } },
      { kind: 'wrong', penalty: 10, countsAsAttempt: true, attemptsAfter: 3 },
    ],
    [
      'after the last attempt',
      { team: { solved: false, attempts: 3 } },
      { kind: 'refused', code: 'answer.max_attempts' },
    ],
    [
      'no limit on attempts',
      {
        verdict: 'wrong',
        objective: { ...context().objective, maxAttempts: null },
        team: { solved: false, attempts: 99 },
      },
      { kind: 'wrong', penalty: 10, countsAsAttempt: true, attemptsAfter: 100 },
    ],
    [
      'a flag the team already found',
      { team: { solved: true, attempts: 1 } },
      { kind: 'refused', code: 'answer.flag_already_found' },
    ],
    [
      'a choice question the team already solved',
      {
        objective: { ...context().objective, type: 'single_choice' },
        team: { solved: true, attempts: 0 },
      },
      { kind: 'refused', code: 'answer.already_solved' },
    ],
    ['while paused', { status: 'paused' }, { kind: 'refused', code: 'session.paused' }],
    ['after the end', { status: 'finished' }, { kind: 'refused', code: 'session.not_running' }],
    ['after a stop', { status: 'stopped' }, { kind: 'refused', code: 'session.not_running' }],
    [
      'during the countdown',
      { status: 'countdown' },
      { kind: 'refused', code: 'session.not_running' },
    ],
    ['in the lobby', { status: 'lobby' }, { kind: 'refused', code: 'session.not_running' }],
    ['an eliminated team', { teamEliminated: true }, { kind: 'refused', code: 'team.eliminated' }],
    [
      'a locked objective',
      { objective: { ...context().objective, closed: true } },
      { kind: 'refused', code: 'objective.locked' },
    ],
    [
      'something that is not an answer to it',
      { verdict: 'invalid' },
      { kind: 'refused', code: 'answer.invalid' },
    ],
    [
      'a first-blood avatar raises the bonus by 5 %',
      { avatarId: 'phantom' },
      { kind: 'solved', points: 100, ledgerKind: 'solve', firstBloodPoints: 21 },
    ],
    [
      'a penalty-shield avatar lowers the penalty by 10 %',
      { verdict: 'wrong', avatarId: 'bastion' },
      { kind: 'wrong', penalty: 9, countsAsAttempt: true, attemptsAfter: 1 },
    ],
    [
      'a speedrun 30 s in: 30 points less',
      { speedrun: { runningMs: 30_000 } },
      { kind: 'solved', points: 70, ledgerKind: 'speedrun', firstBloodPoints: 20 },
    ],
    [
      'a speedrun 30 s in, with the +5 % extra-time avatar: 28 points less',
      { speedrun: { runningMs: 30_000 }, avatarId: 'sentinel' },
      { kind: 'solved', points: 72, ledgerKind: 'speedrun', firstBloodPoints: 20 },
    ],
  ])('%s', (_label, overrides, expected) => {
    expect(decideAnswer(context(overrides))).toEqual(expected);
  });
});

describe('speedruns', () => {
  it.each([
    [0, 1, 100],
    [999, 1, 100],
    [1_000, 1, 99],
    [45_500, 1, 55],
    [89_999, 1, 11],
    [90_000, 1, 10],
    [600_000, 1, 10],
    [21_000, 1.05, 80],
  ])('after %i ms with f = %d, 100 points are worth %i', (ms, factor, value) => {
    expect(speedrunValue(100, ms, factor)).toBe(value);
  });

  it('does not run while the session is paused', () => {
    const launchedAt = new Date('2026-03-14T09:00:00Z');
    const now = new Date('2026-03-14T09:02:00Z');
    // Paused 50 s since the launch (10 s were already paused before it).
    expect(speedrunRunningMs(launchedAt, 10_000, 60_000, now)).toBe(70_000);
    expect(speedrunRunningMs(launchedAt, 0, 0, now)).toBe(120_000);
  });
});

describe('avatar bonuses and progress', () => {
  it('applies each bonus only to what it is for', () => {
    expect(firstBloodPoints(40, 'phantom')).toBe(42);
    expect(firstBloodPoints(40, 'bastion')).toBe(40);
    expect(penaltyPoints(25, 'bastion')).toBe(23);
    expect(penaltyPoints(25, 'phantom')).toBe(25);
    expect(penaltyPoints(25, null)).toBe(25);
  });

  it.each([
    [0, 7, 0],
    [1, 7, 14],
    [3, 7, 43],
    [7, 7, 100],
    [0, 0, 0],
  ])('%i of %i objectives → %i %', (completed, total, percent) => {
    expect(progressPercentage(completed, total)).toBe(percent);
  });
});

describe('the ranking', () => {
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  it('orders by score, then by who reached it first; ties share a rank; eliminated last', () => {
    const ranked = rankTeams([
      { uuid: 'a', score: 100, reachedAt: at(50), eliminated: false },
      { uuid: 'b', score: 100, reachedAt: at(20), eliminated: false },
      { uuid: 'c', score: 300, reachedAt: at(90), eliminated: true },
      { uuid: 'd', score: 0, reachedAt: null, eliminated: false },
      { uuid: 'e', score: 0, reachedAt: null, eliminated: false },
      { uuid: 'f', score: 150, reachedAt: at(99), eliminated: false },
    ]);
    expect(ranked.map((team) => [team.uuid, team.rank])).toEqual([
      ['f', 1],
      ['b', 2],
      ['a', 3],
      ['d', 4],
      ['e', 4],
      ['c', 6],
    ]);
  });
});
