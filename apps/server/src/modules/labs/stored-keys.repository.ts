import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The tables that hold WireGuard private keys, and the columns that name a row of each. */
const KEY_TABLES = {
  lab_vpn_gateway: ['session_uuid', 'team_uuid'],
  lab_vpn_profile: ['session_uuid', 'account_id'],
} as const;

export type KeyTable = keyof typeof KEY_TABLES;

export interface StoredKey {
  table: KeyTable;
  /** The row's primary key, in the order of KEY_TABLES. */
  id: [string, string];
  privateKey: string;
}

/** The SQL of the private keys at rest, table by table (0015-lab-vpn), for sealing and rotation. */
export const createStoredKeysRepository = () => ({
  /**
   * Every stored private key not sealed with `keyId` (every one when null), locked until the
   * transaction ends so that a node sealing them at the same time waits and then finds none.
   */
  async lockKeysNotSealedWith(trx: Transaction<Database>, keyId: string | null) {
    const found: StoredKey[] = [];
    for (const [table, [first, second]] of Object.entries(KEY_TABLES) as [
      KeyTable,
      readonly [string, string],
    ][]) {
      const { rows } = await sql<{ a: string; b: string; private_key: string }>`
        select ${sql.ref(first)} as a, ${sql.ref(second)} as b, private_key
        from ${sql.table(table)}
        where ${keyId === null ? sql`true` : sql`private_key not like ${`rs1:${keyId}:%`}`}
        order by 1, 2
        for update`.execute(trx);
      for (const row of rows)
        found.push({ table, id: [row.a, row.b], privateKey: row.private_key });
    }
    return found;
  },

  async updateKey(trx: Transaction<Database>, key: StoredKey, privateKey: string) {
    const [first, second] = KEY_TABLES[key.table];
    await sql`
      update ${sql.table(key.table)} set private_key = ${privateKey}
      where ${sql.ref(first)} = ${key.id[0]} and ${sql.ref(second)} = ${key.id[1]}`.execute(trx);
  },
});
