import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LabConsoleTicketTable } from '../../db/schema.js';

export type ConsoleTicketRow = Selectable<LabConsoleTicketTable>;

/** The SQL of console tickets: only their hashes are stored, and redeeming one deletes it. */
export const createConsoleTicketsRepository = (db: Kysely<Database>) => ({
  insert: (
    row: Insertable<LabConsoleTicketTable>,
    executor: Kysely<Database> | Transaction<Database> = db,
  ) => executor.insertInto('lab_console_ticket').values(row).execute(),

  /**
   * Takes the ticket out in one statement: of two connections racing with one ticket, one gets
   * the row and the other nothing (single use on every node of a cluster).
   */
  redeem: (hash: string) =>
    db.deleteFrom('lab_console_ticket').where('hash', '=', hash).returningAll().executeTakeFirst(),

  /** Tickets never redeemed, past their expiry: nothing reads them any more. */
  purgeExpired: (now: Date, executor: Kysely<Database> | Transaction<Database> = db) =>
    executor.deleteFrom('lab_console_ticket').where('expires_at', '<=', now).execute(),
});

export type ConsoleTicketsRepository = ReturnType<typeof createConsoleTicketsRepository>;
