import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acquireDirectoryLock,
  DataDirectoryInUseError,
  LOCK_STALE_MS,
  processStartTime,
} from './lock-file.js';

const directories: string[] = [];
const tempDir = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
  directories.push(directory);
  return directory;
};

afterEach(() => {
  for (const directory of directories.splice(0))
    fs.rmSync(directory, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, and frees the directory on release', () => {
    const directory = tempDir();
    const release = acquireDirectoryLock(directory);
    expect(() => acquireDirectoryLock(directory)).toThrow(DataDirectoryInUseError);
    release();
    const again = acquireDirectoryLock(directory);
    again();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const directory = tempDir();
    fs.writeFileSync(
      path.join(directory, 'rampart.lock'),
      JSON.stringify({ pid: 2_147_483_000, host: os.hostname() }),
    );
    const release = acquireDirectoryLock(directory);
    expect(JSON.parse(fs.readFileSync(path.join(directory, 'rampart.lock'), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
  });

  describe('a lock written on another host', () => {
    const writeForeignLock = (directory: string, renewedSecondsAgo: number) => {
      const lockPath = path.join(directory, 'rampart.lock');
      // A live pid of this machine, so that only the host and the renewal can decide.
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: 'rampart-old-pod' }));
      const at = new Date(Date.now() - renewedSecondsAgo * 1000);
      fs.utimesSync(lockPath, at, at);
      return lockPath;
    };

    it('is respected while its holder renews it', () => {
      const directory = tempDir();
      writeForeignLock(directory, 5);
      let refusal: unknown;
      try {
        acquireDirectoryLock(directory);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirectoryInUseError);
      expect((refusal as DataDirectoryInUseError).host).toBe('rampart-old-pod');
      expect((refusal as Error).message).toMatch(/host rampart-old-pod .* less than 60 s ago/);
    });

    it('is taken over once it went unrenewed for the stale time (a replaced container)', () => {
      const directory = tempDir();
      const lockPath = writeForeignLock(directory, LOCK_STALE_MS / 1000 + 5);
      const release = acquireDirectoryLock(directory);
      const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
      expect(owner).toMatchObject({ pid: process.pid, host: os.hostname() });
      release();
    });

    it('is renewed by its holder, so that another host never takes it over', async () => {
      const directory = tempDir();
      const release = acquireDirectoryLock(directory, { renewMs: 50 });
      const lockPath = path.join(directory, 'rampart.lock');
      const old = new Date(Date.now() - 3_600_000);
      fs.utimesSync(lockPath, old, old);
      await vi.waitFor(
        () => expect(fs.statSync(lockPath).mtimeMs).toBeGreaterThan(Date.now() - 60_000),
        { timeout: 10_000, interval: 50 },
      );
      release();
      expect(fs.existsSync(lockPath)).toBe(false);
    });
  });

  describe.runIf(processStartTime(process.pid) !== null)('a pid given to another process', () => {
    /** Another live process: the one the system gave the dead owner's pid to. */
    const otherProcess = async () => {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
        stdio: 'ignore',
      });
      await new Promise((resolve) => child.once('spawn', resolve));
      return child;
    };

    it('takes over a lock whose pid now belongs to a process started later', async () => {
      const directory = tempDir();
      const child = await otherProcess();
      try {
        const started = processStartTime(child.pid!)!;
        // The crashed owner had this pid, and started before the process that has it now.
        fs.writeFileSync(
          path.join(directory, 'rampart.lock'),
          JSON.stringify({
            pid: child.pid,
            started: String(Number(started) - 1),
            host: os.hostname(),
          }),
        );
        const release = acquireDirectoryLock(directory);
        const lock = JSON.parse(fs.readFileSync(path.join(directory, 'rampart.lock'), 'utf8'));
        expect(lock).toMatchObject({ pid: process.pid, started: processStartTime(process.pid) });
        release();
      } finally {
        child.kill('SIGKILL');
      }
    });

    it('still refuses the directory to a second process while its owner runs', async () => {
      const directory = tempDir();
      const child = await otherProcess();
      try {
        fs.writeFileSync(
          path.join(directory, 'rampart.lock'),
          JSON.stringify({
            pid: child.pid,
            started: processStartTime(child.pid!),
            host: os.hostname(),
          }),
        );
        expect(() => acquireDirectoryLock(directory)).toThrow(DataDirectoryInUseError);
      } finally {
        child.kill('SIGKILL');
      }
    });
  });

  it('takes over an unreadable lock file', () => {
    const directory = tempDir();
    fs.writeFileSync(path.join(directory, 'rampart.lock'), '{half');
    acquireDirectoryLock(directory)();
  });

  it('creates the directory when it does not exist', () => {
    const directory = path.join(tempDir(), 'nested', 'data');
    const release = acquireDirectoryLock(directory);
    expect(fs.existsSync(path.join(directory, 'rampart.lock'))).toBe(true);
    release();
  });
});
