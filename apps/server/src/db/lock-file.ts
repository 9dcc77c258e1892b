import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${directory} is already in use by another Rampart process (pid ${pid}). ` +
        'Stop that process, or set PGLITE_DIR to another directory.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * The lock is a file created exclusively, holding the owner's pid and host; a lock left by a
 * process that no longer runs on this host is taken over.
 */
export const acquireDirectoryLock = (directory: string): (() => void) => {
  fs.mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, 'rampart.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: os.hostname() }), {
        flag: 'wx',
      });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof owner;
      } catch {
        // unreadable or half-written: treated as stale below
      }
      const pid = Number(owner.pid);
      if (Number.isInteger(pid) && pid > 0 && (owner.host !== os.hostname() || isAlive(pid))) {
        throw new DataDirectoryInUseError(directory, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${directory}`);
};
