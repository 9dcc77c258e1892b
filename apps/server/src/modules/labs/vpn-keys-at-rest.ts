import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isSealed, type SecretBox } from '../../lib/secret-box.js';
import { createStoredKeysRepository } from './stored-keys.repository.js';

/**
 * Brings every stored WireGuard private key under the box's current key, in one transaction:
 * keys still in clear (stored before sealing existed) are sealed, keys sealed with another key
 * of the ring (a rotation interrupted after the new key was saved) are sealed again. A key
 * sealed with a key the ring lacks throws a SecretKeyError and nothing changes: a server
 * started with the wrong SECRET_KEY stops with that error instead of serving garbage. Run at
 * every start; once everything is sealed with the current key, it reads no row.
 */
export const sealStoredKeys = async (db: Kysely<Database>, secrets: SecretBox) => {
  const repo = createStoredKeysRepository();
  return db.transaction().execute(async (trx) => {
    const stale = await repo.lockKeysNotSealedWith(trx, secrets.current.id);
    let sealed = 0;
    for (const key of stale) {
      const clear = isSealed(key.privateKey) ? secrets.open(key.privateKey) : key.privateKey;
      await repo.updateKey(trx, key, secrets.seal(clear));
      sealed += 1;
    }
    return { sealed };
  });
};

/**
 * Seals every stored private key again, `from` (the old key) to `to` (the new one), in one
 * transaction: all of them or, on the first one `from` cannot open, none. Keys already sealed
 * with the new key (a rotation run twice) are left as they are.
 */
export const rotateStoredKeys = async (db: Kysely<Database>, from: SecretBox, to: SecretBox) => {
  const repo = createStoredKeysRepository();
  return db.transaction().execute(async (trx) => {
    const stale = await repo.lockKeysNotSealedWith(trx, to.current.id);
    for (const key of stale) {
      const clear = isSealed(key.privateKey) ? from.open(key.privateKey) : key.privateKey;
      await repo.updateKey(trx, key, to.seal(clear));
    }
    return { resealed: stale.length };
  });
};
