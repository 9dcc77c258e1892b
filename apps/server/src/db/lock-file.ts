import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
    /** Whether that process is a server that takes online backups (`online-backup.ts`). */
    readonly servesBackups = false,
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
 * When a process started, in clock ticks since the machine booted (Linux), or null where the
 * system does not say. A pid is reused once its process is gone; the pair (pid, start) is not.
 */
export const processStartTime = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself:
    // the fields are counted from after its last ")". The start time is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
};

/** Whether the process that wrote a lock still runs: its pid lives and, where known, is it. */
const ownerRuns = (pid: number, started: unknown): boolean => {
  if (!isAlive(pid)) return false;
  if (typeof started !== 'string') return true;
  const now = processStartTime(pid);
  return now === null || now === started;
};

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * The lock is a file created exclusively, holding the owner's pid, start time and host; a lock
 * left by a process that no longer runs on this host is taken over, even when its pid has since
 * been given to another process (after a crash and a reboot, pids come round again).
 */
export const acquireDirectoryLock = (
  directory: string,
  options: { servesBackups?: boolean } = {},
): (() => void) => {
  fs.mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, 'rampart.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(
        lockPath,
        JSON.stringify({
          pid: process.pid,
          started: processStartTime(process.pid),
          host: os.hostname(),
          ...(options.servesBackups ? { servesBackups: true } : {}),
        }),
        {
          flag: 'wx',
        },
      );
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; started?: unknown; host?: string; servesBackups?: unknown } = {};
      try {
        owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof owner;
      } catch {
        // unreadable or half-written: treated as stale below
      }
      const pid = Number(owner.pid);
      if (
        Number.isInteger(pid) &&
        pid > 0 &&
        (owner.host !== os.hostname() || ownerRuns(pid, owner.started))
      ) {
        throw new DataDirectoryInUseError(directory, pid, owner.servesBackups === true);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${directory}`);
};
