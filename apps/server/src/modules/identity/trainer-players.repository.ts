import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordTrainerAction, type TrainerAction } from '../audit/audit.repository.js';

/** The SQL of the trainer's players screen: listing with activity, and names already taken. */
export const createTrainerPlayersRepository = (db: Kysely<Database>) => ({
  /**
   * The audit row of an action on an account, written once the account's own statements
   * succeeded (the identity repository runs them outside any transaction).
   */
  recordAction: (action: TrainerAction) => recordTrainerAction(db, action),
  /** Players with their latest session activity (null when they never signed in). */
  listPlayers: () =>
    db
      .selectFrom('account as a')
      .leftJoin('auth_session as s', 's.account_id', 'a.id')
      .select([
        'a.id',
        'a.username',
        'a.pseudo',
        'a.avatar_id',
        'a.locale',
        (eb) => eb.fn.max('s.last_activity_at').as('last_activity_at'),
      ])
      .where('a.role', '=', 'player')
      .groupBy(['a.id', 'a.username', 'a.pseudo', 'a.avatar_id', 'a.locale'])
      .orderBy('a.username')
      .execute(),

  /**
   * Which of these usernames and pseudos an account (player or trainer) already has, lower-cased,
   * as the unique indexes compare them. One statement, so one snapshot: an account committed
   * meanwhile is seen with both its names or with neither, never by one name alone.
   */
  async takenNames(usernames: readonly string[], pseudos: readonly string[]) {
    const lower = (values: readonly string[]) => [...new Set(values.map((v) => v.toLowerCase()))];
    const wantedUsernames = lower(usernames);
    const wantedPseudos = lower(pseudos);
    const rows =
      wantedUsernames.length + wantedPseudos.length === 0
        ? []
        : await db
            .selectFrom('account')
            .select([
              sql<string>`lower(username)`.as('username'),
              sql<string>`lower(pseudo)`.as('pseudo'),
            ])
            .where((eb) =>
              eb.or([
                ...(wantedUsernames.length > 0
                  ? [eb(sql<string>`lower(username)`, 'in', wantedUsernames)]
                  : []),
                ...(wantedPseudos.length > 0
                  ? [eb(sql<string>`lower(pseudo)`, 'in', wantedPseudos)]
                  : []),
              ]),
            )
            .execute();
    const usernameSet = new Set(wantedUsernames);
    const pseudoSet = new Set(wantedPseudos);
    return {
      usernames: new Set(rows.map((row) => row.username).filter((name) => usernameSet.has(name))),
      pseudos: new Set(rows.map((row) => row.pseudo).filter((name) => pseudoSet.has(name))),
    };
  },
});

export type TrainerPlayersRepository = ReturnType<typeof createTrainerPlayersRepository>;
