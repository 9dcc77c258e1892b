import { hash } from 'node:crypto';
import {
  answerResultSchema,
  submissionTextLength,
  type AnswerResult,
  type ErrorCode,
  type ObjectiveType,
} from '@rampart/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ObjectiveAnswer } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AnswersObserver } from '../../metrics/metrics.js';
import { createBatcher } from '../../lib/batcher.js';
import { AppError } from '../../lib/errors.js';
import { lockStream, type EventToAppend } from '../../realtime/event-log.repository.js';
import type {
  AppendAllInTransaction,
  AppendLastInTransaction,
  EventWriter,
  OwnAppendsInTransaction,
} from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import { checkChoices, checkFlag, normaliseFlag } from '../content/answer-check.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState, pausedMsAt } from '../sessions/session-state.js';
import { logoUrlOf, sessionTimes, timelineOf } from '../sessions/session-view.js';
import type {
  AnswerBatchRepository,
  BatchFacts,
  LedgerRow,
  LockedBatch,
} from './answer-batch.repository.js';
import type { SessionRow } from '../sessions/sessions.repository.js';
import type { PlayRepository } from './play.repository.js';
import type { RankingCache } from './ranking-cache.js';
import { decideAnswer, progressPercentage, rankTeamRows, speedrunRunningMs } from './scoring.js';

const ANSWER_WINDOW_SECONDS = 60;
/** Answers one transaction takes at most; the rest wait for the next. */
const MAX_BATCH = 256;
/** How many times a batch that lost a deadlock or serialisation race is tried again. */
const RETRIES = 3;
/**
 * A node announces a session's ranking at most once in this interval: the first change at once,
 * the changes that follow within the interval together at its end. Under a burst of solves the
 * whole table goes to every client of the session a few times a second instead of once per
 * batch (each solve is still announced at once by its own `objective.solved`).
 */
export const RANKING_INTERVAL_MS = 250;
/**
 * How long past its interval a deferred announcement waits for a batch of the session to
 * announce the ranking instead (with its own writes, in fewer round trips than a transaction of
 * its own): under load one always comes, and the deferred one is dropped.
 */
const RANKING_GRACE_MS = 50;

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
): 'correct' | 'wrong' | 'invalid' => {
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

/** A session's status and times for its `session.status_changed` event. */
const statusPayloadOf = (row: SessionRow, now: Date) => {
  const { scheduledStartAt: _scheduled, ...times } = sessionTimes(row, now);
  return times;
};

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

interface RankingRow {
  uuid: string;
  name: string;
  score: number;
  score_reached_at: Date | null;
  eliminated_at: Date | null;
  has_logo: boolean;
  completed: number | string | null;
}

/**
 * The session's ranking as an event for everyone: the whole table, serialised once, with every
 * column of `GET …/ranking` (the ranking cache builds the same rows), so that open screens take
 * it as it is rather than reading it again.
 */
export const rankingEventOf = (
  sessionUuid: string,
  rows: readonly RankingRow[],
): EventToAppend => ({
  stream: sessionStream(sessionUuid),
  audience: 'session',
  type: 'ranking.changed',
  payload: {
    teams: rankTeamRows(rows).map(
      ({ uuid, name, score, rank, eliminated, has_logo, completed }) => ({
        uuid,
        name,
        logoUrl: has_logo ? logoUrlOf(sessionUuid, uuid) : null,
        score,
        rank,
        eliminated,
        completed_objectives: Number(completed ?? 0),
      }),
    ),
  },
});

/**
 * The session's ranking as an event, read in the caller's transaction once it holds the
 * session's stream: a batch of answers appending to it meanwhile has committed by then, so the
 * ranking read has its changes, and the event (after the batch's own) never shows an older one.
 */
const lockedRankingEvent = async (
  trx: Transaction<Database>,
  sessionUuid: string,
  rows: (trx: Transaction<Database>, sessionUuid: string) => Promise<RankingRow[]>,
): Promise<EventToAppend> => {
  await lockStream(trx, sessionStream(sessionUuid));
  return rankingEventOf(sessionUuid, await rows(trx, sessionUuid));
};

export const rankingEvent = (
  repo: PlayRepository,
  trx: Transaction<Database>,
  sessionUuid: string,
): Promise<EventToAppend> =>
  lockedRankingEvent(trx, sessionUuid, (t, uuid) => repo.listRankingRows(uuid, t));

export interface AnswerRequest {
  principal: Principal;
  sessionUuid: string;
  objectiveUuid: string;
  answer: string | readonly string[];
  /** The player's id of the submission: a retry carries the same. */
  clientId: string | null;
}

type Outcome = { ok: true; result: AnswerResult } | { ok: false; error: unknown };

const refused = (code: ErrorCode): Outcome => ({ ok: false, error: new AppError(code) });

const isRetryable = (error: unknown) => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return (
    code === '40001' ||
    code === '40P01' ||
    // A submission with the same client id committed first, past every check (the same id on
    // another objective): tried again, the batch finds its result.
    (code === '23505' && constraint === 'submission_client_id_key')
  );
};

/**
 * The answers of a batch, each submission once: a retry that arrives with its first (the same
 * player, the same client id) gets the first one's outcome.
 */
const distinctSubmissions = (items: readonly AnswerRequest[]) => {
  const firsts = new Map<string, number>();
  const unique: AnswerRequest[] = [];
  const slots = items.map((item) => {
    if (item.clientId === null) return unique.push(item) - 1;
    const key = `${item.sessionUuid}:${item.principal.accountId}:${item.clientId}`;
    const slot = firsts.get(key) ?? unique.push(item) - 1;
    firsts.set(key, slot);
    return slot;
  });
  return { unique, slots };
};

/** The outcome of an accepted answer as the metrics count it. */
const acceptedOutcomes = {
  'answer.correct': 'correct',
  'answer.wrong': 'wrong',
  'answer.repeated': 'repeated',
} as const;

/**
 * An answer's outcome as the metrics count it: correct, wrong, repeated, or the refusal's code
 * (a fixed set: `answer.locked`, `answer.rate_limited`…); anything else is `failed`. Constant
 * strings: counting an answer allocates nothing.
 */
const outcomeLabelOf = (outcome: Outcome): string => {
  if (outcome.ok) return acceptedOutcomes[outcome.result.result];
  return outcome.error instanceof AppError ? outcome.error.code : 'failed';
};

/** A result kept with its submission, as it was answered (its fields in the contract's order). */
const resultOf = (stored: AnswerResult) => answerResultSchema.parse(stored);

const attemptsLeftOf = (answer: { maxAttempts: number | null; attempts: number }) =>
  answer.maxAttempts === null ? null : Math.max(0, answer.maxAttempts - answer.attempts);

/** What one accepted answer did, until the batch's writes tell its final points. */
interface Accepted {
  index: number;
  team: string;
  teamName: string;
  session: string;
  objective: string;
  kind: 'solved' | 'wrong' | 'repeated';
  points: number;
  firstBloodPoints: number;
  speedrun: boolean;
  attempts: number;
  maxAttempts: number | null;
  penalty: number;
}

/**
 * Answers (docs/answers.md). Submissions that arrive together are checked and written together,
 * in one short transaction per batch: the statements of a batch do not grow with its size, so
 * the cost of an answer falls as the load rises. Within a batch the answers are decided one
 * after the other, in arrival order, by the pure rules of `scoring.ts`, on state read under the
 * row locks that make racing answers (on this node or another) wait for each other.
 */
export const createAnswersService = (deps: {
  batch: AnswerBatchRepository;
  /** The connections the batches run on (`DatabaseHandle.batches`: index walks only). */
  batches: Kysely<Database>;
  events: EventWriter;
  ranking: RankingCache;
  /** Submissions one team may make on one objective per minute. */
  answersPerMinute: number;
  /**
   * Batches in flight at once. Every batch of a session appends to the session's stream, whose
   * counter row it holds until it commits: a second batch would mostly wait for the first.
   */
  parallel: number;
  /**
   * Whether the next batch may start while one appends its events and commits (the last two of
   * its round trips). Worth it where batches run on connections of their own (PostgreSQL); on
   * the embedded database, with its one connection, the next batch would only wait, smaller.
   */
  handOverAtAppend: boolean;
  /**
   * Batchers, each taking the answers of its share of the sessions (a session always goes to
   * the same one). Batches of different lanes lock different rows (a session, its stream, its
   * teams), so they run side by side instead of one after the other.
   */
  lanes: number;
  /** Whose time decides: the database's (read after the locks), or a clock of the tests. */
  clock: 'database' | Clock;
  /** A session's ranking rows, read in the caller's transaction (for a deferred announcement). */
  rankingRows: (trx: Transaction<Database>, sessionUuid: string) => Promise<RankingRow[]>;
  logger: { warn(details: object, message: string): void };
  /** Told each answer's outcome and each batch's size (the metrics). */
  observer?: AnswersObserver;
}) => {
  const { batch } = deps;

  // When each session's ranking was last announced, and the announcements waiting for the end
  // of their interval (RANKING_INTERVAL_MS), on this node, with when they were set.
  const announcedAt = new Map<string, number>();
  interface Deferred {
    timer: NodeJS.Timeout;
    since: number;
  }
  const deferred = new Map<string, Deferred>();
  let closed = false;
  const mayAnnounce = (session: string) =>
    performance.now() - (announcedAt.get(session) ?? -Infinity) >= RANKING_INTERVAL_MS;

  const announceLater = (session: string) => {
    if (closed || deferred.has(session)) return;
    const due = (announcedAt.get(session) ?? -Infinity) + RANKING_INTERVAL_MS + RANKING_GRACE_MS;
    const waiting = {
      timer: setTimeout(
        () => void announceDeferred(session, waiting),
        Math.max(0, due - performance.now()),
      ),
      since: performance.now(),
    };
    waiting.timer.unref();
    deferred.set(session, waiting);
  };

  /**
   * A batch that began at `began` has announced the session's ranking, with every change
   * committed before it began: a deferred announcement set before then has nothing left to say.
   */
  const announcedBy = (session: string, began: number) => {
    announcedAt.set(session, performance.now());
    const waiting = deferred.get(session);
    if (waiting && waiting.since < began) {
      clearTimeout(waiting.timer);
      deferred.delete(session);
    }
  };

  /** The ranking as it is now, in a transaction of its own; tried again later if it fails. */
  const announceDeferred = async (session: string, waiting: Deferred) => {
    announcedAt.set(session, performance.now());
    // Another may have been set meanwhile (once a batch announced): it stays.
    const done = () => {
      if (deferred.get(session) === waiting) deferred.delete(session);
    };
    try {
      await deps.events.transaction(async (trx, append) =>
        append(await lockedRankingEvent(trx, session, deps.rankingRows)),
      );
      done();
    } catch (error) {
      deps.logger.warn({ err: error, session }, 'ranking announcement failed: tried again');
      done();
      announceLater(session);
    }
  };

  /**
   * The sessions that end when every team solved everything in which an answer of the batch
   * completes its team, with the objectives each answering team has solved after the batch.
   */
  const completingSessions = (
    accepted: readonly { index: number; session: string; team: string }[],
    results: ReadonlyMap<number, AnswerResult>,
    sessions: ReadonlyMap<string, LockedBatch['sessions'][number]>,
  ) => {
    const completedBy = new Map<string, Map<string, number>>();
    for (const answer of accepted) {
      const session = sessions.get(answer.session)!;
      if (!session.end_when_all_solved || session.all_solved_at) continue;
      const teams = completedBy.get(answer.session) ?? new Map<string, number>();
      teams.set(answer.team, results.get(answer.index)!.completed_objectives);
      completedBy.set(answer.session, teams);
    }
    for (const [session, teams] of completedBy) {
      const total = Number(sessions.get(session)!.objectives);
      if (![...teams.values()].some((completed) => completed >= total)) completedBy.delete(session);
    }
    return completedBy;
  };

  /**
   * The sessions this batch ends because every team still playing has now solved every
   * objective (only those that asked for it). Decided before the batch writes or announces
   * anything, under the session's row lock, so two batches completing the last two teams at
   * once cannot both miss the other, nor both end the game.
   */
  const endIfAllSolved = async (
    trx: Transaction<Database>,
    completedBy: ReadonlyMap<string, ReadonlyMap<string, number>>,
    sessions: ReadonlyMap<string, LockedBatch['sessions'][number]>,
    now: Date,
  ): Promise<SessionRow[]> => {
    const ended: SessionRow[] = [];
    for (const [session, teams] of completedBy) {
      const total = Number(sessions.get(session)!.objectives);
      await batch.lockSessionForEnd(trx, session);
      const playing = (await batch.teamsProgress(trx, session)).filter(
        (team) => team.eliminated_at === null,
      );
      const done = playing.every(
        (team) => (teams.get(team.uuid) ?? Number(team.completed)) >= total,
      );
      if (playing.length === 0 || !done) continue;
      const row = await batch.endAllSolved(trx, session, now);
      if (row) ended.push(row);
    }
    return ended;
  };

  const decideBatch = async (
    trx: Transaction<Database>,
    appendAll: AppendAllInTransaction,
    appendLast: AppendLastInTransaction,
    own: OwnAppendsInTransaction,
    items: readonly AnswerRequest[],
    handOver: () => void,
  ): Promise<{ outcomes: Outcome[]; rankedSessions: Set<string>; announced: Set<string> }> => {
    const outcomes: Outcome[] = Array.from({ length: items.length });
    const rankedSessions = new Set<string>();
    const announced = new Set<string>();

    // 1. The locks, and what they protect.
    const locked = await batch.lock(
      trx,
      items.map((item, i) => ({
        i,
        session: item.sessionUuid,
        account: item.principal.accountId,
        objective: item.objectiveUuid,
        client: item.clientId,
      })),
      ANSWER_WINDOW_SECONDS,
    );
    // A submission decided already: its result again, and nothing counted.
    const receipts = new Map(locked.receipts.map((row) => [row.i, resultOf(row.result)]));
    const members = new Map(locked.members.map((row) => [row.i, row]));
    const sessions = new Map(locked.sessions.map((row) => [row.uuid, row]));
    const objectives = new Map(locked.objectives.map((row) => [row.uuid, row]));
    const totals = new Map(locked.limits.map((row) => [row.key, Number(row.hits)]));
    const resets = new Map(locked.limits.map((row) => [row.key, new Date(row.reset_at)]));
    /** Refused by the brute-force limit, with the seconds until its window starts again. */
    const rateLimited = (key: string): Outcome => {
      const wait = (resets.get(key)!.getTime() - new Date(locked.now).getTime()) / 1000;
      return {
        ok: false,
        error: new AppError('answer.rate_limited', undefined, undefined, {
          'Retry-After': String(Math.max(1, Math.ceil(wait))),
        }),
      };
    };
    const stateKey = (team: string, objective: string) => `${team}:${objective}`;
    const bloodsTaken = new Set(
      locked.bloods.map((row) => `${row.session_uuid}:${row.objective_uuid}`),
    );
    const teamStates = new Map(
      locked.states.map((row) => [
        stateKey(row.team_uuid, row.objective_uuid),
        { attempts: row.attempts, solved: row.solved },
      ]),
    );

    // Who answers for which team; the brute-force limit; the session and the objective.
    const limitKey = (index: number) =>
      `answer:${members.get(index)!.team_uuid}:${items[index]!.objectiveUuid}`;
    const perKey = new Map<string, number>();
    for (const [index, member] of members)
      if (member.team_uuid && !receipts.has(index))
        perKey.set(limitKey(index), (perKey.get(limitKey(index)) ?? 0) + 1);
    const hitNumber = new Map<string, number>();
    const live: number[] = [];
    items.forEach((item, index) => {
      const member = members.get(index);
      if (!member) return void (outcomes[index] = refused('session.not_joined'));
      if (!member.team_uuid) return void (outcomes[index] = refused('team.not_found'));
      const receipt = receipts.get(index);
      if (receipt) return void (outcomes[index] = { ok: true, result: receipt });
      const key = limitKey(index);
      const hit = (hitNumber.get(key) ?? totals.get(key)! - perKey.get(key)!) + 1;
      hitNumber.set(key, hit);
      if (hit > deps.answersPerMinute) return void (outcomes[index] = rateLimited(key));
      const session = sessions.get(item.sessionUuid);
      const objective = objectives.get(item.objectiveUuid);
      if (!session) return void (outcomes[index] = refused('session.not_found'));
      if (!objective || objective.mission_uuid !== session.mission_uuid)
        return void (outcomes[index] = refused('objective.not_found'));
      live.push(index);
    });
    if (live.length === 0) return { outcomes, rankedSessions, announced };

    const verdicts = new Map<number, 'correct' | 'wrong' | 'invalid'>();
    const digests = new Map<number, string>();
    for (const index of live) {
      const item = items[index]!;
      const objective = objectives.get(item.objectiveUuid)!;
      const verdict = verdictOf(
        objective.type,
        item.answer,
        objective.answer,
        objective.choices.map((choice) => choice.id),
      );
      verdicts.set(index, verdict);
      if (verdict === 'wrong') digests.set(index, wrongAnswerDigest(item.answer, objective.answer));
    }

    // 2. What else the decisions need, read once the locks are held: nothing, for correct
    // answers on open objectives in sessions that never had a speedrun.
    const rows = live.map((index) => ({
      session: items[index]!.sessionUuid,
      team: members.get(index)!.team_uuid!,
      objective: items[index]!.objectiveUuid,
      locked: objectives.get(items[index]!.objectiveUuid)!.locked,
      correct: verdicts.get(index) === 'correct',
      digest: digests.get(index) ?? null,
      client: items[index]!.clientId,
    }));
    // A submission racing its retry may have committed while this batch waited for its locks,
    // unseen by the first statement: it solved the objective, or it was wrong (the facts are read
    // then anyway). Only then are the results looked for again, once the locks are held.
    const needsFacts = rows.some(
      (row) =>
        row.locked ||
        row.digest !== null ||
        (row.correct && Number(sessions.get(row.session)!.speedruns_launched) > 0) ||
        (row.client !== null && teamStates.get(stateKey(row.team, row.objective))?.solved),
    );
    const facts: BatchFacts = needsFacts
      ? await batch.facts(trx, rows)
      : { now: locked.now, unlocked: [], solved: [], speedruns: [], known: [], receipts: [] };
    const lateReceipts = new Map(
      facts.receipts.map((row) => [`${row.team_uuid}:${row.client_id}`, resultOf(row.result)]),
    );
    const now = deps.clock === 'database' ? new Date(facts.now) : deps.clock.now();
    const states = new Map(
      [...sessions.values()].map((row) => {
        const timeline = timelineOf({
          ...row,
          scheduled_start_at: dateOrNull(row.scheduled_start_at),
          start_requested_at: dateOrNull(row.start_requested_at),
          starts_at: dateOrNull(row.starts_at),
          paused_at: dateOrNull(row.paused_at),
          stopped_at: dateOrNull(row.stopped_at),
        });
        return [
          row.uuid,
          {
            status: deriveSessionState(timeline, now).status,
            pausedNow: pausedMsAt(timeline, now),
          },
        ];
      }),
    );
    const unlocked = new Set(
      facts.unlocked.map((row) => `${row.session_uuid}:${row.objective_uuid}`),
    );
    const solved = new Set(facts.solved.map((row) => stateKey(row.team_uuid, row.objective_uuid)));
    const speedruns = new Map(
      facts.speedruns.map((row) => [`${row.session_uuid}:${row.objective_uuid}`, row]),
    );
    const known = new Set(
      facts.known.map((row) => `${row.team_uuid}:${row.objective_uuid}:${row.answer_digest}`),
    );

    // The decisions, one answer after the other, each seeing what the previous ones did.
    const accepted: Accepted[] = [];
    const firstBloodTaken = new Set<string>();
    /** Whether an answer of the batch may win a first blood another transaction races for. */
    let bloodUndecided = false;
    const ledger: LedgerRow[] = [];
    const newWrongAnswers: { team: string; objective: string; digest: string }[] = [];
    const changedStates = new Map<
      string,
      { team: string; session: string; objective: string; attempts: number; solver: string | null }
    >();
    for (const index of live) {
      const item = items[index]!;
      const member = members.get(index)!;
      const team = member.team_uuid!;
      const receipt =
        item.clientId === null ? undefined : lateReceipts.get(`${team}:${item.clientId}`);
      if (receipt) {
        outcomes[index] = { ok: true, result: receipt };
        continue;
      }
      const objective = objectives.get(item.objectiveUuid)!;
      const { status, pausedNow } = states.get(item.sessionUuid)!;
      const key = stateKey(team, objective.uuid);
      const state = teamStates.get(key) ?? { attempts: 0, solved: false };
      const closed =
        objective.locked &&
        !unlocked.has(`${item.sessionUuid}:${objective.uuid}`) &&
        !objective.prerequisites.every((prerequisite) => solved.has(stateKey(team, prerequisite)));
      const answerDigest = digests.get(index);
      const repeated =
        answerDigest !== undefined && known.has(`${team}:${objective.uuid}:${answerDigest}`);
      const speedrun = speedruns.get(`${item.sessionUuid}:${objective.uuid}`);
      const decision = decideAnswer({
        status,
        teamEliminated: member.eliminated,
        objective: {
          type: objective.type,
          points: objective.points,
          penalty: objective.penalty,
          maxAttempts: objective.max_attempts,
          firstBloodBonus: objective.first_blood_bonus,
          closed,
        },
        team: { solved: state.solved, attempts: state.attempts },
        verdict: verdicts.get(index)!,
        repeatedWrongAnswer: repeated,
        speedrun: speedrun
          ? {
              runningMs: speedrunRunningMs(
                new Date(speedrun.launched_at),
                Number(speedrun.paused_ms_at_launch),
                pausedNow,
                now,
              ),
            }
          : null,
        avatarId: item.principal.avatarId,
      });
      if (decision.kind === 'refused') {
        outcomes[index] = refused(decision.code);
        continue;
      }
      const row = {
        session: item.sessionUuid,
        team,
        objective: objective.uuid,
        account: item.principal.accountId,
      };
      const base = {
        index,
        team,
        teamName: member.team_name ?? '',
        session: item.sessionUuid,
        objective: objective.uuid,
        maxAttempts: objective.max_attempts,
        speedrun: false,
        firstBloodPoints: 0,
        penalty: 0,
      };
      if (decision.kind === 'solved') {
        state.solved = true;
        solved.add(key);
        ledger.push({
          ...row,
          key: ledger.length,
          kind: decision.ledgerKind,
          points: decision.points,
        });
        const bloodKey = `${item.sessionUuid}:${objective.uuid}`;
        let firstBloodPoints = 0;
        if (
          decision.firstBloodPoints > 0 &&
          !firstBloodTaken.has(bloodKey) &&
          !bloodsTaken.has(bloodKey)
        ) {
          firstBloodTaken.add(bloodKey);
          bloodUndecided = true;
          firstBloodPoints = decision.firstBloodPoints;
          ledger.push({
            ...row,
            key: ledger.length,
            kind: 'first_blood',
            points: firstBloodPoints,
          });
        }
        changedStates.set(key, {
          team,
          session: item.sessionUuid,
          objective: objective.uuid,
          attempts: state.attempts,
          solver: item.principal.accountId,
        });
        accepted.push({
          ...base,
          kind: 'solved',
          points: decision.points,
          firstBloodPoints,
          speedrun: decision.ledgerKind === 'speedrun',
          attempts: state.attempts,
        });
      } else if (decision.countsAsAttempt) {
        state.attempts = decision.attemptsAfter;
        known.add(`${team}:${objective.uuid}:${answerDigest}`);
        newWrongAnswers.push({ team, objective: objective.uuid, digest: answerDigest! });
        changedStates.set(key, {
          team,
          session: item.sessionUuid,
          objective: objective.uuid,
          attempts: state.attempts,
          solver: null,
        });
        if (decision.penalty > 0)
          ledger.push({ ...row, key: ledger.length, kind: 'penalty', points: -decision.penalty });
        accepted.push({
          ...base,
          kind: 'wrong',
          points: -decision.penalty,
          penalty: decision.penalty,
          attempts: state.attempts,
        });
      } else {
        accepted.push({ ...base, kind: 'repeated', points: 0, attempts: state.attempts });
      }
      teamStates.set(key, state);
    }
    if (accepted.length === 0) return { outcomes, rankedSessions, announced };

    /**
     * What each accepted answer is answered: its points, and its team's score and progress after
     * the batch (as read with its lock, plus what the batch wrote: nobody else writes them until
     * it commits).
     */
    const resultsOf = () => {
      const progress = new Map(
        locked.teams.map((row) => [
          row.uuid,
          { score: Number(row.score), completed: Number(row.completed) },
        ]),
      );
      for (const answer of accepted) {
        const team = progress.get(answer.team)!;
        team.score += answer.points + answer.firstBloodPoints;
        if (answer.kind === 'solved') team.completed += 1;
      }
      return new Map(
        accepted.map((answer): [number, AnswerResult] => {
          const { score, completed } = progress.get(answer.team)!;
          const total = Number(sessions.get(answer.session)!.objectives);
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
    // Kept with the submissions that carry a client id, for their retries; the write corrects
    // a first blood it finds won by another transaction.
    const assumed = resultsOf();
    // Only a batch that completes a team of such a session waits for anything more here.
    const completing = completingSessions(accepted, assumed, sessions);
    const endings =
      completing.size === 0 ? [] : await endIfAllSolved(trx, completing, sessions, now);

    // 3. The writes, in one statement. Where an answer may win a first blood that another
    // transaction races for, only the write can tell, and the events (which say who won) wait
    // for its answer; otherwise they are appended by the same statement (step 4).
    const changes = {
      wrongAnswers: newWrongAnswers,
      ledger,
      states: [...changedStates.values()],
      submissions: accepted.map((answer) => {
        const item = items[answer.index]!;
        return {
          session: answer.session,
          team: answer.team,
          objective: answer.objective,
          account: item.principal.accountId,
          // A correct answer is the objective's answer: trainers have it in the content, and
          // no stored row or event of a session carries it (the log outlives the game).
          answer: answer.kind === 'solved' ? '' : submissionText(item.answer),
          correct: answer.kind === 'solved',
          points: answer.points,
          blood: answer.firstBloodPoints,
          client: item.clientId,
          result: item.clientId === null ? null : assumed.get(answer.index)!,
        };
      }),
    };
    if (bloodUndecided) {
      const bloods = new Set(
        (await batch.write(trx, changes)).bloods.map((row) =>
          stateKey(row.team_uuid, row.objective_uuid),
        ),
      );
      for (const answer of accepted)
        if (answer.firstBloodPoints > 0 && !bloods.has(stateKey(answer.team, answer.objective)))
          answer.firstBloodPoints = 0; // another team was first, in another transaction
    }
    for (const answer of accepted)
      if (answer.points + answer.firstBloodPoints !== 0) rankedSessions.add(answer.session);
    for (const session of rankedSessions) if (mayAnnounce(session)) announced.add(session);

    const results = bloodUndecided ? resultsOf() : assumed;
    const announcements: EventToAppend[] = [];
    for (const answer of accepted) {
      const item = items[answer.index]!;
      if (answer.kind === 'solved')
        announcements.push({
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
        announcements.push({
          stream: sessionStream(answer.session),
          audience: `team:${answer.team}`,
          type: 'objective.attempted',
          payload: {
            objectiveUuid: answer.objective,
            pseudo: item.principal.pseudo,
            attempts: answer.attempts,
            attemptsLeft: attemptsLeftOf(answer),
            penalty: answer.penalty,
          },
        });
      outcomes[answer.index] = { ok: true, result: results.get(answer.index)! };
    }
    // The last solve of a session that ends when every team solved everything: its end, after
    // the solve that made it, told to every screen (time alone would not be announced).
    for (const ended of endings)
      announcements.push({
        stream: sessionStream(ended.uuid),
        audience: 'session',
        type: 'session.status_changed',
        payload: { sessionUuid: ended.uuid, ...statusPayloadOf(ended, now), allSolved: true },
      });
    // The trainers' feed: one event per session and batch, saying only how many answers came;
    // the cockpit reads them from the feed. Its audience is `trainers` alone.
    const recorded = new Map<string, number>();
    for (const answer of accepted)
      recorded.set(answer.session, (recorded.get(answer.session) ?? 0) + 1);
    for (const [session, count] of recorded)
      announcements.push({
        stream: sessionStream(session),
        audience: 'trainers',
        type: 'submissions.recorded',
        payload: { count },
      });
    // 4. The events, appended last (with the writes, unless a first blood was undecided): an
    // append holds the session stream's counter row until the commit. From here on the next
    // batch may start (on PostgreSQL): what it reads of the teams this one changed waits for
    // this commit, and so does its own append. Most batches announce no ranking: their append
    // is the last statement, and the commit follows it without waiting for its answer.
    handOver();
    const appendingWrite = () =>
      batch.write(trx, changes, announcements).then(({ appended }) => appended);
    if (announced.size === 0) {
      if (bloodUndecided) appendLast(announcements);
      else own.last(appendingWrite());
      return { outcomes, rankedSessions, announced };
    }
    if (bloodUndecided) await appendAll(announcements);
    else await own.awaited(appendingWrite());
    // 5. The rankings announced now, read once the streams are held: a batch that appended
    // before this one has committed, so its changes are in them, and none that appends after
    // can be missing from a later ranking.
    const standings = await batch.standings(trx, [...announced]);
    const rankings: EventToAppend[] = [];
    // One ranking per session and batch at most, whatever the number of answers that moved it;
    // the sessions announced recently get theirs at the end of the interval.
    for (const session of announced)
      rankings.push(
        rankingEventOf(
          session,
          standings.ranking
            .filter((row) => row.session_uuid === session)
            .map((row) => ({
              ...row,
              score: Number(row.score),
              score_reached_at: dateOrNull(row.score_reached_at),
              eliminated_at: dateOrNull(row.eliminated_at),
            })),
        ),
      );
    appendLast(rankings);
    return { outcomes, rankedSessions, announced };
  };

  const runOnce = async (
    requests: readonly AnswerRequest[],
    handOver: () => void = () => {},
  ): Promise<Outcome[]> => {
    const { unique: items, slots } = distinctSubmissions(requests);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const began = performance.now();
        const { outcomes, rankedSessions, announced } = await deps.events.transaction(
          (trx, _append, all, last, own) => decideBatch(trx, all, last, own, items, handOver),
          deps.batches,
        );
        for (const session of rankedSessions) {
          deps.ranking.invalidate(session);
          if (announced.has(session)) announcedBy(session, began);
          else announceLater(session);
        }
        return slots.map((slot) => outcomes[slot]!);
      } catch (error) {
        if (attempt >= RETRIES || !isRetryable(error)) throw error;
      }
    }
  };

  const lane = () =>
    createBatcher<AnswerRequest, Outcome>({
      maxSize: MAX_BATCH,
      parallel: deps.parallel,
      run: async (items, handOver) => {
        deps.observer?.batched(items.length);
        try {
          return await runOnce(items, deps.handOverAtAppend ? handOver : undefined);
        } catch (error) {
          if (items.length === 1) return [{ ok: false, error }];
          // One answer's failure is not the others': each alone, with its own outcome.
          return Promise.all(
            items.map((item) =>
              runOnce([item]).then(
                ([outcome]) => outcome!,
                (failure: unknown): Outcome => ({ ok: false, error: failure }),
              ),
            ),
          );
        }
      },
    });
  const lanes = Array.from({ length: deps.lanes }, lane);
  /** A session's lane: always the same, so its batches keep the order of its answers. */
  const laneOf = (sessionUuid: string) =>
    lanes[(Number.parseInt(sessionUuid.slice(-4), 16) || 0) % lanes.length]!;

  return {
    /**
     * Makes the announcements still waiting now, once the node has stopped taking answers: the
     * stream's newest ranking is the ledger's when a node stops, not the one before its last
     * burst. (A crash loses them: `ranking-repair.ts` makes them up.)
     */
    async close() {
      closed = true;
      const waiting = [...deferred];
      for (const [, { timer }] of waiting) clearTimeout(timer);
      await Promise.all(waiting.map(([session, entry]) => announceDeferred(session, entry)));
      deferred.clear();
    },

    async submit(
      principal: Principal,
      sessionUuid: string,
      objectiveUuid: string,
      answer: string | readonly string[],
      clientId: string | null = null,
    ): Promise<AnswerResult> {
      requireCapability(principal, 'game.play');
      const outcome = await laneOf(sessionUuid).push({
        principal,
        sessionUuid,
        objectiveUuid,
        answer,
        clientId,
      });
      deps.observer?.answered(outcomeLabelOf(outcome));
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    },
  };
};

export type AnswersService = ReturnType<typeof createAnswersService>;
