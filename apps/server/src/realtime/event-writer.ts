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

/**
 * How services write a change and its events: one transaction, then, once it has committed,
 * one announcement of the new heads (DESIGN §2: never a NOTIFY inside the write transaction).
 * `on` runs it on other connections of the same database (the answer batches').
 */
export const createEventWriter = (deps: { db: Kysely<Database>; bus: EventBus }) => ({
  async transaction<T>(
    work: (
      trx: Transaction<Database>,
      append: AppendInTransaction,
      appendAll: AppendAllInTransaction,
    ) => Promise<T>,
    on: Kysely<Database> = deps.db,
  ): Promise<T> {
    const heads = new Map<string, number>();
    const result = await on.transaction().execute((trx) =>
      work(
        trx,
        async (event) => {
          const appended = await appendEvent(trx, event);
          heads.set(appended.stream, appended.sequence);
          return appended;
        },
        async (events) => {
          const appended = await appendEvents(trx, events);
          for (const event of appended) heads.set(event.stream, event.sequence);
          return appended;
        },
      ),
    );
    deps.bus.announce(heads);
    return result;
  },

  /** For a caller that ran its own transaction with `appendEvent`: announce after commit. */
  committed(events: readonly AppendedEvent[]) {
    deps.bus.announce(events.map((event) => [event.stream, event.sequence] as const));
  },
});

export type EventWriter = ReturnType<typeof createEventWriter>;
