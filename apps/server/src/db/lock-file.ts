import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
    /** Whether that process is a server that takes online backups (`online-backup.ts`). */
    readonly servesBackups = false,
    /** The other host the process runs on, when it is not this one (a volume shared or moved). */
    readonly host: string | null = null,
  ) {
    super(
      host === null
        ? `The data directory ${directory} is already in use by another Rampart process (pid ${pid}). ` +
            'Stop that process, or set PGLITE_DIR to another directory.'
        : `The data directory ${directory} is in use by a Rampart process on host ${host} (pid ${pid}), ` +
            `which renewed its lock less than ${Math.round(LOCK_STALE_MS / 1000)} s ago. Stop it; ` +
            'if it is already gone (a container replaced after a crash), start again after that time.',
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
 * How often the holder renews its lock, and how long a lock written on another host may go
 * unrenewed before it is taken to be stale. Another host's pids say nothing here: a container
 * started again on the same volume has a new host name, and its predecessor is gone.
 */
export const LOCK_RENEW_MS = 10_000;
export const LOCK_STALE_MS = 60_000;

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * The lock is a file created exclusively, holding the owner's pid, start time and host, and
 * renewed (its modification time) every `LOCK_RENEW_MS` while held. A lock left by a process
 * that no longer runs on this host is taken over, even when its pid has since been given to
 * another process (after a crash and a reboot, pids come round again); a lock from another host
 * (a container replaced after a crash) is taken over once it has gone `LOCK_STALE_MS` without
 * renewal.
 */
export const acquireDirectoryLock = (
  directory: string,
  options: { servesBackups?: boolean; renewMs?: number; staleMs?: number } = {},
): (() => void) => {
  const renewMs = options.renewMs ?? LOCK_RENEW_MS;
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
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
      const renewal = setInterval(() => {
        const now = new Date();
        try {
          fs.utimesSync(lockPath, now, now);
        } catch {
          // gone (the directory was removed under us): nothing left to renew
        }
      }, renewMs);
      renewal.unref();
      return () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; started?: unknown; host?: string; servesBackups?: unknown } = {};
      let renewedAt = Date.now();
      try {
        renewedAt = fs.statSync(lockPath).mtimeMs;
        owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof owner;
      } catch {
        // unreadable or half-written: treated as stale below
      }
      const pid = Number(owner.pid);
      const held =
        owner.host === os.hostname()
          ? ownerRuns(pid, owner.started)
          : Date.now() - renewedAt < staleMs;
      if (Number.isInteger(pid) && pid > 0 && held) {
        throw new DataDirectoryInUseError(
          directory,
          pid,
          owner.servesBackups === true,
          owner.host === os.hostname() ? null : String(owner.host),
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${directory}`);
};
