import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import type { AccountRow, Interface, NewAccount } from './identity.repository.js';

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  role: Interface;
}

/** Thrown inside a transaction to undo an account whose identity another request linked first. */
class IdentityTaken extends Error {}

/** The links between accounts and the identity provider's subjects. */
export const createAccountIdentityRepository = (db: Kysely<Database>) => ({
  findAccountByIdentity: (identity: ProviderIdentity) =>
    db
      .selectFrom('account_identity as i')
      .innerJoin('account as a', 'a.id', 'i.account_id')
      .selectAll('a')
      .where('i.issuer', '=', identity.issuer)
      .where('i.subject', '=', identity.subject)
      .where('i.role', '=', identity.role)
      .where('a.role', '=', identity.role)
      .executeTakeFirst(),

  /**
   * Creates an account and its link in one transaction. `{ conflict: 'account' }` when the
   * username or pseudo is taken (the caller tries another), `{ conflict: 'identity' }` when a
   * simultaneous first sign-in of the same person linked an account first (the caller reads it).
   */
  async insertAccountWithIdentity(
    account: NewAccount,
    identity: ProviderIdentity,
  ): Promise<AccountRow | { conflict: 'account' | 'identity' }> {
    try {
      return await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('account')
          .values({
            username: account.username,
            password_hash: account.passwordHash,
            role: account.role,
            pseudo: account.pseudo,
            locale: account.locale ?? 'fr',
          })
          // Any unique index (username, pseudo): no error, so the transaction stays usable.
          .onConflict((conflict) => conflict.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!created) return { conflict: 'account' as const };
        const linked = await trx
          .insertInto('account_identity')
          .values({ ...identity, account_id: created.id })
          .onConflict((conflict) => conflict.doNothing())
          .returning('account_id')
          .executeTakeFirst();
        if (!linked) throw new IdentityTaken();
        return created;
      });
    } catch (error) {
      if (error instanceof IdentityTaken) return { conflict: 'identity' };
      throw error;
    }
  },

  /**
   * Links an existing account to a subject, replacing its previous link with this provider, and
   * records the trainer's action with it. False when the subject is another account's.
   */
  linkIdentity: (accountId: string, identity: ProviderIdentity, trainerId: string) =>
    db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('account_identity')
        .where('account_id', '=', accountId)
        .where('issuer', '=', identity.issuer)
        .where('role', '=', identity.role)
        .execute();
      const linked = await trx
        .insertInto('account_identity')
        .values({ ...identity, account_id: accountId })
        .onConflict((conflict) =>
          conflict
            .columns(['issuer', 'subject', 'role'])
            .doUpdateSet({ account_id: accountId })
            .where('account_identity.account_id', '=', accountId),
        )
        .returning('account_id')
        .executeTakeFirst();
      if (!linked) return false;
      await recordTrainerAction(trx, {
        accountId: trainerId,
        action: 'player.identity_linked',
        targetUuid: accountId,
        details: { issuer: identity.issuer },
      });
      return true;
    }),

  /** The subject an account is linked to at this issuer, for this role, if any. */
  findIdentityOfAccount: (accountId: string, issuer: string, role: Interface) =>
    db
      .selectFrom('account_identity')
      .select(['issuer', 'subject'])
      .where('account_id', '=', accountId)
      .where('issuer', '=', issuer)
      .where('role', '=', role)
      .executeTakeFirst(),

  /**
   * Removes an account's link with this provider and records the trainer's action with it.
   * False when there was no link, so that nothing is audited for a no-op.
   */
  unlinkIdentity: (accountId: string, issuer: string, role: Interface, trainerId: string) =>
    db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('account_identity')
        .where('account_id', '=', accountId)
        .where('issuer', '=', issuer)
        .where('role', '=', role)
        .returning('subject')
        .executeTakeFirst();
      if (!removed) return false;
      await recordTrainerAction(trx, {
        accountId: trainerId,
        action: 'player.identity_unlinked',
        targetUuid: accountId,
        details: { issuer },
      });
      return true;
    }),

  /** Whether a session was opened through the identity provider (to sign out there too). */
  isProviderSession: async (idHash: string) =>
    (
      await db
        .selectFrom('auth_session')
        .select('via_provider')
        .where('id_hash', '=', idHash)
        .where('via_provider', '=', true)
        .executeTakeFirst()
    )?.via_provider === true,
});

export type AccountIdentityRepository = ReturnType<typeof createAccountIdentityRepository>;
