import { hash } from 'node:crypto';
import {
  answerResultSchema,
  progressPercentage,
  submissionTextLength,
  type AnswerResult,
  type ErrorCode,
  type ObjectiveType,
} from '@rampart/contracts';
import type { ObjectiveAnswer } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { checkChoices, checkFlag, normaliseFlag } from '../content/answer-check.js';
import { rateLimited } from '../rate-limit/rate-limited.js';
import type { Principal } from '../identity/auth.service.js';
import { deriveSessionState, pausedMsAt } from '../sessions/session-state.js';
import { sessionTimes, timelineOf } from '../sessions/session-view.js';
import type { SessionRow } from '../sessions/sessions.repository.js';
import type {
  BatchFacts,
  LedgerRow,
  LockedBatch,
  SubmissionRow,
} from './answer-batch.repository.js';
import type { Outcome } from './answer-lanes.js';
import { decideAnswer, speedrunRunningMs } from './scoring.js';

/**
 * A batch of answers decided, as pure functions of what the batch's statements read: the rows
 * its locks protect (`LockedBatch`), the facts read once they are held (`BatchFacts`), the
 * answers in arrival order and the time. The answers service runs the statements; these say
 * what they mean (docs/answers.md):
 *
 * 1. `screenAnswers`: who answers for which team, receipts of submissions decided already, the
 *    brute-force limit, the verdict on each answer; and whether the facts are needed at all.
 * 2. `decideBatch`: each answer in turn by the rules of `scoring.ts`, each seeing what the
 *    earlier ones did; the rows to write, and the sessions the batch may end.
 * 3. `settleBatch`: once the write told which first bloods were won, each answer's outcome and
 *    the events that say what happened.
 */

export interface AnswerRequest {
  principal: Principal;
  sessionUuid: string;
  objectiveUuid: string;
  answer: string | readonly string[];
  /** The player's id of the submission: a retry carries the same. */
  clientId: string | null;
}

export type AnswerOutcome = Outcome<AnswerResult>;
type LockedSession = LockedBatch['sessions'][number];
type LockedObjective = LockedBatch['objectives'][number];
type Verdict = 'correct' | 'wrong' | 'invalid';

const refused = (code: ErrorCode): AnswerOutcome => ({ ok: false, error: new AppError(code) });

const digest = (value: string) => hash('sha256', value, 'hex');

/** The same wrong answer, however it was typed: the flag as compared, or the set of choices. */
const wrongAnswerDigest = (answer: string | readonly string[], stored: ObjectiveAnswer) =>
  typeof answer === 'string'
    ? digest(normaliseFlag(answer, stored.kind === 'flag' && stored.caseInsensitive))
    : digest([...answer].sort().join('\u0000'));

const verdictOf = (
  type: ObjectiveType,
  answer: string | readonly string[],
  stored: ObjectiveAnswer,
  offered: readonly string[],
): Verdict => {
  if (type === 'flag' || stored.kind === 'flag') {
    if (typeof answer !== 'string' || stored.kind !== 'flag' || answer.trim() === '')
      return 'invalid';
    return checkFlag(answer, stored) ? 'correct' : 'wrong';
  }
  return checkChoices(answer, stored, type, offered);
};

/** What trainers read of an answer: the flag as typed, or the choice ids; cut to the limit. */
const submissionText = (answer: string | readonly string[]) =>
  (typeof answer === 'string' ? answer : answer.join(', ')).slice(0, submissionTextLength);

/** A result kept with its submission, as it was answered (its fields in the contract's order). */
const resultOf = (stored: AnswerResult) => answerResultSchema.parse(stored);

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

const attemptsLeftOf = (answer: { maxAttempts: number | null; attempts: number }) =>
  answer.maxAttempts === null ? null : Math.max(0, answer.maxAttempts - answer.attempts);

const pairKey = (a: string, b: string) => `${a}:${b}`;

/** An answer past the first checks, with what its decision needs. */
export interface LiveAnswer {
  index: number;
  request: AnswerRequest;
  team: { uuid: string; name: string; eliminated: boolean };
  session: LockedSession;
  objective: LockedObjective;
  verdict: Verdict;
  /** The wrong answer's digest (the same wrong answer twice costs nothing more). */
  digest: string | null;
}

/** Each answer of the batch: settled by the first checks, or live. */
export type ScreenedAnswer = { index: number; settled: AnswerOutcome } | LiveAnswer;

const isLive = (answer: ScreenedAnswer): answer is LiveAnswer => !('settled' in answer);

export interface ScreenedBatch {
  locked: LockedBatch;
  answers: ScreenedAnswer[];
}

/**
 * The first checks, on what the locks read: the player's team, a submission decided already
 * (its result again, nothing counted), the brute-force limit (every answer of the batch counted
 * in its bucket, in arrival order), the session and the objective; then each live answer's
 * verdict.
 */
export const screenAnswers = (
  locked: LockedBatch,
  requests: readonly AnswerRequest[],
  rules: { answersPerMinute: number },
): ScreenedBatch => {
  const members = new Map(locked.members.map((row) => [row.i, row]));
  const receipts = new Map(locked.receipts.map((row) => [row.i, resultOf(row.result)]));
  const sessions = new Map(locked.sessions.map((row) => [row.uuid, row]));
  const objectives = new Map(locked.objectives.map((row) => [row.uuid, row]));
  // The brute-force count on each team's state on an objective, when its window ends.
  const buckets = new Map(
    locked.states.map((row) => [
      pairKey(row.team_uuid, row.objective_uuid),
      { hits: Number(row.hits), resetAt: row.reset_at },
    ]),
  );
  const limitKey = (team: string, request: AnswerRequest) => pairKey(team, request.objectiveUuid);
  // The bucket's hits include the whole batch's: each answer is numbered in arrival order.
  const counted = new Map<string, number>();
  requests.forEach((request, index) => {
    const team = members.get(index)?.team_uuid;
    if (!team || receipts.has(index)) return;
    const key = limitKey(team, request);
    counted.set(key, (counted.get(key) ?? 0) + 1);
  });
  const hitNumber = new Map<string, number>();

  const screen = (request: AnswerRequest, index: number): ScreenedAnswer => {
    const settle = (settled: AnswerOutcome) => ({ index, settled });
    const member = members.get(index);
    if (!member) return settle(refused('session.not_joined'));
    if (!member.team_uuid) return settle(refused('team.not_found'));
    const receipt = receipts.get(index);
    if (receipt) return settle({ ok: true, result: receipt });
    const key = limitKey(member.team_uuid, request);
    const bucket = buckets.get(key) ?? { hits: 0, resetAt: locked.now };
    const hit = (hitNumber.get(key) ?? bucket.hits - (counted.get(key) ?? 0)) + 1;
    hitNumber.set(key, hit);
    if (hit > rules.answersPerMinute) {
      const window = { resetAt: new Date(bucket.resetAt), now: new Date(locked.now) };
      return settle({ ok: false, error: rateLimited('answer.rate_limited', [window]) });
    }
    const session = sessions.get(request.sessionUuid);
    const objective = objectives.get(request.objectiveUuid);
    if (!session) return settle(refused('session.not_found'));
    if (!objective || objective.mission_uuid !== session.mission_uuid)
      return settle(refused('objective.not_found'));
    const verdict = verdictOf(
      objective.type,
      request.answer,
      objective.answer,
      objective.choices.map((choice) => choice.id),
    );
    return {
      index,
      request,
      team: { uuid: member.team_uuid, name: member.team_name ?? '', eliminated: member.eliminated },
      session,
      objective,
      verdict,
      digest: verdict === 'wrong' ? wrongAnswerDigest(request.answer, objective.answer) : null,
    };
  };
  return { locked, answers: requests.map(screen) };
};

/** What the facts statement looks up for one live answer. */
export interface FactsRow {
  session: string;
  team: string;
  objective: string;
  locked: boolean;
  correct: boolean;
  digest: string | null;
  client: string | null;
}

/**
 * The lookups of the facts statement, or null when the decisions need none: correct answers on
 * open objectives, in sessions that never had a speedrun, with no retry of a solve. (A
 * submission racing its retry may have committed while the batch waited for its locks, unseen
 * by the first statement: it solved the objective, or it was wrong; only then are the results
 * looked for again, once the locks are held.)
 */
export const factsWanted = (screened: ScreenedBatch): FactsRow[] | null => {
  const solved = new Set(
    screened.locked.states
      .filter((row) => row.solved)
      .map((row) => pairKey(row.team_uuid, row.objective_uuid)),
  );
  const live = screened.answers.filter(isLive);
  const rows = live.map((answer) => ({
    session: answer.session.uuid,
    team: answer.team.uuid,
    objective: answer.objective.uuid,
    locked: answer.objective.locked,
    correct: answer.verdict === 'correct',
    digest: answer.digest,
    client: answer.request.clientId,
  }));
  const needed = live.some(
    (answer) =>
      answer.objective.locked ||
      answer.digest !== null ||
      (answer.verdict === 'correct' && Number(answer.session.speedruns_launched) > 0) ||
      (answer.request.clientId !== null &&
        solved.has(pairKey(answer.team.uuid, answer.objective.uuid))),
  );
  return needed ? rows : null;
};

/** The facts when none were read: nothing found, and the time the locks were held at. */
export const noFacts = (locked: LockedBatch): BatchFacts => ({
  now: locked.now,
  unlocked: [],
  solved: [],
  speedruns: [],
  known: [],
  receipts: [],
});

/** What one accepted answer did, until the write tells whether its first blood was won. */
export interface AcceptedAnswer {
  index: number;
  request: AnswerRequest;
  team: string;
  teamName: string;
  session: string;
  objective: string;
  kind: 'solved' | 'wrong' | 'repeated';
  /** The solve's points (the speedrun's value on a speedrun), or minus the penalty. */
  points: number;
  /** The first-blood bonus this answer takes, if no other transaction wins it first. */
  firstBloodPoints: number;
  speedrun: boolean;
  attempts: number;
  maxAttempts: number | null;
  penalty: number;
  /** Objectives the team had solved when the batch began, and the mission's. */
  totalObjectives: number;
}

export interface StateRow {
  team: string;
  session: string;
  objective: string;
  attempts: number;
  solver: string | null;
}

export interface WrongAnswerRow {
  team: string;
  objective: string;
  digest: string;
}

export interface CompletingSession {
  session: string;
  total: number;
  solvedBy: Map<string, number>;
}

export interface DecidedBatch {
  /** Each answer, in arrival order: settled before the rules, or accepted by them. */
  answers: (
    { index: number; settled: AnswerOutcome } | { index: number; accepted: AcceptedAnswer }
  )[];
  accepted: AcceptedAnswer[];
  ledgerRows: LedgerRow[];
  stateRows: StateRow[];
  wrongAnswerRows: WrongAnswerRow[];
  /** Every accepted answer for the trainers, its result with its first blood counted as won. */
  submissionRows: SubmissionRow[];
  /** Whether an answer takes a first blood another transaction may be winning now. */
  bloodUndecided: boolean;
  /**
   * The sessions that end when every team solved everything in which an answer completes its
   * team: their objectives, and those each answering team has solved after the batch.
   */
  completing: CompletingSession[];
  /** The teams' scores and solved counts when the batch began (read with their locks). */
  teams: LockedBatch['teams'];
}

/** A session's status and paused time at `now`, from its stored instants. */
const sessionStateAt = (row: LockedSession, now: Date) => {
  const timeline = timelineOf({
    ...row,
    scheduled_start_at: dateOrNull(row.scheduled_start_at),
    start_requested_at: dateOrNull(row.start_requested_at),
    starts_at: dateOrNull(row.starts_at),
    paused_at: dateOrNull(row.paused_at),
    stopped_at: dateOrNull(row.stopped_at),
  });
  return {
    status: deriveSessionState(timeline, now).status,
    pausedNow: pausedMsAt(timeline, now),
  };
};

/**
 * Each live answer decided by `decideAnswer`, one after the other in arrival order, each seeing
 * what the earlier ones did (a solve opens the objectives it is a prerequisite of, a wrong
 * answer is known for the next, a first blood is taken once per session and objective).
 */
export const decideBatch = (
  screened: ScreenedBatch,
  facts: BatchFacts,
  now: Date,
): DecidedBatch => {
  const { locked } = screened;
  const states = new Map(locked.sessions.map((row) => [row.uuid, sessionStateAt(row, now)]));
  const teamStates = new Map(
    locked.states.map((row) => [
      pairKey(row.team_uuid, row.objective_uuid),
      { attempts: row.attempts, solved: row.solved },
    ]),
  );
  const bloodsTaken = new Set(
    locked.bloods.map((row) => pairKey(row.session_uuid, row.objective_uuid)),
  );
  const lateReceipts = new Map(
    facts.receipts.map((row) => [pairKey(row.team_uuid, row.client_id), resultOf(row.result)]),
  );
  const unlocked = new Set(
    facts.unlocked.map((row) => pairKey(row.session_uuid, row.objective_uuid)),
  );
  const solved = new Set(facts.solved.map((row) => pairKey(row.team_uuid, row.objective_uuid)));
  const speedruns = new Map(
    facts.speedruns.map((row) => [pairKey(row.session_uuid, row.objective_uuid), row]),
  );
  const known = new Set(
    facts.known.map((row) => `${row.team_uuid}:${row.objective_uuid}:${row.answer_digest}`),
  );

  const ledgerRows: LedgerRow[] = [];
  const changedStates = new Map<string, StateRow>();
  const wrongAnswerRows: WrongAnswerRow[] = [];
  const firstBloodTaken = new Set<string>();
  let bloodUndecided = false;

  const decide = (answer: ScreenedAnswer): DecidedBatch['answers'][number] => {
    if (!isLive(answer)) return answer;
    const { index, request, team, session, objective } = answer;
    const receipt =
      request.clientId === null
        ? undefined
        : lateReceipts.get(pairKey(team.uuid, request.clientId));
    if (receipt) return { index, settled: { ok: true, result: receipt } };
    const sessionState = states.get(session.uuid) ?? { status: 'stopped' as const, pausedNow: 0 };
    const key = pairKey(team.uuid, objective.uuid);
    const state = teamStates.get(key) ?? { attempts: 0, solved: false };
    const closed =
      objective.locked &&
      !unlocked.has(pairKey(session.uuid, objective.uuid)) &&
      !objective.prerequisites.every((prerequisite) =>
        solved.has(pairKey(team.uuid, prerequisite)),
      );
    const repeated = answer.digest !== null && known.has(`${key}:${answer.digest}`);
    const speedrun = speedruns.get(pairKey(session.uuid, objective.uuid));
    const decision = decideAnswer({
      status: sessionState.status,
      teamEliminated: team.eliminated,
      objective: {
        type: objective.type,
        points: objective.points,
        penalty: objective.penalty,
        maxAttempts: objective.max_attempts,
        firstBloodBonus: objective.first_blood_bonus,
        closed,
      },
      team: { solved: state.solved, attempts: state.attempts },
      verdict: answer.verdict,
      repeatedWrongAnswer: repeated,
      speedrun: speedrun
        ? {
            runningMs: speedrunRunningMs(
              new Date(speedrun.launched_at),
              Number(speedrun.paused_ms_at_launch),
              sessionState.pausedNow,
              now,
            ),
          }
        : null,
      avatarId: request.principal.avatarId,
    });
    if (decision.kind === 'refused') return { index, settled: refused(decision.code) };

    const row = {
      session: session.uuid,
      team: team.uuid,
      objective: objective.uuid,
      account: request.principal.accountId,
    };
    const accepted: AcceptedAnswer = {
      index,
      request,
      team: team.uuid,
      teamName: team.name,
      session: session.uuid,
      objective: objective.uuid,
      kind: 'repeated',
      points: 0,
      firstBloodPoints: 0,
      speedrun: false,
      attempts: state.attempts,
      maxAttempts: objective.max_attempts,
      penalty: 0,
      totalObjectives: Number(session.objectives),
    };
    if (decision.kind === 'solved') {
      state.solved = true;
      solved.add(key);
      ledgerRows.push({
        ...row,
        key: ledgerRows.length,
        kind: decision.ledgerKind,
        points: decision.points,
      });
      const bloodKey = pairKey(session.uuid, objective.uuid);
      if (
        decision.firstBloodPoints > 0 &&
        !firstBloodTaken.has(bloodKey) &&
        !bloodsTaken.has(bloodKey)
      ) {
        firstBloodTaken.add(bloodKey);
        bloodUndecided = true;
        accepted.firstBloodPoints = decision.firstBloodPoints;
        ledgerRows.push({
          ...row,
          key: ledgerRows.length,
          kind: 'first_blood',
          points: decision.firstBloodPoints,
        });
      }
      changedStates.set(key, { ...row, attempts: state.attempts, solver: row.account });
      Object.assign(accepted, {
        kind: 'solved',
        points: decision.points,
        speedrun: decision.ledgerKind === 'speedrun',
      });
    } else if (decision.countsAsAttempt) {
      state.attempts = decision.attemptsAfter;
      const wrong = answer.digest ?? '';
      known.add(`${key}:${wrong}`);
      wrongAnswerRows.push({ team: team.uuid, objective: objective.uuid, digest: wrong });
      changedStates.set(key, { ...row, attempts: state.attempts, solver: null });
      if (decision.penalty > 0)
        ledgerRows.push({
          ...row,
          key: ledgerRows.length,
          kind: 'penalty',
          points: -decision.penalty,
        });
      Object.assign(accepted, {
        kind: 'wrong',
        points: -decision.penalty,
        penalty: decision.penalty,
        attempts: state.attempts,
      });
    }
    teamStates.set(key, state);
    return { index, accepted };
  };

  const answers = screened.answers.map(decide);
  const accepted = answers.flatMap((answer) => ('accepted' in answer ? [answer.accepted] : []));
  const assumed = resultsOf(accepted, locked.teams);
  return {
    answers,
    accepted,
    ledgerRows,
    stateRows: [...changedStates.values()].map(
      ({ team, session, objective, attempts, solver }) => ({
        team,
        session,
        objective,
        attempts,
        solver,
      }),
    ),
    wrongAnswerRows,
    submissionRows: accepted.map((answer) => ({
      session: answer.session,
      team: answer.team,
      objective: answer.objective,
      account: answer.request.principal.accountId,
      // A correct answer is the objective's answer: trainers have it in the content, and no
      // stored row or event of a session carries it (the log outlives the game).
      answer: answer.kind === 'solved' ? '' : submissionText(answer.request.answer),
      correct: answer.kind === 'solved',
      points: answer.points,
      blood: answer.firstBloodPoints,
      client: answer.request.clientId,
      result: answer.request.clientId === null ? null : (assumed.get(answer.index) ?? null),
    })),
    bloodUndecided,
    completing: completingSessions(accepted, assumed, locked.sessions),
    teams: locked.teams,
  };
};

/**
 * What each accepted answer is answered: its points, and its team's score and progress after
 * the batch (as read with its lock, plus what the batch wrote: nobody else writes them until it
 * commits).
 */
const resultsOf = (
  accepted: readonly AcceptedAnswer[],
  teams: LockedBatch['teams'],
): Map<number, AnswerResult> => {
  const progress = new Map(
    teams.map((row) => [row.uuid, { score: Number(row.score), completed: Number(row.completed) }]),
  );
  const teamOf = (uuid: string) => {
    const team = progress.get(uuid) ?? { score: 0, completed: 0 };
    progress.set(uuid, team);
    return team;
  };
  for (const answer of accepted) {
    const team = teamOf(answer.team);
    team.score += answer.points + answer.firstBloodPoints;
    if (answer.kind === 'solved') team.completed += 1;
  }
  return new Map(
    accepted.map((answer): [number, AnswerResult] => {
      const { score, completed } = teamOf(answer.team);
      const total = answer.totalObjectives;
      return [
        answer.index,
        {
          correct: answer.kind === 'solved',
          result:
            answer.kind === 'solved'
              ? 'answer.correct'
              : answer.kind === 'wrong'
                ? 'answer.wrong'
                : 'answer.repeated',
          points: answer.points + answer.firstBloodPoints,
          firstBlood: answer.firstBloodPoints > 0,
          attempts: answer.attempts,
          attemptsLeft: attemptsLeftOf(answer),
          score,
          completed_objectives: completed,
          total_objectives: total,
          progress_percentage: progressPercentage(completed, total),
        },
      ];
    }),
  );
};

const completingSessions = (
  accepted: readonly AcceptedAnswer[],
  results: ReadonlyMap<number, AnswerResult>,
  sessions: readonly LockedSession[],
): CompletingSession[] => {
  const byUuid = new Map(sessions.map((row) => [row.uuid, row]));
  const completing = new Map<string, CompletingSession>();
  for (const answer of accepted) {
    const session = byUuid.get(answer.session);
    const result = results.get(answer.index);
    if (!session?.end_when_all_solved || session.all_solved_at || !result) continue;
    const entry = completing.get(answer.session) ?? {
      session: answer.session,
      total: Number(session.objectives),
      solvedBy: new Map<string, number>(),
    };
    entry.solvedBy.set(answer.team, result.completed_objectives);
    completing.set(answer.session, entry);
  }
  return [...completing.values()].filter(({ total, solvedBy }) =>
    [...solvedBy.values()].some((completed) => completed >= total),
  );
};

/** A session's status and times for its `session.status_changed` event. */
const statusPayloadOf = (row: SessionRow, now: Date) => {
  const { scheduledStartAt: _scheduled, ...times } = sessionTimes(row, now);
  return times;
};

/**
 * The batch's outcome, once its write said which first bloods it won (`bloodsWon`: pairs
 * `team:objective`; null when none was in doubt): each answer's outcome, the events that tell
 * it (the solves to the session, a wrong answer to its team, the sessions ended because every
 * team solved everything, one `submissions.recorded` per session for the trainers), and the
 * sessions whose ranking moved.
 */
export const settleBatch = (
  decided: DecidedBatch,
  settled: { bloodsWon: ReadonlySet<string> | null; endings: readonly SessionRow[]; now: Date },
): { outcomes: AnswerOutcome[]; events: EventToAppend[]; rankedSessions: Set<string> } => {
  const { bloodsWon } = settled;
  // A first blood another transaction won first is worth nothing here.
  const accepted = decided.accepted.map((answer) =>
    answer.firstBloodPoints > 0 &&
    bloodsWon &&
    !bloodsWon.has(pairKey(answer.team, answer.objective))
      ? { ...answer, firstBloodPoints: 0 }
      : answer,
  );
  const results = resultsOf(accepted, decided.teams);
  const rankedSessions = new Set(
    accepted
      .filter((answer) => answer.points + answer.firstBloodPoints !== 0)
      .map((answer) => answer.session),
  );
  const outcomes = decided.answers.map((answer): AnswerOutcome => {
    if ('settled' in answer) return answer.settled;
    const result = results.get(answer.index);
    return result
      ? { ok: true, result }
      : { ok: false, error: new Error('an answer without result') };
  });

  const events: EventToAppend[] = [];
  for (const answer of accepted) {
    if (answer.kind === 'solved')
      events.push({
        stream: sessionStream(answer.session),
        audience: 'session',
        type: 'objective.solved',
        payload: {
          teamUuid: answer.team,
          teamName: answer.teamName,
          objectiveUuid: answer.objective,
          points: answer.points + answer.firstBloodPoints,
          firstBlood: answer.firstBloodPoints > 0,
          speedrun: answer.speedrun,
        },
      });
    else if (answer.kind === 'wrong')
      events.push({
        stream: sessionStream(answer.session),
        audience: `team:${answer.team}`,
        type: 'objective.attempted',
        payload: {
          objectiveUuid: answer.objective,
          pseudo: answer.request.principal.pseudo,
          attempts: answer.attempts,
          attemptsLeft: attemptsLeftOf(answer),
          penalty: answer.penalty,
        },
      });
  }
  // The last solve of a session that ends when every team solved everything: its end, after
  // the solve that made it, told to every screen (time alone would not be announced).
  for (const ended of settled.endings)
    events.push({
      stream: sessionStream(ended.uuid),
      audience: 'session',
      type: 'session.status_changed',
      payload: { sessionUuid: ended.uuid, ...statusPayloadOf(ended, settled.now), allSolved: true },
    });
  // The trainers' feed: one event per session and batch, saying only how many answers came;
  // the cockpit reads them from the feed. Its audience is `trainers` alone.
  const recorded = new Map<string, number>();
  for (const answer of accepted)
    recorded.set(answer.session, (recorded.get(answer.session) ?? 0) + 1);
  for (const [session, count] of recorded)
    events.push({
      stream: sessionStream(session),
      audience: 'trainers',
      type: 'submissions.recorded',
      payload: { count },
    });
  return { outcomes, events, rankedSessions };
};
