import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareHotStatements } from './hot-statements.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';

describe.skipIf(testDatabaseKind() !== 'postgres')('PostgreSQL: hot statements prepared', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  const preparedNames = async () =>
    (
      (await pool.query(`select name, statement from pg_prepared_statements`)) as {
        rows: { name: string; statement: string }[];
      }
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // One connection, so what it prepared is what `pg_prepared_statements` lists.
    pool = new pg.Pool({ connectionString: database.url!, max: 1 });
    prepareHotStatements(pool, { hotAfter: 3, perConnection: 2 });
    await pool.query('create table probe (id int primary key, note text)');
    await pool.query(`insert into probe values (1, 'one'), (2, 'two')`);
  });

  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  it('prepares a query once it has run often enough, and answers the same from it', async () => {
    const read = (id: number) => pool.query('select note from probe where id = $1', [id]);
    expect((await read(1)).rows).toEqual([{ note: 'one' }]);
    await read(2);
    expect(await preparedNames()).toEqual([]);
    expect((await read(2)).rows).toEqual([{ note: 'two' }]);
    expect((await read(1)).rows).toEqual([{ note: 'one' }]);
    expect(await preparedNames()).toEqual([
      {
        name: expect.stringMatching(/^rampart_/),
        statement: expect.stringContaining('select note'),
      },
    ]);
  });

  it('keeps at most the configured number of statements on a connection', async () => {
    for (const text of [
      'select id from probe where id = $1',
      'select id, note from probe where id = $1',
      'select note, id from probe where id = $1',
    ])
      for (let run = 0; run < 4; run += 1) expect((await pool.query(text, [1])).rowCount).toBe(1);
    expect((await preparedNames()).length).toBe(2);
  });

  it('answers `select *` after its table gained a column, and prepares it no more', async () => {
    const pool2 = new pg.Pool({ connectionString: database.url!, max: 1 });
    prepareHotStatements(pool2, { hotAfter: 1, perConnection: 10 });
    try {
      const all = () => pool2.query('select * from probe where id = $1', [1]);
      expect((await all()).rows).toEqual([{ id: 1, note: 'one' }]);
      await pool.query(`alter table probe add column extra text default 'x'`);
      expect((await all()).rows).toEqual([{ id: 1, note: 'one', extra: 'x' }]);
      expect((await all()).rows).toEqual([{ id: 1, note: 'one', extra: 'x' }]);
    } finally {
      await pool2.end();
    }
  });
});
