import { sql, type Kysely } from 'kysely';

/**
 * Lab VPN (docs/labs.md).
 *
 * `lab_vpn_gateway` holds the key pair of each team's gateway in a session: the same across the
 * session's environments, so a player's profile (which names the gateway's public key) keeps
 * working when the team's lab is released and made again.
 *
 * `lab_vpn_profile` holds one WireGuard profile per player and session, made when first asked.
 * Its private key is kept because the player may download the file again (another laptop, a lost
 * file); it is served only in that player's own download and never logged. `address_index` is
 * the player's tunnel host number in the team's range: unique per team, so two players asking
 * at once meet on the index and one of them takes the next number. `peer_environment_id` is the
 * environment whose gateway last learnt the player's key: another live environment means the key
 * must be taught to it. `lab_cidr` and `endpoint_port` are what that environment's provider
 * answered: the network the tunnel leads to, and the UDP port its gateway is reached on when the
 * provider gives each environment its own (null: the configured endpoint's).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('lab_vpn_gateway')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('lab_vpn_gateway_pk', ['session_uuid', 'team_uuid'])
    .execute();

  await db.schema
    .createTable('lab_vpn_profile')
    .addColumn('session_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session.uuid').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('team_uuid', 'uuid', (c) =>
      c.notNull().references('gaming_session_team.uuid').onDelete('cascade'),
    )
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('address_index', 'integer', (c) => c.notNull())
    .addColumn('lab_cidr', 'text')
    .addColumn('endpoint_port', 'integer')
    .addColumn('peer_environment_id', 'uuid', (c) =>
      c.references('lab_environment.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('lab_vpn_profile_pk', ['session_uuid', 'account_id'])
    .execute();
  await sql`create unique index lab_vpn_profile_address_idx on lab_vpn_profile (session_uuid, team_uuid, address_index)`.execute(
    db,
  );
};
