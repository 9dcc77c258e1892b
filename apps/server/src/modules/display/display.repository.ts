import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The SQL of the projector view: its links, and the few public facts of a game it shows that
 * the ranking does not carry (the latest solves, the objectives' titles). Never an answer, never
 * who typed one.
 */
export const createDisplayRepository = (db: Kysely<Database>) => {
  const linksQuery = (executor: Db) =>
    executor
      .selectFrom('display_link as l')
      .leftJoin('account as c', 'c.id', 'l.created_by')
      .leftJoin('account as r', 'r.id', 'l.revoked_by')
      .select([
        'l.uuid',
        'l.session_uuid',
        'l.created_at',
        'l.created_by',
        'c.pseudo as created_by_pseudo',
        'l.revoked_at',
        'l.revoked_by',
        'r.pseudo as revoked_by_pseudo',
      ]);

  return {
    insertLink: (
      trx: Db,
      link: { uuid: string; sessionUuid: string; tokenHash: string; createdBy: string },
    ) =>
      trx
        .insertInto('display_link')
        .values({
          uuid: link.uuid,
          session_uuid: link.sessionUuid,
          token_hash: link.tokenHash,
          created_by: link.createdBy,
        })
        .execute(),

    findLink: (uuid: string, executor: Db = db) =>
      linksQuery(executor).where('l.uuid', '=', uuid).executeTakeFirst(),

    /** The link a token opens, by the token's digest (the token itself is never stored). */
    findLinkByTokenHash: (tokenHash: string, executor: Db = db) =>
      executor
        .selectFrom('display_link')
        .select(['uuid', 'session_uuid', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    listLinks: (sessionUuid: string, executor: Db = db) =>
      linksQuery(executor)
        .where('l.session_uuid', '=', sessionUuid)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.uuid')
        .execute(),

    /** Revokes a live link of the session: the row when it was live, else nothing. */
    revokeLink: (trx: Db, sessionUuid: string, uuid: string, revokedBy: string) =>
      trx
        .updateTable('display_link')
        .set({ revoked_at: sql<Date>`now()`, revoked_by: revokedBy })
        .where('uuid', '=', uuid)
        .where('session_uuid', '=', sessionUuid)
        .where('revoked_at', 'is', null)
        .returning('uuid')
        .executeTakeFirst(),

    /** The mission's objectives as players see them listed: title and points, no answer. */
    listObjectiveTitles: (missionUuid: string) =>
      db
        .selectFrom('objective')
        .select(['uuid', 'title', 'points'])
        .where('mission_uuid', '=', missionUuid)
        .execute(),

    /**
     * The ledger rows of solves, newest first (a first blood and a speedrun are rows of their
     * own beside the solve's), through the ledger's (team, id) index.
     */
    listSolveEntries: (teamUuids: readonly string[], limit: number) =>
      teamUuids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('score_entry')
            .select(['id', 'team_uuid', 'objective_uuid', 'kind', 'points', 'created_at'])
            .where('team_uuid', 'in', teamUuids)
            .where('kind', 'in', ['solve', 'first_blood', 'speedrun'])
            .where('objective_uuid', 'is not', null)
            .orderBy('id', 'desc')
            .limit(limit)
            .execute(),

    /** The session's speedruns, newest first. */
    listSpeedruns: (sessionUuid: string) =>
      db
        .selectFrom('speedrun')
        .select(['objective_uuid', 'title', 'launched_at'])
        .where('session_uuid', '=', sessionUuid)
        .orderBy('launched_at', 'desc')
        .execute(),
  };
};

export type DisplayRepository = ReturnType<typeof createDisplayRepository>;
