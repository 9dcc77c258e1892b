import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

/**
 * Adds points to a team's score (negative ones remove), the time it was reached being now; the
 * team's name and new score, or undefined when the session has no such team.
 */
export const addToTeamScore = (
  trx: Trx,
  team: { sessionUuid: string; teamUuid: string; points: number },
) =>
  trx
    .updateTable('gaming_session_team')
    .set((eb) => ({
      score: eb('score', '+', team.points),
      score_reached_at: eb.fn<Date>('clock_timestamp'),
    }))
    .where('uuid', '=', team.teamUuid)
    .where('session_uuid', '=', team.sessionUuid)
    .returning(['name', 'score'])
    .executeTakeFirst();

/** The ledger row of a trainer's adjustment. */
export const insertScoreAdjustment = (
  trx: Trx,
  adjustment: {
    sessionUuid: string;
    teamUuid: string;
    points: number;
    accountId: string;
    reason: string;
  },
) =>
  trx
    .insertInto('score_entry')
    .values({
      session_uuid: adjustment.sessionUuid,
      team_uuid: adjustment.teamUuid,
      kind: 'adjustment',
      points: adjustment.points,
      account_id: adjustment.accountId,
      reason: adjustment.reason,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
