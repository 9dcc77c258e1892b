import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import {
  PREVIOUS_SECRET_KEY_FILE,
  SECRET_KEY_FILE,
  dropPreviousKeyFile,
  loadSecretKeys,
  writeKeyFile,
} from '../db/secret-key-file.js';
import {
  createSecretBox,
  generateSecretKey,
  parseSecretKey,
  SecretKeyError,
} from '../lib/secret-box.js';
import { rotateStoredKeys, sealStoredKeys } from '../modules/labs/vpn-keys-at-rest.js';

/**
 * Seals every stored secret again with a new key, in one transaction. The old key is the one
 * the server uses (SECRET_KEY, else the data directory's file); the new one `newKey`, else one
 * made here. On the embedded database without SECRET_KEY, the new key replaces the data
 * directory's file, the old one kept beside it until the transaction has committed: a rotation
 * cut short either left every secret under the old key, or the next start finishes it.
 */
export const rotateSecretKey = async (
  config: Config,
  db: Kysely<Database>,
  newKey: string | undefined,
) => {
  const from = createSecretBox(loadSecretKeys(config));
  // A rotation cut short before: finished first, so that only one old key is ever in play.
  await sealStoredKeys(db, from);
  dropPreviousKeyFile(config);

  const next = newKey?.trim() || generateSecretKey();
  const to = createSecretBox([parseSecretKey(next)]);
  if (to.current.id === from.current.id)
    throw new SecretKeyError('NEW_SECRET_KEY is the key in use: nothing to rotate');
  const keepsFile = !config.secretKey && config.database.kind === 'pglite';
  let kept: string | null = null;
  if (keepsFile && config.database.kind === 'pglite') {
    const file = path.join(config.database.dataDir, SECRET_KEY_FILE);
    writeKeyFile(
      path.join(config.database.dataDir, PREVIOUS_SECRET_KEY_FILE),
      fs.readFileSync(file, 'utf8').trim(),
    );
    writeKeyFile(file, next);
    kept = file;
  }
  const { resealed } = await rotateStoredKeys(db, from, to);
  dropPreviousKeyFile(config);
  return {
    resealed,
    keyId: to.current.id,
    kept,
    generated: !kept && !newKey?.trim() ? next : null,
  };
};
