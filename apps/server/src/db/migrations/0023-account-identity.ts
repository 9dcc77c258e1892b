import { sql, type Kysely } from 'kysely';

/**
 * Accounts signed in through the organisation's OpenID provider. An account is found by the
 * provider's subject (stable, never reassigned), never by the e-mail or the username, which a
 * provider may let users change: keyed by issuer, subject and interface, since the player and
 * the trainer of one person are two accounts. A session opened through the provider says so,
 * for signing out of the provider too.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`create table account_identity (
    issuer text not null,
    subject text not null,
    role text not null check (role in ('player', 'trainer')),
    account_id uuid not null references account (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (issuer, subject, role)
  )`.execute(db);
  await sql`create index account_identity_account_idx on account_identity (account_id)`.execute(db);
  await sql`alter table auth_session add column via_provider boolean not null default false`.execute(
    db,
  );
};
