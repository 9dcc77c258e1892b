import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DataDirectoryInUseError } from './lock-file.js';

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
