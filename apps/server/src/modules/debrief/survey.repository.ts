import type { SurveyRating } from '@rampart/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Counts of each rating over a set of sessions, and how many players played them. */
export interface DistributionRow {
  session_uuid: string;
  rating: SurveyRating | null;
  answers: number;
}

/** The SQL of the survey: one row per player and session, replaced when changed. */
export const createSurveyRepository = (db: Kysely<Database>) => ({
  findAnswer: (sessionUuid: string, accountId: string) =>
    db
      .selectFrom('session_rating')
      .select(['rating', 'comment', 'updated_at'])
      .where('session_uuid', '=', sessionUuid)
      .where('account_id', '=', accountId)
      .executeTakeFirst(),

  /** One statement: two answers racing leave one row, the later one's. */
  saveAnswer: (row: {
    sessionUuid: string;
    accountId: string;
    rating: SurveyRating;
    comment: string | null;
  }) =>
    db
      .insertInto('session_rating')
      .values({
        session_uuid: row.sessionUuid,
        account_id: row.accountId,
        rating: row.rating,
        comment: row.comment,
      })
      .onConflict((conflict) =>
        conflict.columns(['session_uuid', 'account_id']).doUpdateSet({
          rating: row.rating,
          comment: row.comment,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning(['rating', 'comment', 'updated_at'])
      .executeTakeFirstOrThrow(),

  /**
   * Per session: the number of answers of each rating, and the number of players who played it
   * (in a team at the end), in one query whatever the number of sessions.
   */
  distributions: async (sessionUuids: readonly string[]) => {
    if (sessionUuids.length === 0) return { ratings: [], players: [] };
    const [ratings, players] = await Promise.all([
      db
        .selectFrom('session_rating')
        .select(['session_uuid', 'rating', (eb) => eb.fn.countAll<string>().as('answers')])
        .where('session_uuid', 'in', sessionUuids)
        .groupBy(['session_uuid', 'rating'])
        .execute(),
      db
        .selectFrom('gaming_session_player')
        .select(['session_uuid', (eb) => eb.fn.countAll<string>().as('players')])
        .where('session_uuid', 'in', sessionUuids)
        .where('team_uuid', 'is not', null)
        .groupBy('session_uuid')
        .execute(),
    ]);
    return { ratings, players };
  },

  /** The latest comments of these sessions, without their authors. */
  comments: (sessionUuids: readonly string[], limit: number) =>
    sessionUuids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('session_rating')
          .select(['session_uuid', 'rating', 'comment', 'updated_at'])
          .where('session_uuid', 'in', sessionUuids)
          .where('comment', 'is not', null)
          .orderBy('updated_at', 'desc')
          .orderBy('session_uuid')
          .limit(limit)
          .execute(),

  /** The sessions of a mission, oldest first. */
  missionSessions: (missionUuid: string) =>
    db
      .selectFrom('gaming_session')
      .select(['uuid', 'name', 'starts_at'])
      .where('mission_uuid', '=', missionUuid)
      .orderBy('created_at')
      .orderBy('uuid')
      .execute(),

  missionExists: async (missionUuid: string) =>
    (await db
      .selectFrom('mission')
      .select('uuid')
      .where('uuid', '=', missionUuid)
      .executeTakeFirst()) !== undefined,
});

export type SurveyRepository = ReturnType<typeof createSurveyRepository>;
