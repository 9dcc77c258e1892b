import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { syncDirectory, syncFile } from '../../lib/private-file.js';
import { BackupError } from './pglite-backup.js';

/**
 * PostgreSQL's own tools do the work: `pg_dump --format=custom` and `pg_restore`. pg_dump must
 * be of the server's major version or newer (it refuses an older-than-server dump otherwise),
 * and pg_restore of pg_dump's. The password, if the URL has one, reaches them in PGPASSWORD
 * rather than on their command line, where every user of the machine could read it.
 */
const connectionOf = (url: string) => {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: install PostgreSQL's client tools (Debian: postgresql-client) of the server's major version or newer.`,
            )
          : error,
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const mismatch = /server version mismatch|unsupported version/i.test(errors)
        ? `\n${command} must be of the database server's major version or newer.`
        : '';
      reject(
        new BackupError(`${command} failed (exit code ${code}):\n${errors.trim()}${mismatch}`),
      );
    });
  });

export const dumpPostgres = async (url: string, file: string) => {
  const { dbname, env } = connectionOf(url);
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    fs.chmodSync(partial, 0o600);
    syncFile(partial);
    fs.renameSync(partial, file);
    syncDirectory(path.dirname(file));
  } finally {
    fs.rmSync(partial, { force: true });
  }
};

/** Tables the database already has in its public schema: a restore over them is refused. */
const tablesIn = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema = 'public'",
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
};

/** Every custom-format archive pg_dump writes starts with these bytes. */
const ARCHIVE_MAGIC = Buffer.from('PGDMP');

export const restorePostgres = async (url: string, file: string, options: { force: boolean }) => {
  let head: Buffer;
  try {
    const handle = fs.openSync(file, 'r');
    head = Buffer.alloc(ARCHIVE_MAGIC.length);
    fs.readSync(handle, head, 0, head.length, 0);
    fs.closeSync(handle);
  } catch {
    throw new BackupError(`There is no file ${file}.`);
  }
  if (!head.equals(ARCHIVE_MAGIC))
    throw new BackupError(
      `${file} is not a PostgreSQL backup: DATABASE_URL is set, and its backups are pg_dump archives (--format=custom).`,
    );
  const tables = await tablesIn(url);
  if (tables > 0 && !options.force)
    throw new BackupError(
      `The database of DATABASE_URL already has ${tables} tables: restore into a new, empty database (createdb), or add --force to replace them.`,
    );
  const { dbname, env } = connectionOf(url);
  await run(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(options.force ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
};
