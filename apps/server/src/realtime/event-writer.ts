import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from './event-bus.js';
import {
  appendEvents,
  lockStream,
  type AppendedEvent,
  type EventToAppend,
} from './event-log.repository.js';
import type { StreamKey } from './streams.js';

export type AppendInTransaction = (event: EventToAppend) => Promise<AppendedEvent>;
export type AppendAllInTransaction = (events: readonly EventToAppend[]) => Promise<AppendedEvent[]>;

/** What a transaction's work is given: the transaction, and the ways to append its events. */
export interface EventTransaction {
  trx: Transaction<Database>;
  /** Appends one event in the transaction (announced once it has committed). */
  append: AppendInTransaction;
  /** Appends several events in one statement, in the order given. */
  appendAll: AppendAllInTransaction;
}

export interface EventTransactionOptions {
  /**
   * Streams the transaction holds before its work begins (their counter rows, until it ends):
   * what it writes is then ordered like its events, since any other writer to those streams
   * waits (chat messages take their id and time in the order of their events this way). A
   * transaction that locks other rows first (a session's, a team's) must not declare its
   * session's stream here: the answer batches take those rows before the stream, and the two
   * orders would deadlock. It appends last instead (which holds the stream from then on).
   */
  lock?: readonly StreamKey[];
}

/**
 * The answer path's transaction (`play/answers.service.ts` only): besides the public ways, it
 * may send its last statement without waiting for it, and append with statements of its own.
 */
export interface PipelinedEventTransaction extends EventTransaction {
  /** Appends as the transaction's last statement, without waiting for it (see below). */
  appendLast: (events: readonly EventToAppend[]) => void;
  /**
   * Statements of the caller's making that append events (`appendingEvents` of
   * `pipelined-appends.ts`) with a write, and answer the events' sequences: their events are
   * announced like the others once committed.
   */
  ownAppends: {
    awaited(statement: Promise<readonly AppendedEvent[]>): Promise<readonly AppendedEvent[]>;
    /** As the transaction's last statement, not awaited (see `appendLast`). */
    last(statement: Promise<readonly AppendedEvent[]>): void;
  };
}

/**
 * How services write a change and its events: one transaction, then, once it has committed,
 * one announcement of the new heads (never a NOTIFY inside the write transaction).
 *
 * `transaction(async ({ trx, append, appendAll }) => …, { lock: [stream] })` is the one way
 * modules write events. The answer batches alone use `pipelinedTransaction` (typed
 * `PipelinedEventWriter`, given to the play module only), on connections of their own (`on`), where `appendLast` sends the
 * transaction's last statement and lets the work return at once: the commit follows it on the
 * connection without waiting for its answer (on a connection that pipelines its queries, both
 * go out together: one round trip for the two). It is awaited once the commit is answered; if
 * it failed, the transaction was aborted, the commit rolled it back, and the transaction fails
 * with the append's error. Nothing may be sent after it, and it must be sent while no other
 * statement of the transaction is running: a transaction's statements wait for each other
 * (Kysely's), and the commit, which does not, would overtake one that waits. `ownAppends.last`
 * is the same for a statement of the caller's making.
 */
export const createEventWriter = (deps: {
  db: Kysely<Database>;
  bus: EventBus;
  /** Told how many events each commit wrote (the metrics). */
  written?: (count: number) => void;
}) => {
  const run = async <T>(
    work: (tx: PipelinedEventTransaction) => Promise<T>,
    options: EventTransactionOptions & { on?: Kysely<Database> } = {},
  ): Promise<T> => {
    const heads = new Map<string, number>();
    let count = 0;
    const record = (appended: readonly AppendedEvent[]) => {
      for (const event of appended) heads.set(event.stream, event.sequence);
      count += appended.length;
      return appended;
    };
    let lastStatement: Promise<unknown> | null = null;
    const last = (statement: Promise<readonly AppendedEvent[]>) => {
      if (lastStatement) throw new Error('the transaction has a last statement already');
      lastStatement = statement.then(record);
      // Awaited below once the commit is answered; unobserved until then.
      lastStatement.catch(() => {});
    };
    const result = await (options.on ?? deps.db).transaction().execute(async (trx) => {
      // In one order whatever the caller's: two transactions holding the same streams wait.
      for (const stream of [...new Set(options.lock ?? [])].sort()) await lockStream(trx, stream);
      return work({
        trx,
        append: async (event) => {
          const [appended] = record(await appendEvents(trx, [event]));
          if (!appended) throw new Error('an append answered no sequence');
          return appended;
        },
        appendAll: async (events) => [...record(await appendEvents(trx, events))],
        appendLast: (events) => last(appendEvents(trx, events)),
        ownAppends: { awaited: async (statement) => record(await statement), last },
      });
    });
    await lastStatement;
    deps.bus.announce(heads);
    if (count > 0) deps.written?.(count);
    return result;
  };

  return {
    /** Runs `work` in a transaction and announces the events it appended once committed. */
    transaction: <T>(
      work: (tx: EventTransaction) => Promise<T>,
      options: EventTransactionOptions = {},
    ): Promise<T> => run(({ trx, append, appendAll }) => work({ trx, append, appendAll }), options),

    /**
     * The answer path's transaction (`play/answers.service.ts`, and this module's tests): the
     * pipelined appends besides, and `on` other connections of the same database.
     */
    pipelinedTransaction: run,
  };
};

/** The writer the answer batches are given (`pipelinedTransaction` among its methods). */
export type PipelinedEventWriter = ReturnType<typeof createEventWriter>;

/** The writer every module is given: `transaction` is the one way to write events. */
export type EventWriter = Omit<PipelinedEventWriter, 'pipelinedTransaction'>;
