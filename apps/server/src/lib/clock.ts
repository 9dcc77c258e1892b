import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Time as a dependency, so rules and services can be tested at any instant. Everything that
 * reads the time is given a clock and asks it `now(trx)`, passing the transaction it is in.
 *
 * Gaming sessions run on the database's clock (`databaseClock`): the nodes of a cluster then
 * agree on when a session starts, pauses and ends, and a rate limit's Retry-After is counted on
 * the clock that set its window, whatever each node's own clock says. Inside a transaction it is
 * read there (after its locks, on its connection: the embedded database has one). What only one
 * node times (its caches, its timers, a lab provider's deadlines) runs on `systemClock`, which
 * answers at once (`Clock<Date>`). A test's clock answers at once too, so it stands in for
 * either.
 */
export interface Clock<Now extends Date | Promise<Date> = Date | Promise<Date>> {
  now(trx?: Transaction<Database>): Now;
  /**
   * Set on the database's clock: a statement that reads `clock_timestamp()` with its rows (the
   * answer batch's locks) has read this clock already, and spares the round trip.
   */
  readonly isDatabase?: true;
}

export const systemClock: Clock<Date> = { now: () => new Date() };

/** The database's clock: the one time every node of a cluster agrees on. */
export const databaseClock = (db: Kysely<Database>): Clock<Promise<Date>> => ({
  now: async (trx) =>
    (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(trx ?? db)).rows[0]!.now,
  isDatabase: true,
});
