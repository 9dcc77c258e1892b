import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPGlite, type PGliteHandle } from './database.js';

/** The files behind the descriptors `fsync` was called on since the spy was set. */
const syncedFiles = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([descriptor]) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${String(descriptor)}`);
    } catch {
      return '(closed)';
    }
  });

describe.skipIf(process.platform !== 'linux')('embedded database on disk: durability', () => {
  let directory: string;
  let handle: PGliteHandle;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-durable-'));
    handle = await openPGlite(directory);
    await sql`create table probe (id int primary key, note text)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('runs PostgreSQL with fsync on', async () => {
    const { rows } = await sql<{ fsync: string }>`show fsync`.execute(handle.db);
    expect(rows[0]!.fsync).toBe('on');
  });

  it('has the write-ahead log on disk before a commit is acknowledged', async () => {
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into probe (id, note) values (1, 'kept')`.execute(trx);
        // Nothing is flushed while the transaction is open...
        expect(syncedFiles(fsync).filter((file) => file.includes('pg_wal'))).toEqual([]);
      });
      // ...and the log segment holding its commit is, once the commit returned.
      const synced = syncedFiles(fsync);
      expect(synced.some((file) => file.startsWith(path.join(directory, 'pglite', 'pg_wal')))).toBe(
        true,
      );
    } finally {
      fsync.mockRestore();
    }
  });

  it('flushes the data files at a checkpoint', async () => {
    await sql`insert into probe (id, note) values (2, 'checkpointed')`.execute(handle.db);
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      await sql`checkpoint`.execute(handle.db);
      const base = path.join(directory, 'pglite', 'base');
      expect(syncedFiles(fsync).some((file) => file.startsWith(base))).toBe(true);
    } finally {
      fsync.mockRestore();
    }
  });
});
