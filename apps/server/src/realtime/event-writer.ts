import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from './event-bus.js';
import {
  appendEvent,
  appendEvents,
  type AppendedEvent,
  type EventToAppend,
} from './event-log.repository.js';

export type AppendInTransaction = (event: EventToAppend) => Promise<AppendedEvent>;
export type AppendAllInTransaction = (events: readonly EventToAppend[]) => Promise<AppendedEvent[]>;
/** Appends as the transaction's last statement, without waiting for it (see `transaction`). */
export type AppendLastInTransaction = (events: readonly EventToAppend[]) => void;
/**
 * Statements of the caller's making that append events (`appending`) with a write, and answer
 * the events' sequences: their events are announced like the others once committed.
 */
export interface OwnAppendsInTransaction {
  awaited(statement: Promise<readonly AppendedEvent[]>): Promise<readonly AppendedEvent[]>;
  /** As the transaction's last statement, not awaited (see `appendLast`). */
  last(statement: Promise<readonly AppendedEvent[]>): void;
}

/**
 * How services write a change and its events: one transaction, then, once it has committed,
 * one announcement of the new heads (never a NOTIFY inside the write transaction).
 * `on` runs it on other connections of the same database (the answer batches').
 *
 * `appendLast` sends the transaction's last statement and lets `work` return at once: the
 * commit follows it on the connection without waiting for its answer (on a connection that
 * pipelines its queries, both go out together: one round trip for the two). It is awaited once
 * the commit is answered; if it failed, the transaction was aborted, the commit rolled it back,
 * and `transaction` fails with the append's error. Nothing may be sent after it, and it must be
 * sent while no other statement of the transaction is running: a transaction's statements wait
 * for each other (Kysely's), and the commit, which does not, would overtake one that waits.
 * `own.last` is the same for a statement of the caller's making.
 */
export const createEventWriter = (deps: {
  db: Kysely<Database>;
  bus: EventBus;
  /** Told how many events each commit wrote (the metrics). */
  written?: (count: number) => void;
}) => ({
  async transaction<T>(
    work: (
      trx: Transaction<Database>,
      append: AppendInTransaction,
      appendAll: AppendAllInTransaction,
      appendLast: AppendLastInTransaction,
      own: OwnAppendsInTransaction,
    ) => Promise<T>,
    on: Kysely<Database> = deps.db,
  ): Promise<T> {
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
    const result = await on.transaction().execute((trx) =>
      work(
        trx,
        async (event) => record([await appendEvent(trx, event)])[0]!,
        async (events) => [...record(await appendEvents(trx, events))],
        (events) => last(appendEvents(trx, events)),
        { awaited: async (statement) => record(await statement), last },
      ),
    );
    await lastStatement;
    deps.bus.announce(heads);
    if (count > 0) deps.written?.(count);
    return result;
  },

  /** For a caller that ran its own transaction with `appendEvent`: announce after commit. */
  committed(events: readonly AppendedEvent[]) {
    deps.bus.announce(events.map((event) => [event.stream, event.sequence] as const));
    if (events.length > 0) deps.written?.(events.length);
  },
});

export type EventWriter = ReturnType<typeof createEventWriter>;
