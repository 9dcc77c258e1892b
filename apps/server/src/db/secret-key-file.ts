import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import {
  generateSecretKey,
  parseSecretKey,
  SecretKeyError,
  type SecretKey,
} from '../lib/secret-box.js';
import { writePrivateFile } from '../lib/private-file.js';

/** On the embedded database without SECRET_KEY: the key, made at first start, beside the data. */
export const SECRET_KEY_FILE = 'secret-key';
/** The key a rotation replaced, kept until every stored secret is sealed with the new one. */
export const PREVIOUS_SECRET_KEY_FILE = 'secret-key.previous';

const readKeyFile = (file: string): SecretKey => {
  try {
    return parseSecretKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error instanceof SecretKeyError)
      throw new SecretKeyError(`${file} does not hold a secret key: ${error.message}`);
    throw error;
  }
};

/** Writes a key file readable by this user only, replacing any at once, on disk when it returns. */
export const writeKeyFile = (file: string, key: string) => writePrivateFile(file, `${key}\n`);

/**
 * The keys that seal secrets at rest, the one that seals first: SECRET_KEY when set; on the
 * embedded database without it, the data directory's key file, made at the first start (mode
 * 0600), and the previous key a rotation may have left beside it. PostgreSQL needs SECRET_KEY
 * (config.ts refuses to start without it): several nodes must share one key, and a file on one
 * of them would be lost with it.
 */
export const loadSecretKeys = (config: Config): SecretKey[] => {
  if (config.secretKey) return [parseSecretKey(config.secretKey)];
  if (config.database.kind !== 'pglite')
    throw new SecretKeyError('SECRET_KEY is required with DATABASE_URL');
  const dir = config.database.dataDir;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SECRET_KEY_FILE);
  if (!fs.existsSync(file)) {
    try {
      writePrivateFile(file, `${generateSecretKey()}\n`, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const previous = path.join(dir, PREVIOUS_SECRET_KEY_FILE);
  return [readKeyFile(file), ...(fs.existsSync(previous) ? [readKeyFile(previous)] : [])];
};

/** Forgets the previous key once nothing is sealed with it any more. */
export const dropPreviousKeyFile = (config: Config) => {
  if (config.secretKey || config.database.kind !== 'pglite') return;
  fs.rmSync(path.join(config.database.dataDir, PREVIOUS_SECRET_KEY_FILE), { force: true });
};
