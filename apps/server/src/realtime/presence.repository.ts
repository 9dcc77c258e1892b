import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The SQL of presence (0007-presence): each node writes and removes its own rows only. */
export const createPresenceRepository = (db: Kysely<Database>) => ({
  /** One statement for every player of one session that this node holds a stream of. */
  renew: (input: {
    sessionUuid: string;
    nodeId: string;
    accountIds: readonly string[];
    ttlSeconds: number;
  }) =>
    db
      .insertInto('gaming_session_presence')
      .values(
        input.accountIds.map((accountId) => ({
          session_uuid: input.sessionUuid,
          account_id: accountId,
          node_id: input.nodeId,
          seen_at: sql<Date>`clock_timestamp()`,
          expires_at: sql<Date>`clock_timestamp() + make_interval(secs => ${input.ttlSeconds})`,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['session_uuid', 'account_id', 'node_id']).doUpdateSet((eb) => ({
          seen_at: eb.ref('excluded.seen_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute(),

  remove: (input: { sessionUuid: string; nodeId: string; accountIds: readonly string[] }) =>
    db
      .deleteFrom('gaming_session_presence')
      .where('session_uuid', '=', input.sessionUuid)
      .where('node_id', '=', input.nodeId)
      .where('account_id', 'in', input.accountIds)
      .execute(),

  /**
   * Deletes the rows nobody renewed in time (their node stopped) and answers the teams of the
   * players they were about. Each row is deleted once, by whichever node sweeps first.
   */
  sweepExpired: async () => {
    const { rows } = await sql<{ session_uuid: string; team_uuid: string }>`
      with expired as (
        delete from gaming_session_presence
        where expires_at < clock_timestamp()
        returning session_uuid, account_id
      )
      select distinct p.session_uuid, p.team_uuid
      from expired e
      join gaming_session_player p
        on p.session_uuid = e.session_uuid and p.account_id = e.account_id
      where p.team_uuid is not null`.execute(db);
    return rows;
  },
});

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
