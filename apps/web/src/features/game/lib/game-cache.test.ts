import type { AnswerResult, PlayObjective, RealtimeEventOf } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { buildPlayerSession } from '../../sessions/testing/session-api';
import type { PlayerSession } from '../../sessions/api/get-session';
import type { GameObjectives } from '../api/get-objectives';
import { buildPlayObjective } from '../testing/play-objective';
import {
  hasOpenedObjective,
  mergeAnswerIntoSession,
  mergeAnswerResult,
  mergeAttempt,
  mergeRankingIntoSession,
  mergeSolve,
  patchSessionTimes,
  rankingOf,
} from './game-cache';

const OWN = '0190a1b2-0000-7000-8000-00000000000a';
const OTHER = '0190a1b2-0000-7000-8000-00000000000b';
const THIRD = '0190a1b2-0000-7000-8000-00000000000c';
const FLAG = '0190a1b2-0000-7000-8000-000000000001';
const NEXT = '0190a1b2-0000-7000-8000-000000000002';

const objectivesOf = (...overrides: Partial<PlayObjective>[]): GameObjectives => ({
  locale: 'en',
  serverTime: '2026-11-29T10:00:00.000Z',
  completed_objectives: overrides.filter((o) => o.solved).length,
  total_objectives: overrides.length,
  progress_percentage: 0,
  objectives: overrides.map((o, position) => buildPlayObjective({ position, ...o })),
});
const flagOf = (objectives: GameObjectives | undefined) =>
  objectives!.objectives.find((objective) => objective.uuid === FLAG)!;
const at = (minute: number) => `2026-11-29T10:0${minute}:00.000Z`;
const solve = (teamUuid: string, minute: number, firstBlood = false) => ({
  objectiveUuid: FLAG,
  teamUuid,
  teamName: teamUuid === OWN ? 'Red Foxes' : 'Blue Owls',
  firstBlood,
  solvedAt: at(minute),
});

describe('mergeSolve', () => {
  it.each([
    {
      case: "another team's first solve: a solver and the first blood, not solved by us",
      before: objectivesOf({ uuid: FLAG, attempts: 1, inProgress: true }),
      solve: solve(OTHER, 1, true),
      solvedBy: [OTHER],
      firstBloodTaken: true,
      solved: false,
      completed: 0,
    },
    {
      case: "the viewer's own team: solved, closed, no longer in progress, progress counted",
      before: objectivesOf({ uuid: FLAG, attempts: 1, inProgress: true }, { uuid: NEXT }),
      solve: solve(OWN, 1),
      solvedBy: [OWN],
      firstBloodTaken: false,
      solved: true,
      completed: 1,
    },
    {
      case: 'a later solver comes after the earlier ones, whatever the order heard',
      before: objectivesOf({
        uuid: FLAG,
        solvedBy: [{ teamUuid: THIRD, teamName: 'Green', solvedAt: at(3) }],
      }),
      solve: solve(OTHER, 2),
      solvedBy: [OTHER, THIRD],
      firstBloodTaken: false,
      solved: false,
      completed: 0,
    },
    {
      case: 'a replayed solve changes nothing',
      before: objectivesOf({
        uuid: FLAG,
        firstBloodTaken: true,
        solvedBy: [{ teamUuid: OTHER, teamName: 'Blue Owls', solvedAt: at(1) }],
      }),
      solve: solve(OTHER, 1, true),
      solvedBy: [OTHER],
      firstBloodTaken: true,
      solved: false,
      completed: 0,
    },
  ])('$case', ({ before, solve: heard, solvedBy, firstBloodTaken, solved, completed }) => {
    const after = mergeSolve(before, heard, OWN);
    expect(flagOf(after).solvedBy.map((solver) => solver.teamUuid)).toEqual(solvedBy);
    expect(flagOf(after).firstBloodTaken).toBe(firstBloodTaken);
    expect(flagOf(after).solved).toBe(solved);
    expect(after!.completed_objectives).toBe(completed);
    if (solved) {
      expect(flagOf(after)).toMatchObject({
        closedReason: 'solved',
        inProgress: false,
        solvedAt: heard.solvedAt,
      });
      expect(after!.progress_percentage).toBe(50);
    }
    // Twice is once.
    expect(mergeSolve(after, heard, OWN)).toEqual(after);
  });

  it.each([
    ['nothing cached yet', undefined],
    ['an objective the cache does not hold', objectivesOf({ uuid: NEXT })],
  ])('leaves %s as it is', (_case, before) => {
    expect(mergeSolve(before, solve(OTHER, 1), OWN)).toBe(before);
  });
});

describe('mergeAttempt', () => {
  it.each([
    {
      case: 'an attempt used, some left: in progress',
      before: { maxAttempts: 3, attemptsLeft: 3 },
      heard: { attempts: 1, attemptsLeft: 2 },
      expected: { attempts: 1, attemptsLeft: 2, inProgress: true, closedReason: null },
    },
    {
      case: 'the last attempt: closed to the team',
      before: { maxAttempts: 3, attempts: 2, attemptsLeft: 1, inProgress: true },
      heard: { attempts: 3, attemptsLeft: 0 },
      expected: {
        attempts: 3,
        attemptsLeft: 0,
        inProgress: false,
        closedReason: 'no_attempts_left',
      },
    },
    {
      case: 'an older attempt heard late does not undo a newer one',
      before: { attempts: 4, inProgress: true },
      heard: { attempts: 3, attemptsLeft: null },
      expected: { attempts: 4, inProgress: true },
    },
    {
      case: 'an attempt on a solved objective leaves it solved',
      before: { attempts: 1, solved: true, closedReason: 'solved' as const },
      heard: { attempts: 2, attemptsLeft: null },
      expected: { attempts: 1, solved: true, closedReason: 'solved' },
    },
  ])('$case', ({ before, heard, expected }) => {
    const after = mergeAttempt(objectivesOf({ uuid: FLAG, ...before }), {
      objectiveUuid: FLAG,
      ...heard,
    });
    expect(flagOf(after)).toMatchObject(expected);
  });
});

const answer = (overrides: Partial<AnswerResult>): AnswerResult => ({
  correct: false,
  result: 'answer.wrong',
  points: 0,
  firstBlood: false,
  attempts: 1,
  attemptsLeft: null,
  score: 0,
  completed_objectives: 0,
  total_objectives: 2,
  progress_percentage: 0,
  ...overrides,
});

describe('mergeAnswerResult', () => {
  it.each([
    {
      case: 'a correct answer solves the objective',
      result: answer({ correct: true, result: 'answer.correct', attempts: 2 }),
      expected: { solved: true, attempts: 2, closedReason: 'solved', inProgress: false },
    },
    {
      case: 'a wrong answer uses an attempt',
      result: answer({ attempts: 2, attemptsLeft: 1 }),
      expected: { solved: false, attempts: 2, attemptsLeft: 1, inProgress: true },
    },
    {
      case: 'a wrong answer using the last attempt closes it',
      result: answer({ attempts: 3, attemptsLeft: 0 }),
      expected: { solved: false, closedReason: 'no_attempts_left', inProgress: false },
    },
  ])('$case', ({ result, expected }) => {
    const before = objectivesOf({ uuid: FLAG, attempts: 1, maxAttempts: 3 }, { uuid: NEXT });
    expect(flagOf(mergeAnswerResult(before, FLAG, result, at(5)))).toMatchObject(expected);
  });
});

describe('hasOpenedObjective', () => {
  it.each([
    ['a locked objective whose prerequisites are all solved', [FLAG], true, true],
    ['a locked objective with a prerequisite left', [FLAG, THIRD], true, false],
    ['a locked objective without prerequisites (a trainer opens it)', [], true, false],
    ['an objective already open', [FLAG], false, false],
  ])('%s: %s', (_case, prerequisites, locked, expected) => {
    const objectives = objectivesOf(
      { uuid: FLAG, solved: true },
      { uuid: NEXT, locked, prerequisites },
    );
    expect(hasOpenedObjective(objectives)).toBe(expected);
  });
});

const rankingPayload = (
  rows: { uuid: string; rank: number; score: number; completed: number }[],
): RealtimeEventOf<'ranking.changed'>['payload'] => ({
  teams: rows.map(({ uuid, rank, score, completed }) => ({
    uuid,
    name: uuid === OWN ? 'Red Foxes' : 'Blue Owls',
    logoUrl: null,
    rank,
    score,
    eliminated: false,
    completed_objectives: completed,
  })),
});

describe('rankingOf', () => {
  it('is the ranking screen’s table, every column of it', () => {
    const payload = rankingPayload([{ uuid: OTHER, rank: 1, score: 110, completed: 1 }]);
    expect(rankingOf(payload)).toEqual({ teams: payload.teams });
  });
});

describe('mergeRankingIntoSession', () => {
  const sessionWith = (): PlayerSession => {
    const session = buildPlayerSession({ total_objectives: 4 });
    const own = { ...session.gaming_session_user!.gaming_session_team!, uuid: OWN, rank: 1 };
    const other = { ...own, uuid: OTHER, name: 'Blue Owls', rank: 2, members: [] };
    return {
      ...session,
      gaming_session_user: { ...session.gaming_session_user!, gaming_session_team: own },
      teams: [
        { ...own, token: undefined, eliminationReason: undefined },
        other,
      ] as PlayerSession['teams'],
      clockOffsetMs: 0,
    };
  };

  it.each([
    {
      case: 'another team overtakes: the teams reordered, own rank, score and progress',
      rows: [
        { uuid: OTHER, rank: 1, score: 110, completed: 1 },
        { uuid: OWN, rank: 2, score: 100, completed: 2 },
      ],
      order: [OTHER, OWN],
      own: { rank: 2, score: 100 },
      completed: 2,
      percentage: 50,
    },
    {
      case: 'the own team leads',
      rows: [
        { uuid: OWN, rank: 1, score: 300, completed: 3 },
        { uuid: OTHER, rank: 2, score: 110, completed: 1 },
      ],
      order: [OWN, OTHER],
      own: { rank: 1, score: 300 },
      completed: 3,
      percentage: 75,
    },
  ])('$case', ({ rows, order, own, completed, percentage }) => {
    const before = sessionWith();
    const after = mergeRankingIntoSession(before, rankingPayload(rows))!;
    expect(after.teams.map((team) => team.uuid)).toEqual(order);
    expect(after.gaming_session_user!.gaming_session_team).toMatchObject(own);
    expect(after.completed_objectives).toBe(completed);
    expect(after.progress_percentage).toBe(percentage);
    // Members and the team's token are not in a ranking: kept.
    expect(after.gaming_session_user!.gaming_session_team!.token).toBe(
      before.gaming_session_user!.gaming_session_team!.token,
    );
    expect(after.teams.find((team) => team.uuid === OWN)!.members).toEqual(
      before.teams[0]!.members,
    );
  });

  it('leaves a session not cached yet as it is', () => {
    expect(mergeRankingIntoSession(undefined, rankingPayload([]))).toBeUndefined();
  });
});

describe('mergeAnswerIntoSession', () => {
  it("sets the own team's score and the progress the answer's response says", () => {
    const before = { ...buildPlayerSession(), clockOffsetMs: 0 };
    const after = mergeAnswerIntoSession(
      before,
      answer({ correct: true, score: 120, completed_objectives: 1, progress_percentage: 50 }),
    )!;
    expect(after.gaming_session_user!.gaming_session_team!.score).toBe(120);
    expect(after).toMatchObject({ completed_objectives: 1, progress_percentage: 50 });
  });
});

describe('patchSessionTimes', () => {
  const times = {
    sessionUuid: OWN,
    startPhase: 'idle' as const,
    startWaitEndsAt: null,
    startsAt: at(0),
    endsAt: at(9),
    remainingMs: 60_000,
    serverTime: at(8),
  };
  it.each([
    {
      case: 'a pause: the status and frozen time, the clock offset measured again',
      payload: { ...times, status: 'paused' as const },
      expected: { status: 'paused', remainingMs: 60_000, allSolvedAt: null, clockOffsetMs: -1000 },
    },
    {
      case: 'the end because every team solved everything',
      payload: { ...times, status: 'finished' as const, allSolved: true },
      expected: { status: 'finished', allSolvedAt: at(8) },
    },
    {
      case: 'settings: the name and the duration, not the minutes added',
      payload: {
        ...times,
        status: 'running' as const,
        name: 'Renamed',
        maxTeams: 4,
        playersPerTeam: 3,
        durationMinutes: 40,
        minutesAdded: 10,
      },
      expected: { name: 'Renamed', durationMinutes: 40 },
    },
  ])('$case', ({ payload, expected }) => {
    const before = { ...buildPlayerSession({ allSolvedAt: null }), clockOffsetMs: 0 };
    const after = patchSessionTimes(before, payload, Date.parse(at(8)) + 1000)!;
    expect(after).toMatchObject(expected);
    expect(after).not.toHaveProperty('minutesAdded');
    expect(after.uuid).toBe(before.uuid);
  });
});
