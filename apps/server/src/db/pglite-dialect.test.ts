import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGliteHandle } from './database.js';
import { createTestDatabase, testDatabaseKind } from '../../test/database.js';

const prepared = async (handle: PGliteHandle) =>
  (
    await handle.client.query<{ name: string; statement: string }>(
      `select name, statement from pg_prepared_statements where name like 'rampart_%'`,
    )
  ).rows;

describe.skipIf(testDatabaseKind() !== 'pglite')('embedded database: prepared statements', () => {
  let handle: PGliteHandle;

  beforeAll(async () => {
    handle = (await createTestDatabase('pglite')) as unknown as PGliteHandle;
    await sql`create table probe (id int primary key, note text)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.close();
  });

  it('prepares a query once and runs it again from the same statement', async () => {
    const read = (id: number) =>
      sql<{ note: string }>`select note from probe where id = ${id}`.execute(handle.db);
    await sql`insert into probe (id, note) values (${1}, ${'one'}), (${2}, ${'two'})`.execute(
      handle.db,
    );
    expect((await read(1)).rows).toEqual([{ note: 'one' }]);
    expect((await read(2)).rows).toEqual([{ note: 'two' }]);
    const statements = (await prepared(handle)).filter((row) =>
      row.statement.startsWith('select note from probe'),
    );
    expect(statements).toHaveLength(1);
  });

  it('serialises parameters by the types the statement declares', async () => {
    const { rows } = await sql<{ at: Date; flag: boolean; doc: { a: number[] }; nothing: null }>`
      select ${new Date('2026-01-02T03:04:05.000Z')}::timestamptz as at, ${true}::boolean as flag,
        ${JSON.stringify({ a: [1, 2] })}::jsonb as doc, ${null}::text as nothing`.execute(
      handle.db,
    );
    expect(rows[0]).toEqual({
      at: new Date('2026-01-02T03:04:05.000Z'),
      flag: true,
      doc: { a: [1, 2] },
      nothing: null,
    });
    const bytes = Buffer.from([0, 1, 127, 128, 254, 255]).subarray(1);
    const { rows: binary } = await sql<{ bin: Uint8Array; length: number }>`
      select ${bytes}::bytea as bin, length(${bytes}::bytea) as length`.execute(handle.db);
    expect([...binary[0]!.bin]).toEqual([1, 127, 128, 254, 255]);
    expect(binary[0]!.length).toBe(5);
  });

  it('sends jsonb whole, whatever its characters and size', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ i, name: `Équipe 🚩 ${i} « ok »` }));
    const { rows: read } = await sql<{ i: number; name: string }>`
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(i int, name text)
      order by i`.execute(handle.db);
    expect(read).toEqual(rows);
    const { rows: object } = await sql<{
      doc: unknown;
    }>`select ${{ a: 'é' }}::jsonb as doc`.execute(handle.db);
    expect(object[0]!.doc).toEqual({ a: 'é' });
  });

  it('opens a transaction with its first statement, at the isolation level asked', async () => {
    const level = await handle.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (
            await sql<{
              level: string;
            }>`select current_setting('transaction_isolation') as level`.execute(trx)
          ).rows[0]!.level,
      );
    expect(level).toBe('serializable');
    // A transaction that ran nothing leaves nothing open behind it.
    await handle.db.transaction().execute(async () => {});
    expect(handle.client.isInTransaction()).toBe(false);
    const outside = await sql<{
      level: string;
    }>`select current_setting('transaction_isolation') as level`.execute(handle.db);
    expect(outside.rows[0]!.level).toBe('read committed');
  });

  it('reads an answer of megabytes whole, its multi-byte characters intact', async () => {
    // The engine hands its answer over in chunks; a character may straddle two of them.
    const { rows } = await sql<{ i: number; text: string }>`
      select i, repeat('é🚩', 2000) || i as text from generate_series(1, 300) as i`.execute(
      handle.db,
    );
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => row.text === 'é🚩'.repeat(2000) + row.i)).toBe(true);
  });

  it('keeps the details of a failed statement: constraint, table, detail', async () => {
    const failure = await sql`insert into probe (id, note) values (${1}, ${'again'})`
      .execute(handle.db)
      .catch((error: Record<string, unknown>) => error);
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'probe_pkey',
      table: 'probe',
      detail: 'Key (id)=(1) already exists.',
    });
    // The connection goes on after the failure.
    const { rows } = await sql`select note from probe where id = ${1}`.execute(handle.db);
    expect(rows).toEqual([{ note: 'one' }]);
  });

  it('keeps the error code of a failed statement, and the transaction rolls back', async () => {
    const failure = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into probe (id, note) values (${3}, ${'three'})`.execute(trx);
        await sql`insert into probe (id, note) values (${1}, ${'again'})`.execute(trx);
      })
      .catch((error: { code?: string }) => error.code);
    expect(failure).toBe('23505');
    const { rows } = await sql`select id from probe where id = ${3}`.execute(handle.db);
    expect(rows).toEqual([]);
  });

  it('forgets its statements after DDL, so `select *` sees a new column', async () => {
    const all = () => sql<Record<string, unknown>>`select * from probe where id = ${1}`;
    expect((await all().execute(handle.db)).rows[0]).toEqual({ id: 1, note: 'one' });
    await sql`alter table probe add column extra text default 'x'`.execute(handle.db);
    expect((await all().execute(handle.db)).rows[0]).toEqual({ id: 1, note: 'one', extra: 'x' });
  });

  it('prepares a statement anew after many runs, so its plan follows the tables as they grow', async () => {
    const count = () => sql`select count(*) from probe where note = ${'one'}`.execute(handle.db);
    await count();
    const before = (await prepared(handle)).find((row) => row.statement.includes('count(*)'));
    for (let run = 0; run < 300; run += 1) await count();
    const after = (await prepared(handle)).filter((row) => row.statement.includes('count(*)'));
    expect(after).toHaveLength(1);
    expect(after[0]!.name).not.toBe(before!.name);
  });

  it('keeps a bounded number of statements', async () => {
    for (let n = 0; n < 300; n += 1)
      await sql`select ${n}::int as n from probe where id = ${n} or note = ${sql.lit(`n${n}`)}`.execute(
        handle.db,
      );
    expect((await prepared(handle)).length).toBeLessThanOrEqual(256);
  });
});
