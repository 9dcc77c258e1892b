import type { AnswerResult } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { Principal } from '../identity/auth.service.js';
import type { BatchFacts, LockedBatch } from './answer-batch.repository.js';
import {
  decideBatch,
  factsWanted,
  noFacts,
  screenAnswers,
  settleBatch,
  type AnswerOutcome,
  type AnswerRequest,
} from './decide-batch.js';

// One session, two teams (red and blue), three objectives: a flag worth 100 (penalty 10, three
// attempts, first blood 20), a flag locked behind it, and a single-choice question.
const NOW = new Date('2026-11-29T10:00:00.000Z');
const SESSION = '00000000-0000-4000-8000-00000000000a';
const MISSION = '00000000-0000-4000-8000-00000000000b';
const TEAMS = {
  red: '00000000-0000-4000-8000-0000000000e1',
  blue: '00000000-0000-4000-8000-0000000000e2',
};
const OBJECTIVES = {
  flag: '00000000-0000-4000-8000-0000000000f1',
  locked: '00000000-0000-4000-8000-0000000000f2',
  choice: '00000000-0000-4000-8000-0000000000f3',
};
type Team = keyof typeof TEAMS;
type Objective = keyof typeof OBJECTIVES;
const nameOf = (uuid: string) =>
  Object.entries({ ...TEAMS, ...OBJECTIVES }).find(([, value]) => value === uuid)?.[0] ?? uuid;

const objectiveRow = (key: Objective): LockedBatch['objectives'][number] => ({
  uuid: OBJECTIVES[key],
  mission_uuid: MISSION,
  type: key === 'choice' ? 'single_choice' : 'flag',
  points: 100,
  penalty: 10,
  max_attempts: 3,
  first_blood_bonus: 20,
  locked: key === 'locked',
  prerequisites: key === 'locked' ? [OBJECTIVES.flag] : [],
  choices: key === 'choice' ? [{ id: 'a' }, { id: 'b' }] : [],
  answer:
    key === 'choice'
      ? { kind: 'choices', correct: ['a'] }
      : { kind: 'flag', accepted: ['FLAG{ok}'], caseInsensitive: false },
});

/** The game as the batch's locks find it, before its answers. */
interface Given {
  status?: 'running' | 'paused' | 'over';
  /** Attempts spent and solves, per team and objective: `red:flag`. */
  states?: Record<string, { attempts: number; solved?: boolean }>;
  eliminated?: Team[];
  /** First bloods taken before the batch, by objective. */
  bloodsTaken?: Objective[];
  /** Answers the team's brute-force bucket counted before the batch, per `red:flag`. */
  hits?: Record<string, number>;
  answersPerMinute?: number;
  /** Facts read once the locks are held. */
  unlocked?: Objective[];
  knownWrong?: { team: Team; objective: Objective; answer: string }[];
  speedrunSecondsAgo?: number;
  /** Results already stored for a client id (a retry finds them). */
  receipts?: Record<string, AnswerResult>;
  /** First bloods another transaction wrote first (the write says so). */
  bloodsLostToOthers?: Objective[];
}

/** One answer: `red flag FLAG{ok}`; a team `none` is a player of no team, `stranger` none at all. */
interface Sent {
  team: Team | 'none' | 'stranger';
  objective: Objective;
  answer: string;
  client?: string;
  avatar?: string;
}

const principalOf = (sent: Sent): Principal =>
  ({
    accountId: `00000000-0000-4000-8000-0000000000${sent.team === 'red' ? 'a1' : 'b1'}`,
    pseudo: `${sent.team}-player`,
    avatarId: sent.avatar ?? null,
  }) as Principal;

const runBatch = (given: Given, sent: readonly Sent[]) => {
  const requests: AnswerRequest[] = sent.map((answer) => ({
    principal: principalOf(answer),
    sessionUuid: SESSION,
    objectiveUuid: OBJECTIVES[answer.objective],
    answer: answer.answer,
    clientId: answer.client ?? null,
  }));
  const receiptOf = (answer: Sent) => (answer.client ? given.receipts?.[answer.client] : undefined);
  const teamed = sent.filter((answer) => answer.team in TEAMS) as (Sent & { team: Team })[];
  const counted = new Map<string, number>();
  for (const answer of teamed.filter((a) => !receiptOf(a))) {
    const key = `${answer.team}:${answer.objective}`;
    counted.set(key, (counted.get(key) ?? given.hits?.[key] ?? 0) + 1);
  }
  const pairs = [...new Set(teamed.map((answer) => `${answer.team}:${answer.objective}`))];
  const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
  const locked: LockedBatch = {
    members: sent.flatMap((answer, i): LockedBatch['members'] =>
      answer.team === 'stranger'
        ? []
        : answer.team === 'none'
          ? [{ i, team_uuid: null, team_name: null, eliminated: false }]
          : [
              {
                i,
                team_uuid: TEAMS[answer.team],
                team_name: answer.team,
                eliminated: given.eliminated?.includes(answer.team) ?? false,
              },
            ],
    ),
    sessions: [
      {
        uuid: SESSION,
        mission_uuid: MISSION,
        duration_ms: 3_600_000,
        countdown_ms: 0,
        start_wait_ms: 0,
        scheduled_start_at: null,
        start_requested_at: minutesAgo(10),
        starts_at: minutesAgo(10),
        paused_at: given.status === 'paused' ? minutesAgo(1) : null,
        paused_ms: 0,
        stopped_at: given.status === 'over' ? minutesAgo(1) : null,
        objectives: 3,
        speedruns_launched: given.speedrunSecondsAgo === undefined ? 0 : 1,
        end_when_all_solved: false,
        all_solved_at: null,
      },
    ],
    objectives: (Object.keys(OBJECTIVES) as Objective[]).map(objectiveRow),
    states: pairs.map((pair) => {
      const [team, objective] = pair.split(':') as [Team, Objective];
      return {
        team_uuid: TEAMS[team],
        objective_uuid: OBJECTIVES[objective],
        attempts: given.states?.[pair]?.attempts ?? 0,
        solved: given.states?.[pair]?.solved ?? false,
        // The brute-force count the lock statement leaves on the row, the batch's included.
        hits: counted.get(pair) ?? given.hits?.[pair] ?? 0,
        reset_at: new Date(NOW.getTime() + 42_000).toISOString(),
      };
    }),
    teams: [...new Set(teamed.map((answer) => answer.team))].map((team) => ({
      uuid: TEAMS[team],
      score: 0,
      completed: 0,
    })),
    bloods: (given.bloodsTaken ?? []).map((objective) => ({
      session_uuid: SESSION,
      objective_uuid: OBJECTIVES[objective],
    })),
    receipts: sent.flatMap((answer, i) => {
      const result = receiptOf(answer);
      return result ? [{ i, result }] : [];
    }),
    now: NOW.toISOString(),
  };
  const screened = screenAnswers(locked, requests, {
    answersPerMinute: given.answersPerMinute ?? 10,
  });
  const wanted = factsWanted(screened);
  const facts: BatchFacts = {
    ...noFacts(locked),
    unlocked: (given.unlocked ?? []).map((objective) => ({
      session_uuid: SESSION,
      objective_uuid: OBJECTIVES[objective],
    })),
    known: (given.knownWrong ?? []).map(({ team, objective, answer }) => ({
      team_uuid: TEAMS[team],
      objective_uuid: OBJECTIVES[objective],
      answer_digest: digestOfWrong(team, objective, answer),
    })),
    speedruns:
      given.speedrunSecondsAgo === undefined
        ? []
        : [
            {
              session_uuid: SESSION,
              objective_uuid: OBJECTIVES.flag,
              launched_at: new Date(NOW.getTime() - given.speedrunSecondsAgo * 1000).toISOString(),
              paused_ms_at_launch: 0,
            },
          ],
  };
  const decided = decideBatch(screened, facts, NOW);
  const lost = new Set((given.bloodsLostToOthers ?? []).map((objective) => OBJECTIVES[objective]));
  const bloodsWon = decided.bloodUndecided
    ? new Set(
        decided.ledgerRows
          .filter((row) => row.kind === 'first_blood' && !lost.has(row.objective))
          .map((row) => `${row.team}:${row.objective}`),
      )
    : null;
  const settled = settleBatch(decided, { bloodsWon, endings: [], now: NOW });
  return { wanted, decided, ...settled };
};

/** The digest the batch gives a wrong answer, found by deciding it alone once. */
const digestOfWrong = (team: Team, objective: Objective, answer: string) =>
  runBatch({}, [{ team, objective, answer }]).decided.wrongAnswerRows[0]?.digest ?? '';

/** An outcome as one line: `answer.correct +120 first blood, score 120` or the refusal's code. */
const lineOf = (outcome: AnswerOutcome) => {
  if (!outcome.ok) return outcome.error instanceof AppError ? outcome.error.code : 'failed';
  const { result, points, firstBlood, score, attemptsLeft } = outcome.result;
  const sign = points > 0 ? '+' : '';
  return [
    `${result} ${sign}${points}${firstBlood ? ' first blood' : ''}, score ${score}`,
    ...(attemptsLeft === null || result === 'answer.correct' ? [] : [`${attemptsLeft} left`]),
  ].join(', ');
};

const audienceOf = (audience: string) =>
  audience === 'session'
    ? 'everyone'
    : audience.startsWith('team:')
      ? nameOf(audience.slice('team:'.length))
      : audience;

const ledgerOf = (rows: readonly { team: string; kind: string; points: number }[]) =>
  rows.map((row) => `${nameOf(row.team)} ${row.kind} ${row.points}`);

const answer = (team: Sent['team'], objective: Objective, text: string, more = {}): Sent => ({
  team,
  objective,
  answer: text,
  ...more,
});
const right = (team: Sent['team'], objective: Objective = 'flag', more = {}) =>
  answer(team, objective, objective === 'choice' ? 'a' : 'FLAG{ok}', more);
const wrong = (team: Sent['team'], text = 'FLAG{no}', more = {}) =>
  answer(team, 'flag', text, more);

const stored: AnswerResult = {
  correct: true,
  result: 'answer.correct',
  points: 120,
  firstBlood: true,
  attempts: 0,
  attemptsLeft: 3,
  score: 120,
  completed_objectives: 1,
  total_objectives: 3,
  progress_percentage: 33,
};

describe('a batch of answers, decided', () => {
  it.each<[string, Given, Sent[], string[], string[]?]>([
    // name, the game before, the answers in arrival order, their outcomes, the ledger rows
    [
      'a wrong flag: the penalty, one attempt',
      {},
      [wrong('red')],
      ['answer.wrong -10, score -10, 2 left'],
      ['red penalty -10'],
    ],
    [
      'a correct flag, first of all: the points and the first blood',
      {},
      [right('red')],
      ['answer.correct +120 first blood, score 120'],
      ['red solve 100', 'red first_blood 20'],
    ],
    [
      'a correct flag after another team took the first blood',
      { bloodsTaken: ['flag'] },
      [right('red')],
      ['answer.correct +100, score 100'],
      ['red solve 100'],
    ],
    [
      'two teams solve the same objective in one batch: one first blood, the first to arrive',
      {},
      [right('blue'), right('red')],
      ['answer.correct +120 first blood, score 120', 'answer.correct +100, score 100'],
      ['blue solve 100', 'blue first_blood 20', 'red solve 100'],
    ],
    [
      'a first blood another transaction wrote first: the solve only',
      { bloodsLostToOthers: ['flag'] },
      [right('red')],
      ['answer.correct +100, score 100'],
      ['red solve 100', 'red first_blood 20'],
    ],
    [
      'the team solved it earlier in the same batch',
      {},
      [right('red'), right('red')],
      ['answer.correct +120 first blood, score 120', 'answer.flag_already_found'],
      ['red solve 100', 'red first_blood 20'],
    ],
    [
      'a question the team already solved',
      { states: { 'red:choice': { attempts: 0, solved: true } } },
      [right('red', 'choice')],
      ['answer.already_solved'],
      [],
    ],
    [
      'the last attempt is spent in the batch: the next answer is refused',
      { states: { 'red:flag': { attempts: 2 } } },
      [wrong('red'), right('red')],
      ['answer.wrong -10, score -10, 0 left', 'answer.max_attempts'],
      ['red penalty -10'],
    ],
    [
      'attempts spent before the batch',
      { states: { 'red:flag': { attempts: 3 } } },
      [right('red')],
      ['answer.max_attempts'],
      [],
    ],
    [
      'the same wrong answer twice in one batch: the second costs nothing',
      {},
      [wrong('red'), wrong('red', '  FLAG{no} ')],
      ['answer.wrong -10, score -10, 2 left', 'answer.repeated 0, score -10, 2 left'],
      ['red penalty -10'],
    ],
    [
      'a wrong answer the team gave before the batch',
      { knownWrong: [{ team: 'red', objective: 'flag', answer: 'FLAG{no}' }] },
      [wrong('red')],
      ['answer.repeated 0, score 0, 3 left'],
      [],
    ],
    [
      'a bastion avatar pays 10 % less for a wrong answer',
      {},
      [wrong('red', 'FLAG{no}', { avatar: 'bastion' })],
      ['answer.wrong -9, score -9, 2 left'],
      ['red penalty -9'],
    ],
    [
      'a locked objective whose prerequisite is unsolved',
      {},
      [right('red', 'locked')],
      ['objective.locked'],
      [],
    ],
    [
      'a locked objective opened by a solve earlier in the batch',
      { bloodsTaken: ['flag', 'locked'] },
      [right('red'), right('red', 'locked')],
      // Both say the team's score after the whole batch.
      ['answer.correct +100, score 200', 'answer.correct +100, score 200'],
      ['red solve 100', 'red solve 100'],
    ],
    [
      'a locked objective a trainer unlocked',
      { unlocked: ['locked'], bloodsTaken: ['locked'] },
      [right('red', 'locked')],
      ['answer.correct +100, score 100'],
      ['red solve 100'],
    ],
    ['the session is paused', { status: 'paused' }, [right('red')], ['session.paused'], []],
    ['the session is over', { status: 'over' }, [right('red')], ['session.not_running'], []],
    ['the team was eliminated', { eliminated: ['red'] }, [right('red')], ['team.eliminated'], []],
    [
      'a player who did not join the session, and one with no team',
      {},
      [right('stranger'), right('none')],
      ['session.not_joined', 'team.not_found'],
      [],
    ],
    [
      'an answer that is not one of the choices offered',
      {},
      [answer('red', 'choice', 'z')],
      ['answer.invalid'],
      [],
    ],
    [
      'the brute-force limit: the answers past it in the minute are refused',
      { answersPerMinute: 3, hits: { 'red:flag': 2 } },
      [wrong('red', 'x1'), wrong('red', 'x2'), wrong('blue', 'x3')],
      [
        'answer.wrong -10, score -10, 2 left',
        'answer.rate_limited',
        'answer.wrong -10, score -10, 2 left',
      ],
      ['red penalty -10', 'blue penalty -10'],
    ],
    [
      'a retry of a submission decided already: its result again, nothing counted',
      { receipts: { c1: stored }, answersPerMinute: 1, hits: { 'red:flag': 1 } },
      [right('red', 'flag', { client: 'c1' })],
      ['answer.correct +120 first blood, score 120'],
      [],
    ],
    [
      'a speedrun launched 30 s ago: the solve is worth its value now',
      { speedrunSecondsAgo: 30, bloodsTaken: ['flag'] },
      [right('red')],
      ['answer.correct +70, score 70'],
      ['red speedrun 70'],
    ],
  ])('%s', (_name, given, sent, outcomes, ledger) => {
    const batch = runBatch(given, sent);
    expect(batch.outcomes.map(lineOf)).toEqual(outcomes);
    if (ledger) expect(ledgerOf(batch.decided.ledgerRows)).toEqual(ledger);
  });

  it('tells the session of each solve, the team of its wrong answer, the trainers how many came', () => {
    const batch = runBatch({}, [right('blue'), wrong('red'), right('red')]);
    expect(batch.events.map((event) => `${audienceOf(event.audience)} ${event.type}`)).toEqual([
      'everyone objective.solved',
      'red objective.attempted',
      'everyone objective.solved',
      'trainers submissions.recorded',
    ]);
    expect(batch.events[0]?.payload).toMatchObject({ points: 120, firstBlood: true });
    expect(batch.events[2]?.payload).toMatchObject({ points: 100, firstBlood: false });
    expect(batch.events[3]?.payload).toEqual({ count: 3 });
    expect([...batch.rankedSessions]).toEqual([SESSION]);
  });

  it('stores no correct answer, and the wrong one as typed, for the trainers', () => {
    const batch = runBatch({}, [wrong('red', 'FLAG{guess}'), right('red')]);
    expect(batch.decided.submissionRows.map((row) => [row.answer, row.correct])).toEqual([
      ['FLAG{guess}', false],
      ['', true],
    ]);
  });

  it('reads no facts for correct answers on open objectives, and reads them otherwise', () => {
    expect(runBatch({}, [right('red')]).wanted).toBeNull();
    expect(runBatch({}, [wrong('red')]).wanted).toHaveLength(1);
    expect(runBatch({}, [right('red', 'locked')]).wanted).toHaveLength(1);
    expect(runBatch({ speedrunSecondsAgo: 5 }, [right('red')]).wanted).toHaveLength(1);
  });
});
