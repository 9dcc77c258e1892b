import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { syncDirectory, writePrivateFile } from '../../lib/private-file.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { sealStoredKeys } from '../../modules/labs/vpn-keys-at-rest.js';
import { openPGlite, type PGliteHandle } from '../database.js';
import { acquireDirectoryLock } from '../lock-file.js';
import { migrateToLatest } from '../migrate.js';
import { loadSecretKeys, SECRET_KEY_FILE } from '../secret-key-file.js';
import { readTar, TarError, writeTar } from './tar.js';

/**
 * A backup of the embedded database is a gzip-compressed tar of three files:
 * `rampart-backup.json` (what it is), `pgdata.tar` (PGlite's dump of its data directory) and,
 * when the deployment has no SECRET_KEY, `secret-key` (the data directory's key, without which
 * the stored secrets would not open).
 */
const MANIFEST = 'rampart-backup.json';
const PGDATA = 'pgdata.tar';
const FORMAT = 'rampart-backup';
const FORMAT_VERSION = 1;
/** Where PGlite keeps its files inside Rampart's data directory (`database.ts`). */
const PGLITE_SUBDIR = 'pglite';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface Manifest {
  format: typeof FORMAT;
  version: number;
  database: 'pglite';
  createdAt: string;
  /** The last migration the database had: a Rampart that lacks it cannot restore the backup. */
  migration: string | null;
}

export const hasEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, PGLITE_SUBDIR, 'PG_VERSION'));

/** The data directory's key when the deployment uses it (no SECRET_KEY), else null. */
export const embeddedKeyText = (config: Config) => {
  if (config.secretKey || config.database.kind !== 'pglite') return null;
  const file = path.join(config.database.dataDir, SECRET_KEY_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
};

/**
 * Dumps an open embedded database into a backup. The dump is taken holding the database's one
 * connection, after a checkpoint: no transaction is half done in it, and the data files hold
 * everything committed.
 */
export const dumpPGlite = async (handle: PGliteHandle, keyText: string | null) => {
  const { pgdata, migration } = await handle.db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    const last = await sql<{ name: string }>`
      select name from schema_migration order by name desc limit 1`.execute(connection);
    const dump = await handle.client.dumpDataDir('none');
    return { pgdata: Buffer.from(await dump.arrayBuffer()), migration: last.rows[0]?.name ?? null };
  });
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    database: 'pglite',
    createdAt: new Date().toISOString(),
    migration,
  };
  return gzipSync(
    writeTar([
      { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: PGDATA, data: pgdata },
      ...(keyText ? [{ name: SECRET_KEY_FILE, data: Buffer.from(`${keyText}\n`) }] : []),
    ]),
  );
};

/** Reads and checks a backup file; a file that is not one is refused with what is wrong. */
export const readBackup = (file: string) => {
  const notOne = (why: string) => new BackupError(`${file} is not a Rampart backup: ${why}.`);
  let archive: Buffer;
  try {
    archive = gunzipSync(fs.readFileSync(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`There is no file ${file}.`);
    throw notOne('it is not gzip-compressed, or it is damaged');
  }
  let entries;
  try {
    entries = readTar(archive);
  } catch (error) {
    if (error instanceof TarError) throw notOne(error.message);
    throw error;
  }
  const entry = (name: string) => entries.find((candidate) => candidate.name === name)?.data;
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(Buffer.from(entry(MANIFEST) ?? '').toString('utf8')) as Manifest;
  } catch {
    throw notOne(`it has no ${MANIFEST}`);
  }
  if (manifest.format !== FORMAT) throw notOne(`its ${MANIFEST} is another program's`);
  if (manifest.version !== FORMAT_VERSION)
    throw new BackupError(
      `${file} is a Rampart backup of format ${String(manifest.version)}, which this Rampart does not read: restore it with a newer Rampart.`,
    );
  const pgdata = entry(PGDATA);
  if (!pgdata || !Buffer.from(pgdata).includes('PG_VERSION'))
    throw notOne(`it holds no database (${PGDATA})`);
  const key = entry(SECRET_KEY_FILE);
  return {
    manifest: manifest as Manifest,
    pgdata,
    secretKey: key ? Buffer.from(key).toString('utf8').trim() : null,
  };
};

/** The entries of a data directory besides its lock: what a restore would replace. */
const contentsOf = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name !== 'rampart.lock') : [];

/**
 * Restores a backup into the configured data directory. Refused when the directory holds
 * anything unless `force`; the backup is restored beside it first, opened, migrated and its
 * secrets checked, and only then moved in: a backup that does not restore leaves the data
 * directory as it was. The directory stays locked throughout, so no server starts on it
 * halfway.
 */
export const restorePGlite = async (config: Config, file: string, options: { force: boolean }) => {
  if (config.database.kind !== 'pglite') throw new Error('not the embedded database');
  const backup = readBackup(file);
  const target = config.database.dataDir;
  const releaseTarget = acquireDirectoryLock(target);
  const staging = `${target}.restoring-${randomUUID().slice(0, 8)}`;
  const replaced = `${target}.replaced-${randomUUID().slice(0, 8)}`;
  try {
    const existing = contentsOf(target);
    if (existing.length > 0 && !options.force)
      throw new BackupError(
        `The data directory ${target} is not empty: restore into a new directory (PGLITE_DIR), or add --force to replace what it holds.`,
      );
    fs.mkdirSync(staging, { mode: 0o700 });
    if (backup.secretKey)
      writePrivateFile(path.join(staging, SECRET_KEY_FILE), Buffer.from(`${backup.secretKey}\n`));
    const stagingConfig: Config = { ...config, database: { kind: 'pglite', dataDir: staging } };
    let handle: PGliteHandle;
    try {
      handle = await openPGlite(staging, { template: new Blob([backup.pgdata]) });
    } catch (error) {
      throw new BackupError(
        `${file} does not open as a database: ${(error as Error).message ?? String(error)}`,
      );
    }
    let migration: string | null;
    try {
      await migrateToLatest(handle.db);
      // Proves the stored secrets open with the key the restored server will use.
      await sealStoredKeys(handle.db, createSecretBox(loadSecretKeys(stagingConfig)));
      const last = await sql<{ name: string }>`
        select name from schema_migration order by name desc limit 1`.execute(handle.db);
      migration = last.rows[0]?.name ?? null;
    } finally {
      await handle.close();
    }
    if (existing.length > 0) {
      fs.mkdirSync(replaced, { mode: 0o700 });
      for (const name of existing)
        fs.renameSync(path.join(target, name), path.join(replaced, name));
    }
    for (const name of contentsOf(staging))
      fs.renameSync(path.join(staging, name), path.join(target, name));
    syncDirectory(target);
    fs.rmSync(replaced, { recursive: true, force: true });
    return { manifest: backup.manifest, migration, keyRestored: backup.secretKey !== null };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    releaseTarget();
  }
};
