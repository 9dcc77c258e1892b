import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { protocol } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.js';
import { openPGlite, type PGliteHandle } from './database.js';
import { openPGliteThread } from './pglite-thread.js';
import { testDatabaseKind } from '../../test/database.js';

describe.skipIf(testDatabaseKind() !== 'pglite')('embedded database on a thread of its own', () => {
  let handle: PGliteHandle;

  beforeAll(async () => {
    handle = await openPGlite(null);
    await sql`create table probe (id uuid primary key, tags text[], owners uuid[], n int8)`.execute(
      handle.db,
    );
  });

  afterAll(async () => {
    await handle.close();
  });

  it("keeps the server's thread free while the database works", async () => {
    const ticks: string[] = [];
    const slow = sql`select pg_sleep(0.4)`.execute(handle.db).then(() => ticks.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    ticks.push('timer');
    await slow;
    // In the server's thread the timer would fire only once the query had ended.
    expect(ticks).toEqual(['timer', 'query']);
  });

  it('reads arrays, int8 and uuids as PGlite in the same thread would', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const owner = '00000000-0000-4000-8000-000000000002';
    await sql`insert into probe (id, tags, owners, n) values (${id}, ${['a', 'b,c']}, ${[owner]}, ${9_007_199_254})`.execute(
      handle.db,
    );
    const { rows } = await sql<{
      id: string;
      tags: string[];
      owners: string[];
      n: number;
    }>`select id, tags, owners, n from probe where id = ${id}`.execute(handle.db);
    expect(rows).toEqual([{ id, tags: ['a', 'b,c'], owners: [owner], n: 9_007_199_254 }]);
  });

  it('gives the database error with its code and constraint', async () => {
    const id = '00000000-0000-4000-8000-000000000003';
    await sql`insert into probe (id) values (${id})`.execute(handle.db);
    const error = await sql`insert into probe (id) values (${id})`
      .execute(handle.db)
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    // The connection goes on after the error.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("never takes Node's pooled buffers away from the server's thread", async () => {
    const sibling = Buffer.from('still readable');
    const message = Buffer.from(protocol.serialize.query('select 1'));
    expect(message.buffer).toBe(sibling.buffer); // both in the same pool slab
    await handle.client.execProtocol(message);
    expect(sibling.toString()).toBe('still readable');
    expect(message.byteLength).toBeGreaterThan(0);
  });

  it('dumps a database that another one starts from', async () => {
    const dump = await handle.client.dumpDataDir('none');
    const copy = await openPGlite(null, { template: dump });
    try {
      const { rows } = await sql<{ count: number }>`select count(*) as count from probe`.execute(
        copy.db,
      );
      expect(rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });

  it('says the database is unavailable once it is closed', async () => {
    const client = await openPGliteThread({});
    await client.close();
    const error = await client.query('select 1').catch((failure: unknown) => failure);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('keeps the data of a database on disk from one opening to the next', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-thread-'));
    try {
      const first = await openPGlite(dir);
      await sql`create table kept (note text)`.execute(first.db);
      await sql`insert into kept values (${'still here'})`.execute(first.db);
      await first.close();
      const second = await openPGlite(dir);
      const { rows } = await sql<{ note: string }>`select note from kept`.execute(second.db);
      await second.close();
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a script end once its queries are done, and not before', () => {
    // An idle thread must not keep a process alive, and a query in flight must.
    const script = `
      const { openPGlite } = await import(${JSON.stringify(path.resolve('apps/server/src/db/database.ts'))});
      const handle = await openPGlite(null);
      const { rows } = await handle.client.query('select 41 + 1 as answer');
      console.log(rows[0].answer);
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('42');
    expect(run.status).toBe(0);
  });
});
