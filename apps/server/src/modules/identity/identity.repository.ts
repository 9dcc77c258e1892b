import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountTable, AuthSessionTable, Database } from '../../db/schema.js';
import { recordTrainerAction } from '../audit/audit.repository.js';

export type AccountRow = Selectable<AccountTable>;
export type SessionRow = Selectable<AuthSessionTable>;
export type Interface = 'player' | 'trainer';

export interface NewAccount {
  username: string;
  passwordHash: string;
  role: Interface;
  pseudo: string;
  locale?: 'fr' | 'en';
  avatarId?: string | null;
}

export interface NewSession {
  idHash: string;
  publicId: string;
  accountId: string;
  interface: Interface;
  kind: 'cookie' | 'token';
  name: string | null;
  userAgent: string | null;
  ip: string | null;
  expiresAt: Date;
  /** Opened through the identity provider: signing out ends the provider's session too. */
  viaProvider?: boolean;
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  ((error as { constraint?: string }).constraint === constraint ||
    String((error as Error).message).includes(constraint));

export const createIdentityRepository = (db: Kysely<Database>) => ({
  findAccountByUsername: (username: string, role: Interface) =>
    db
      .selectFrom('account')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .where('role', '=', role)
      .executeTakeFirst(),

  findAccountById: (id: string) =>
    db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst(),

  listAccounts: (role: Interface) =>
    db.selectFrom('account').selectAll().where('role', '=', role).orderBy('username').execute(),

  countAccounts: async () =>
    Number(
      (
        await db
          .selectFrom('account')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    ),

  /** Inserts an account; `{ conflict }` names the field already taken. */
  async insertAccount(
    account: NewAccount,
  ): Promise<AccountRow | { conflict: 'username' | 'pseudo' }> {
    try {
      return await db
        .insertInto('account')
        .values({
          username: account.username,
          password_hash: account.passwordHash,
          role: account.role,
          pseudo: account.pseudo,
          locale: account.locale ?? 'fr',
          avatar_id: account.avatarId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error, 'account_username_key')) return { conflict: 'username' };
      if (isUniqueViolation(error, 'account_pseudo_key')) return { conflict: 'pseudo' };
      throw error;
    }
  },

  /** Updates profile fields; `{ conflict: 'pseudo' }` when another account has the pseudo. */
  async updateAccount(
    id: string,
    changes: Partial<
      Pick<AccountRow, 'pseudo' | 'avatar_id' | 'locale' | 'locale_chosen' | 'password_hash'>
    >,
  ): Promise<AccountRow | { conflict: 'pseudo' } | undefined> {
    try {
      return await db
        .updateTable('account')
        .set({
          ...changes,
          updated_at: sql<Date>`now()`,
          ...(changes.password_hash ? { password_changed_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error, 'account_pseudo_key')) return { conflict: 'pseudo' };
      throw error;
    }
  },

  /**
   * The login page's language becomes the account's, unless its holder chose one: decided in the
   * update itself, so a choice made meanwhile on another device is never overwritten.
   */
  followLoginLocale: (id: string, locale: 'fr' | 'en') =>
    db
      .updateTable('account')
      .set({ locale, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('locale_chosen', '=', false)
      .where('locale', '<>', locale)
      .returningAll()
      .executeTakeFirst(),

  insertSession: (session: NewSession) =>
    db
      .insertInto('auth_session')
      .values({
        id_hash: session.idHash,
        public_id: session.publicId,
        account_id: session.accountId,
        interface: session.interface,
        kind: session.kind,
        name: session.name,
        user_agent: session.userAgent,
        ip: session.ip,
        expires_at: session.expiresAt,
        via_provider: session.viaProvider ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** The addresses the account ever opened a session from, on this interface. */
  listSignInAddresses: async (accountId: string, iface: Interface) =>
    (
      await db
        .selectFrom('auth_session')
        .select('ip')
        .distinct()
        .where('account_id', '=', accountId)
        .where('interface', '=', iface)
        .where('ip', 'is not', null)
        .execute()
    ).map((row) => row.ip!),

  /**
   * The live sessions among `idHashes` (neither revoked nor past their absolute expiry), each
   * with its account, in one query for all.
   */
  findLiveSessions: (idHashes: readonly string[]) =>
    db
      .selectFrom('auth_session as s')
      .innerJoin('account as a', 'a.id', 's.account_id')
      .select([
        's.id_hash',
        's.public_id',
        's.account_id',
        's.interface',
        's.kind',
        's.name',
        's.user_agent',
        's.ip',
        's.created_at',
        's.last_activity_at',
        's.expires_at',
        's.revoked_at',
        'a.username',
        'a.pseudo',
        'a.role',
        'a.avatar_id',
        'a.locale',
        'a.created_at as account_created_at',
      ])
      // One statement text whatever the number (`= any` of an array, not an `in` list).
      .where('s.id_hash', '=', sql<string>`any(${[...idHashes]}::text[])`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .execute(),

  /** Records activity on sessions now, in one statement whatever their number. */
  touchSessions: (idHashes: readonly string[]) =>
    db
      .updateTable('auth_session')
      .set({ last_activity_at: sql<Date>`now()` })
      .where('id_hash', '=', sql<string>`any(${[...idHashes]}::text[])`)
      .execute(),

  listLiveSessions: (accountId: string, idleCutoff: Date) =>
    db
      .selectFrom('auth_session')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where((eb) => eb.or([eb('kind', '=', 'token'), eb('last_activity_at', '>', idleCutoff)]))
      .orderBy('last_activity_at', 'desc')
      .execute(),

  revokeSession: (idHash: string) =>
    db
      .updateTable('auth_session')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id_hash', '=', idHash)
      .where('revoked_at', 'is', null)
      .execute(),

  /** Revokes one session of an account by its public id; 0 when it is not that account's. */
  revokeSessionByPublicId: async (accountId: string, publicId: string) =>
    Number(
      (
        await db
          .updateTable('auth_session')
          .set({ revoked_at: sql<Date>`now()` })
          .where('account_id', '=', accountId)
          .where('public_id', '=', publicId)
          .where('revoked_at', 'is', null)
          .returning('id_hash')
          .execute()
      ).length,
    ),

  /** Revokes every session and token of an account, except `keepIdHash`; returns their hashes. */
  revokeAccountSessions: async (accountId: string, keepIdHash?: string) =>
    (
      await db
        .updateTable('auth_session')
        .set({ revoked_at: sql<Date>`now()` })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .$if(keepIdHash !== undefined, (query) => query.where('id_hash', '!=', keepIdHash!))
        .returning('id_hash')
        .execute()
    ).map((row) => row.id_hash),

  insertMagicLink: (link: {
    tokenHash: string;
    accountId: string;
    issuedBy: string;
    expiresAt: Date;
  }) =>
    // The link and the trainer's audit row commit together.
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('magic_link')
        .values({
          token_hash: link.tokenHash,
          account_id: link.accountId,
          issued_by: link.issuedBy,
          expires_at: link.expiresAt,
        })
        .execute();
      await recordTrainerAction(trx, {
        accountId: link.issuedBy,
        action: 'magic_link.issued',
        targetUuid: link.accountId,
        details: { expiresAt: link.expiresAt.toISOString() },
      });
    }),

  /**
   * Marks a link used if it is unused and unexpired, in one statement: two requests racing with
   * the same link cannot both succeed.
   */
  consumeMagicLink: (tokenHash: string) =>
    db
      .updateTable('magic_link')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['account_id'])
      .executeTakeFirst(),

  findMagicLink: (tokenHash: string) =>
    db
      .selectFrom('magic_link')
      .select(['used_at', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  async getOrCreateSetting(key: string, create: () => string): Promise<string> {
    await db
      .insertInto('instance_setting')
      .values({ key, value: create() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await db
      .selectFrom('instance_setting')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  },
});

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
export type LiveSession = Awaited<ReturnType<IdentityRepository['findLiveSessions']>>[number];
