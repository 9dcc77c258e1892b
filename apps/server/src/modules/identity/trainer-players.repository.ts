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
    const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));
    const wanted = { username: lower(usernames), pseudo: lower(pseudos) };
    const asked = (['username', 'pseudo'] as const).filter((column) => wanted[column].size > 0);
    const rows =
      asked.length === 0
        ? []
        : await db
            .selectFrom('account')
            .select([
              sql<string>`lower(username)`.as('username'),
              sql<string>`lower(pseudo)`.as('pseudo'),
            ])
            .where((eb) =>
              eb.or(
                asked.map((column) =>
                  eb(sql<string>`lower(${sql.ref(column)})`, 'in', [...wanted[column]]),
                ),
              ),
            )
            .execute();
    return {
      usernames: new Set(rows.map((row) => row.username).filter((n) => wanted.username.has(n))),
      pseudos: new Set(rows.map((row) => row.pseudo).filter((n) => wanted.pseudo.has(n))),
    };
  },
});

export type TrainerPlayersRepository = ReturnType<typeof createTrainerPlayersRepository>;
