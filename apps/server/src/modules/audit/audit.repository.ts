import type { AuditAction } from '@rampart/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface TrainerAction {
  /** The trainer's account. */
  accountId: string;
  action: AuditAction;
  sessionUuid?: string | null;
  /** The team, objective, player or chapter acted on. */
  targetUuid?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records a trainer action in the audit log. Call it with the transaction of the action itself:
 * the row commits with the action or not at all, and its time is the database's.
 */
export const recordTrainerAction = (trx: Db, action: TrainerAction) =>
  trx
    .insertInto('trainer_audit')
    .values({
      account_id: action.accountId,
      action: action.action,
      session_uuid: action.sessionUuid ?? null,
      target_uuid: action.targetUuid ?? null,
      reason: action.reason ?? null,
      details: JSON.stringify(action.details ?? {}),
    })
    .execute();

/** The audit log, newest first: one session's, or every action; `before` is an id cursor. */
export const listTrainerActions = (
  db: Db,
  filter: { sessionUuid?: string; before?: number | undefined; limit: number },
) => {
  let query = db
    .selectFrom('trainer_audit as a')
    .leftJoin('account as t', 't.id', 'a.account_id')
    .select([
      'a.id',
      'a.action',
      'a.account_id',
      't.pseudo',
      'a.session_uuid',
      'a.target_uuid',
      'a.reason',
      'a.details',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(filter.limit);
  if (filter.sessionUuid) query = query.where('a.session_uuid', '=', filter.sessionUuid);
  if (filter.before !== undefined) query = query.where('a.id', '<', filter.before);
  return query.execute();
};
