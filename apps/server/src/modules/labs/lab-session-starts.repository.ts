import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sessionTimelineColumns } from '../sessions/sessions.repository.js';

/** The SQL of session starts handled by the labs module (0016-lab-session-starts). */
export const createLabSessionStartsRepository = (db: Kysely<Database>) => ({
  /**
   * Sessions whose mission has a lab, started by their timeline (`starts_at` passed) and not
   * handled yet: the caller derives which of them run now.
   */
  listUnhandledStarts: (now: Date) =>
    db
      .selectFrom('gaming_session as s')
      .innerJoin('mission as m', 'm.uuid', 's.mission_uuid')
      .leftJoin('lab_session_start as l', 'l.session_uuid', 's.uuid')
      .select(['s.uuid', 's.mission_uuid', 'm.lab', ...sessionTimelineColumns])
      .where('m.lab', 'is not', null)
      .where('s.starts_at', '<=', now)
      .where('l.session_uuid', 'is', null)
      .orderBy('s.starts_at')
      .limit(100)
      .execute(),

  /** True for the one caller that claims the session's start (any node, any restart). */
  claim: async (sessionUuid: string, at: Date, finished = false) =>
    (await db
      .insertInto('lab_session_start')
      .values({ session_uuid: sessionUuid, claimed_at: at, finished_at: finished ? at : null })
      .onConflict((oc) => oc.column('session_uuid').doNothing())
      .returning('session_uuid')
      .executeTakeFirst()) !== undefined,

  finish: (
    sessionUuid: string,
    at: Date,
    counts: { allocated: number; noCapacity: number; failed: number },
  ) =>
    db
      .updateTable('lab_session_start')
      .set({
        finished_at: at,
        allocated: counts.allocated,
        no_capacity: counts.noCapacity,
        failed: counts.failed,
      })
      .where('session_uuid', '=', sessionUuid)
      .execute(),

  find: (sessionUuid: string) =>
    db
      .selectFrom('lab_session_start')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .executeTakeFirst(),
});

export type LabSessionStartsRepository = ReturnType<typeof createLabSessionStartsRepository>;
