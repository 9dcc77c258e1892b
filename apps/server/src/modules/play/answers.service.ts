import type { AnswerResult } from '@rampart/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AnswersObserver } from '../../metrics/metrics.js';
import type {
  PipelinedEventTransaction,
  PipelinedEventWriter,
} from '../../realtime/pipelined-appends.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { SessionRow } from '../sessions/sessions.repository.js';
import type { AnswerBatchRepository } from './answer-batch.repository.js';
import { createAnswerLanes } from './answer-lanes.js';
import {
  decideBatch,
  factsWanted,
  noFacts,
  screenAnswers,
  settleBatch,
  type AnswerOutcome,
  type AnswerRequest,
  type CompletingSession,
} from './decide-batch.js';
import { rankingEventsOf, type RankingAnnouncer } from './ranking-announcer.js';
import type { RankingCache } from './ranking-cache.js';

export type { AnswerRequest } from './decide-batch.js';

/** The brute-force window: answers one team may send to one objective are counted over it. */
const ANSWER_WINDOW_SECONDS = 60;

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
const outcomeLabelOf = (outcome: AnswerOutcome): string => {
  if (outcome.ok) return acceptedOutcomes[outcome.result.result];
  return outcome.error instanceof AppError ? outcome.error.code : 'failed';
};

/**
 * Answers (docs/answers.md). Submissions that arrive together are checked and written together,
 * in one short transaction per batch: the statements of a batch do not grow with its size, so
 * the cost of an answer falls as the load rises. A batch locks, reads the facts its decisions
 * need, decides every answer by the pure rules of `decide-batch.ts` (arrival order, on state
 * read under the row locks that make racing answers wait for each other), writes, and announces.
 */
export const createAnswersService = (deps: {
  batch: AnswerBatchRepository;
  /** The connections the batches run on (`DatabaseHandle.batches`: index walks only). */
  batches: Kysely<Database>;
  /** The event writer, with the pipelined appends the answer path alone uses. */
  events: PipelinedEventWriter;
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
   * Batchers, each taking the answers of its share of the sessions (a session's answers go to
   * one while any of them is in flight, see `answer-lanes.ts`). Batches of different lanes lock
   * different rows (a session, its stream, its teams), so they run side by side instead of one
   * after the other.
   */
  lanes: number;
  /** Whose time decides: the database's (read with the locks), or a clock of the tests. */
  clock: Clock;
  /** When each session's ranking goes out (with a batch, or deferred to its interval's end). */
  announcer: RankingAnnouncer;
  /** Told each answer's outcome and each batch's size (the metrics). */
  observer?: AnswersObserver;
}) => {
  const { batch, announcer } = deps;

  /**
   * The sessions this batch ends because every team still playing has now solved every
   * objective (only those that asked for it). Decided before the batch writes or announces
   * anything, under the session's row lock, so two batches completing the last two teams at
   * once cannot both miss the other, nor both end the game.
   */
  const endIfAllSolved = async (
    trx: Transaction<Database>,
    completing: readonly CompletingSession[],
    now: Date,
  ): Promise<SessionRow[]> => {
    const ended: SessionRow[] = [];
    for (const { session, total, solvedBy } of completing) {
      await batch.lockSessionForEnd(trx, session);
      const playing = (await batch.teamsProgress(trx, session)).filter(
        (team) => team.eliminated_at === null,
      );
      const done = playing.every(
        (team) => (solvedBy.get(team.uuid) ?? Number(team.completed)) >= total,
      );
      if (playing.length === 0 || !done) continue;
      const row = await batch.endAllSolved(trx, session, now);
      if (row) ended.push(row);
    }
    return ended;
  };

  /** One batch in its transaction: lock → facts → decide → write → announce. */
  const runBatch = async (
    { trx, appendAll, appendLast, ownAppends }: PipelinedEventTransaction,
    requests: readonly AnswerRequest[],
    handOver: () => void,
  ) => {
    // 1. The locks, and what they protect; the first checks and the verdicts.
    const locked = await batch.lock(
      trx,
      requests.map((request, i) => ({
        i,
        session: request.sessionUuid,
        account: request.principal.accountId,
        objective: request.objectiveUuid,
        client: request.clientId,
      })),
      ANSWER_WINDOW_SECONDS,
    );
    const screened = screenAnswers(locked, requests, deps);
    // 2. What else the decisions need, read once the locks are held (often nothing).
    const wanted = factsWanted(screened);
    const facts = wanted ? await batch.facts(trx, wanted) : noFacts(locked);
    const now = deps.clock.isDatabase ? new Date(facts.now) : await deps.clock.now(trx);
    // 3. Every answer decided, in arrival order.
    const decided = decideBatch(screened, facts, now);
    if (decided.accepted.length === 0) {
      const { outcomes } = settleBatch(decided, { bloodsWon: null, endings: [], now });
      return { outcomes, rankedSessions: new Set<string>(), announced: new Set<string>() };
    }
    const endings = await endIfAllSolved(trx, decided.completing, now);

    // 4. The writes, in one statement. Where an answer may win a first blood that another
    // transaction races for, only the write can tell, and the events (which say who won) wait
    // for its answer; otherwise the same statement appends them.
    const changes = {
      wrongAnswers: decided.wrongAnswerRows,
      ledger: decided.ledgerRows,
      states: decided.stateRows,
      submissions: decided.submissionRows,
    };
    const bloodsWon = decided.bloodUndecided
      ? new Set(
          (await batch.write(trx, changes)).bloods.map(
            (row) => `${row.team_uuid}:${row.objective_uuid}`,
          ),
        )
      : null;
    const { outcomes, events, rankedSessions } = settleBatch(decided, { bloodsWon, endings, now });
    const announced = new Set([...rankedSessions].filter(announcer.mayAnnounce));

    // 5. The events, appended last: an append holds the session stream's counter row until the
    // commit. From here on the next batch may start (on PostgreSQL): what it reads of the teams
    // this one changed waits for this commit, and so does its own append. Most batches announce
    // no ranking: their append is the last statement, and the commit follows it at once.
    handOver();
    const appendingWrite = () => batch.write(trx, changes, events).then(({ appended }) => appended);
    if (announced.size === 0) {
      if (bloodsWon) appendLast(events);
      else ownAppends.last(appendingWrite());
      return { outcomes, rankedSessions, announced };
    }
    if (bloodsWon) await appendAll(events);
    else await ownAppends.awaited(appendingWrite());
    // The rankings announced now, read once the streams are held: a batch that appended before
    // this one has committed, so its changes are in them, and none that appends after can be
    // missing from a later ranking. One per session and batch at most.
    appendLast(rankingEventsOf(announced, (await batch.standings(trx, [...announced])).ranking));
    return { outcomes, rankedSessions, announced };
  };

  /** One try of a batch, in one transaction; then its rankings, announced or deferred. */
  const decideOnce = async (requests: readonly AnswerRequest[], handOver: () => void) => {
    const began = performance.now();
    const { outcomes, rankedSessions, announced } = await deps.events.pipelinedTransaction(
      (tx) => runBatch(tx, requests, handOver),
      { on: deps.batches },
    );
    for (const session of rankedSessions) {
      deps.ranking.invalidate(session);
      if (announced.has(session)) announcer.announcedBy(session, began);
      else announcer.announceLater(session);
    }
    return outcomes;
  };

  const lanes = createAnswerLanes<AnswerRequest, AnswerResult>({
    lanes: deps.lanes,
    parallel: deps.parallel,
    handOverAtAppend: deps.handOverAtAppend,
    sessionOf: (request) => request.sessionUuid,
    // The same player's retry of one submission (its client id) is decided once.
    submissionKeyOf: ({ sessionUuid, principal, clientId }) =>
      clientId === null ? null : `${sessionUuid}:${principal.accountId}:${clientId}`,
    decide: decideOnce,
    ...(deps.observer ? { batched: deps.observer.batched } : {}),
  });

  return {
    async submit(
      principal: Principal,
      sessionUuid: string,
      objectiveUuid: string,
      answer: string | readonly string[],
      clientId: string | null = null,
    ): Promise<AnswerResult> {
      requireCapability(principal, 'game.play');
      const outcome = await lanes.push({ principal, sessionUuid, objectiveUuid, answer, clientId });
      deps.observer?.answered(outcomeLabelOf(outcome));
      if (!outcome.ok) throw outcome.error;
      return outcome.result;
    },
  };
};

export type AnswersService = ReturnType<typeof createAnswersService>;
