import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGliteHandle } from '../database.js';
import { writePrivateFile } from '../../lib/private-file.js';
import { BackupError, dumpPGlite } from './pglite-backup.js';

/**
 * A backup of an embedded database while its server runs. PGlite is one process's: another
 * process opening the same files would corrupt them. So the backup command asks the server to
 * take it: it leaves a request in the data directory and sends the server SIGUSR2; the server
 * dumps its database between two transactions and leaves the backup beside the request. Only
 * who may write the data directory and signal the server (its user, or root) can ask, and the
 * backup never leaves the data directory but into the file the command names.
 */
const REQUESTS = 'backup-requests';
const ID = /^[0-9a-f-]{36}$/;

export const createBackupRequestServer = (
  dataDir: string,
  handle: PGliteHandle,
  keyText: () => string | null,
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  },
) => {
  const dir = path.join(dataDir, REQUESTS);
  let queue: Promise<void> = Promise.resolve();
  const serveAll = async () => {
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      const id = name.replace(/\.request$/, '');
      if (!name.endsWith('.request') || !ID.test(id)) continue;
      try {
        const backup = await dumpPGlite(handle, keyText());
        writePrivateFile(path.join(dir, `${id}.backup`), backup);
        log.info({ bytes: backup.length }, 'online backup taken');
      } catch (error) {
        log.error({ err: error }, 'online backup failed');
        writePrivateFile(
          path.join(dir, `${id}.failed`),
          Buffer.from(String((error as Error).message)),
        );
      } finally {
        fs.rmSync(path.join(dir, name), { force: true });
      }
    }
  };
  /** Takes the backups asked for; calls made meanwhile wait for the one running. */
  return () => (queue = queue.then(serveAll, serveAll));
};

/** Asks the server `pid` for a backup of its database, and waits for it. */
export const requestOnlineBackup = async (
  dataDir: string,
  pid: number,
  timeoutMs = 10 * 60_000,
): Promise<Buffer> => {
  const dir = path.join(dataDir, REQUESTS);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const request = path.join(dir, `${id}.request`);
  const done = path.join(dir, `${id}.backup`);
  const failed = path.join(dir, `${id}.failed`);
  fs.writeFileSync(request, '', { mode: 0o600 });
  try {
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (fs.existsSync(done)) return fs.readFileSync(done);
      if (fs.existsSync(failed))
        throw new BackupError(
          `The server could not take the backup: ${fs.readFileSync(failed, 'utf8')}`,
        );
      try {
        process.kill(pid, 0);
      } catch {
        throw new BackupError(`The server (pid ${pid}) stopped before taking the backup.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new BackupError(`The server (pid ${pid}) took no backup within ${timeoutMs / 1000} s.`);
  } finally {
    for (const file of [request, done, failed]) fs.rmSync(file, { force: true });
  }
};
