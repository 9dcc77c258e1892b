import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { requestOnlineBackup } from '../db/backup/online-backup.js';
import {
  BackupError,
  dumpPGlite,
  embeddedKeyText,
  hasEmbeddedDatabase,
  restorePGlite,
} from '../db/backup/pglite-backup.js';
import { dumpPostgres, restorePostgres } from '../db/backup/postgres-backup.js';
import { openPGlite, openPostgres } from '../db/database.js';
import { DataDirectoryInUseError } from '../db/lock-file.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadSecretKeys } from '../db/secret-key-file.js';
import { writePrivateFile } from '../lib/private-file.js';
import { createSecretBox } from '../lib/secret-box.js';
import { sealStoredKeys } from '../modules/labs/vpn-keys-at-rest.js';

/**
 * `backup <file>`: on PostgreSQL, pg_dump's archive; on the embedded database, a dump of it,
 * taken by this command when no server runs on the data directory and asked of the server
 * when one does (`online-backup.ts`).
 */
export const backup = async (config: Config, file: string) => {
  if (config.database.kind === 'postgres') {
    await dumpPostgres(config.database.url, file);
    return `PostgreSQL backup written to ${file} (pg_dump, custom format).`;
  }
  const { dataDir } = config.database;
  if (!hasEmbeddedDatabase(dataDir))
    throw new BackupError(`There is no embedded database in ${dataDir} (PGLITE_DIR).`);
  let taken: Buffer;
  let how: string;
  try {
    const handle = await openPGlite(dataDir);
    try {
      taken = await dumpPGlite(handle, embeddedKeyText(config));
    } finally {
      await handle.close();
    }
    how = 'no server was running on it';
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    if (!error.servesBackups)
      throw new BackupError(
        `The data directory ${dataDir} is in use by another process (pid ${error.pid}) that takes no online backup, an admin command perhaps: wait for it to end, or stop it.`,
      );
    taken = await requestOnlineBackup(dataDir, error.pid);
    how = `taken by the running server, pid ${error.pid}`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writePrivateFile(file, taken);
  const key = embeddedKeyText(config)
    ? ' It holds the data directory’s secret key: keep it as safe as the data directory.'
    : '';
  return `Backup of ${dataDir} written to ${file} (${taken.length} bytes, ${how}).${key}`;
};

/**
 * `restore <file> [--force]`: into the configured database, which must be empty unless
 * `force`; the restored database is opened, migrated and its stored secrets checked against
 * the key the server will use.
 */
export const restore = async (config: Config, file: string, options: { force: boolean }) => {
  if (config.database.kind === 'postgres') {
    await restorePostgres(config.database.url, file, options);
    const handle = openPostgres(config.database.url, 2, { warn: () => {} });
    try {
      await migrateToLatest(handle.db);
      await sealStoredKeys(handle.db, createSecretBox(loadSecretKeys(config)));
    } finally {
      await handle.close();
    }
    return `Restored ${file} into the database of DATABASE_URL; it opens and is migrated.`;
  }
  const restored = await restorePGlite(config, file, options);
  return (
    `Restored ${file} (taken ${restored.manifest.createdAt}) into ${config.database.dataDir}; ` +
    `it opens and is migrated (${restored.migration ?? 'no migration'}).` +
    (restored.keyRestored ? ' Its secret key is back in the data directory.' : '')
  );
};
