import type { Kysely } from 'kysely';

/**
 * The start of a session whose mission has a lab, as the labs module handled it: one row per
 * session, claimed by the node that allocates every team's environment when the session starts
 * running. Sessions start by their clock (a countdown ends, a scheduled start falls due) with no
 * event to hang the allocation on, so nodes look for running sessions without a row; the
 * primary key makes the claim exclusive across nodes and restarts. The counts are what the
 * trainer's cockpit shows of that start (teams left to allocate on first use).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('lab_session_start')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.primaryKey().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('allocated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};
