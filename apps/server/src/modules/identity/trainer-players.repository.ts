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
   * as the unique indexes compare them.
   */
  async takenNames(usernames: readonly string[], pseudos: readonly string[]) {
    const lower = (values: readonly string[]) => [...new Set(values.map((v) => v.toLowerCase()))];
    const [byUsername, byPseudo] = await Promise.all([
      usernames.length === 0
        ? []
        : db
            .selectFrom('account')
            .select(sql<string>`lower(username)`.as('name'))
            .where(sql<string>`lower(username)`, 'in', lower(usernames))
            .execute(),
      pseudos.length === 0
        ? []
        : db
            .selectFrom('account')
            .select(sql<string>`lower(pseudo)`.as('name'))
            .where(sql<string>`lower(pseudo)`, 'in', lower(pseudos))
            .execute(),
    ]);
    return {
      usernames: new Set(byUsername.map((row) => row.name)),
      pseudos: new Set(byPseudo.map((row) => row.name)),
    };
  },
});

export type TrainerPlayersRepository = ReturnType<typeof createTrainerPlayersRepository>;
