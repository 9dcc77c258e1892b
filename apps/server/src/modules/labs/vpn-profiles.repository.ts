import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LabVpnProfileTable } from '../../db/schema.js';
import { isSealed, type SecretBox } from '../../lib/secret-box.js';
import type { WireguardKeyPair } from './wireguard-keys.js';

type Db = Kysely<Database> | Transaction<Database>;

export type VpnProfileRow = Selectable<LabVpnProfileTable>;

/** How many times a profile is tried at the next free address when teammates race for one. */
const ADDRESS_ATTEMPTS = 5;

/**
 * The SQL of VPN gateway keys and players' profiles (0015-lab-vpn). Private keys are sealed with
 * the deployment's SECRET_KEY on their way in and opened on their way out: the rest of Rampart
 * only sees them in clear. A key still in clear (written before sealing existed, until the
 * start-up step seals it) reads as it is.
 */
export const createVpnProfilesRepository = (db: Kysely<Database>, secrets: SecretBox) => {
  const openKey = <Row extends { private_key: string }>(row: Row): Row => ({
    ...row,
    private_key: isSealed(row.private_key) ? secrets.open(row.private_key) : row.private_key,
  });
  return {
    /** The team's gateway keys in the session, made with `keys` the first time. */
    async ensureGateway(
      sessionUuid: string,
      teamUuid: string,
      keys: () => WireguardKeyPair,
      now: Date,
    ) {
      const { privateKey, publicKey } = keys();
      await db
        .insertInto('lab_vpn_gateway')
        .values({
          session_uuid: sessionUuid,
          team_uuid: teamUuid,
          private_key: secrets.seal(privateKey),
          public_key: publicKey,
          created_at: now,
        })
        .onConflict((c) => c.doNothing())
        .execute();
      return openKey(
        await db
          .selectFrom('lab_vpn_gateway')
          .selectAll()
          .where('session_uuid', '=', sessionUuid)
          .where('team_uuid', '=', teamUuid)
          .executeTakeFirstOrThrow(),
      );
    },

    findProfile: async (sessionUuid: string, accountId: string, executor: Db = db) => {
      const row = await executor
        .selectFrom('lab_vpn_profile')
        .selectAll()
        .where('session_uuid', '=', sessionUuid)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row && openKey(row);
    },

    deleteProfile: (sessionUuid: string, accountId: string) =>
      db
        .deleteFrom('lab_vpn_profile')
        .where('session_uuid', '=', sessionUuid)
        .where('account_id', '=', accountId)
        .execute(),

    /**
     * The player's profile, made at the team's next free address the first time; null when the
     * team's range is full. A teammate taking the same address at once makes the insert do
     * nothing: it is tried again at the next one.
     */
    async ensureProfile(
      profile: { sessionUuid: string; accountId: string; teamUuid: string; now: Date },
      keys: () => WireguardKeyPair,
      maxAddresses: number,
    ): Promise<VpnProfileRow | null> {
      for (let attempt = 0; attempt < ADDRESS_ATTEMPTS; attempt += 1) {
        const existing = await this.findProfile(profile.sessionUuid, profile.accountId);
        if (existing) return existing;
        const taken = await db
          .selectFrom('lab_vpn_profile')
          .select('address_index')
          .where('session_uuid', '=', profile.sessionUuid)
          .where('team_uuid', '=', profile.teamUuid)
          .execute();
        const used = new Set(taken.map((row) => row.address_index));
        let index = 0;
        while (used.has(index)) index += 1;
        if (index >= maxAddresses) return null;
        const { privateKey, publicKey } = keys();
        await db
          .insertInto('lab_vpn_profile')
          .values({
            session_uuid: profile.sessionUuid,
            account_id: profile.accountId,
            team_uuid: profile.teamUuid,
            private_key: secrets.seal(privateKey),
            public_key: publicKey,
            address_index: index,
            created_at: profile.now,
          })
          .onConflict((c) => c.doNothing())
          .execute();
      }
      return (await this.findProfile(profile.sessionUuid, profile.accountId)) ?? null;
    },

    /** The environment whose gateway now knows the player's key, and how it is reached. */
    markPeer: (
      sessionUuid: string,
      accountId: string,
      environmentId: string,
      gateway: { labCidr: string; endpointPort: number | null },
    ) =>
      db
        .updateTable('lab_vpn_profile')
        .set({
          peer_environment_id: environmentId,
          lab_cidr: gateway.labCidr,
          endpoint_port: gateway.endpointPort,
        })
        .where('session_uuid', '=', sessionUuid)
        .where('account_id', '=', accountId)
        .execute(),
  };
};

export type VpnProfilesRepository = ReturnType<typeof createVpnProfilesRepository>;
