import { realtimeEventSchema, type Audience, type RealtimeEvent } from '@rampart/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { StreamKey } from './streams.js';

export type EventToAppend = RealtimeEvent & { stream: StreamKey; audience: Audience };

export interface AppendedEvent {
  stream: StreamKey;
  sequence: number;
}

export interface LoggedEvent {
  stream: string;
  sequence: number;
  audience: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * Appends an event in the caller's transaction, so it commits or rolls back with the change it
 * describes. The payload is validated against its type's schema: an invalid event is a
 * programming error and fails the transaction.
 *
 * The sequence comes from the stream's counter row, incremented here: that row stays locked
 * until the caller's transaction ends, so another transaction appending to the same stream waits
 * for this one, and sequences become visible strictly in order (a rollback frees its number for
 * the next writer; no gaps). Append as the last statement of the transaction to hold the lock
 * for as short a time as possible. Needs READ COMMITTED (the default): under REPEATABLE READ the
 * waiting writer would fail with a serialisation error instead of continuing.
 */
export const appendEvent = async (
  trx: Transaction<Database>,
  event: EventToAppend,
): Promise<AppendedEvent> => (await appendEvents(trx, [event]))[0]!;

/**
 * Appends several events in the caller's transaction, in the order given, in one statement
 * whatever their number: each stream's counter moves by its number of events (counter rows taken
 * in stream order), and the events take the numbers in between. Same guarantees as `appendEvent`.
 * An invalid payload throws at once, before anything is sent (so a caller that does not await
 * the append still fails its transaction).
 */
export const appendEvents = (
  trx: Transaction<Database>,
  events: readonly EventToAppend[],
): Promise<AppendedEvent[]> => {
  if (events.length === 0) return Promise.resolve([]);
  const append = appending(events);
  return sql<AppendedRow>`with ${append.ctes} select stream, sequence from appended`
    .execute(trx)
    .then(({ rows }) => append.sequences(rows));
};

/** What the `appended` CTE returns: a row per event. */
export interface AppendedRow {
  stream: StreamKey;
  sequence: string | number;
}

/**
 * The text of the CTEs that append events, written once: the events and their counts are its
 * parameters ($1 and $3 the counts per stream, $2 the events), so a caller that puts it first in
 * a statement of its own sends the same text every time, built once.
 */
export const APPENDING_CTES = `
      appended_counters as (
        insert into event_stream as c (stream, last_sequence)
        select n.stream, n.n
        from jsonb_to_recordset($1::jsonb) as n(stream text, n integer)
        order by n.stream
        on conflict (stream) do update set last_sequence = c.last_sequence + excluded.last_sequence
        returning c.stream, c.last_sequence
      ),
      appended as (
        insert into event_log (stream, sequence, audience, type, payload)
        select e.stream, c.last_sequence - n.n + e.position, e.audience, e.type, e.payload
        from jsonb_to_recordset($2::jsonb)
          as e(stream text, position integer, audience text, type text, payload jsonb)
        join jsonb_to_recordset($3::jsonb) as n(stream text, n integer)
          using (stream)
        join appended_counters c using (stream)
        order by e.stream, e.position
        returning stream, sequence
      )`;
/** The text in pieces around its parameters: text, parameter number, text, ... */
const APPENDING_PIECES = APPENDING_CTES.split(/\$(\d)/);

/**
 * `appendEvents` as CTEs of a caller's statement (a write and its events in one round trip): the
 * counters (`appended_counters`) and `appended`, which returns a row per event; `sequences` gives
 * each event its sequence from those rows. The events' payloads are checked here, at once.
 */
export const appending = (events: readonly EventToAppend[]) => {
  const counts = new Map<string, number>();
  const rows = events.map((event) => {
    const { type, payload } = realtimeEventSchema.parse({
      type: event.type,
      payload: event.payload,
    });
    const position = (counts.get(event.stream) ?? 0) + 1;
    counts.set(event.stream, position);
    return { stream: event.stream, position, audience: event.audience, type, payload };
  });
  const counters = JSON.stringify([...counts].map(([stream, n]) => ({ stream, n })));
  const parameters = [counters, JSON.stringify(rows), counters] as const;
  return {
    ctes: sql.join(
      APPENDING_PIECES.map((piece, i) =>
        i % 2 === 0 ? sql.raw(piece) : sql`${parameters[Number(piece) - 1]}`,
      ),
      sql.raw(''),
    ),
    /** The CTEs' text (`APPENDING_CTES`, the same whatever the events) and its parameters. */
    text: APPENDING_CTES,
    parameters,
    /** Each event given its sequence, from the rows `appended` returned. */
    sequences: (appended: readonly AppendedRow[]) => sequencesOf(appended, events),
  };
};

const sequencesOf = (
  appended: readonly AppendedRow[],
  events: readonly EventToAppend[],
): AppendedEvent[] => {
  const sequences = new Map<string, number[]>();
  for (const row of appended) {
    const list = sequences.get(row.stream) ?? [];
    list.push(Number(row.sequence));
    sequences.set(row.stream, list);
  }
  for (const list of sequences.values()) list.sort((a, b) => a - b);
  return events.map((event) => ({
    stream: event.stream,
    sequence: sequences.get(event.stream)!.shift()!,
  }));
};

/**
 * Takes the row lock of a stream's counter until the caller's transaction ends, before it writes
 * anything else: what the transaction writes is then ordered like its events, since any other
 * writer to the stream waits here or in `appendEvents` (chat messages take their id and database
 * time in the order of their events this way).
 */
export const lockStream = async (trx: Transaction<Database>, stream: StreamKey) => {
  await sql`
    insert into event_stream as s (stream, last_sequence) values (${stream}, 0)
    on conflict (stream) do update set last_sequence = s.last_sequence`.execute(trx);
};

/** Events of a stream after a sequence, in order (a page of at most `limit`). */
export const readEventsAfter = async (
  db: Kysely<Database>,
  stream: string,
  after: number,
  limit: number,
): Promise<LoggedEvent[]> => {
  const rows = await db
    .selectFrom('event_log')
    .select(['stream', 'sequence', 'audience', 'type', 'payload', 'created_at'])
    .where('stream', '=', stream)
    .where('sequence', '>', after)
    .orderBy('sequence')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    stream: row.stream,
    sequence: Number(row.sequence),
    audience: row.audience,
    type: row.type,
    payload: row.payload,
    createdAt: row.created_at,
  }));
};

/** The last committed sequence of each stream given (0 for a stream with no event yet). */
export const findStreamHeads = async (
  db: Kysely<Database>,
  streams: readonly string[],
): Promise<Map<string, number>> => {
  const heads = new Map<string, number>(streams.map((stream) => [stream, 0]));
  if (streams.length === 0) return heads;
  const rows = await db
    .selectFrom('event_stream')
    .select(['stream', 'last_sequence'])
    .where('stream', 'in', streams)
    .execute();
  for (const row of rows) heads.set(row.stream, Number(row.last_sequence));
  return heads;
};

/** The last committed sequence of one stream (0 before its first event). */
export const findStreamHead = async (db: Kysely<Database>, stream: string): Promise<number> =>
  (await findStreamHeads(db, [stream])).get(stream) ?? 0;
