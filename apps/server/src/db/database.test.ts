import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';

describe(`database layer on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table probe (id int primary key, note text)`.execute(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('keeps a write made while another transaction is open and then rolled back', async () => {
    let insideTransaction!: () => void;
    const transactionStarted = new Promise<void>((resolve) => (insideTransaction = resolve));
    let finishTransaction!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finishTransaction = resolve));

    const rolledBack = database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into probe (id, note) values (1, 'rolled back')`.execute(trx);
        insideTransaction();
        await mayFinish;
        throw new Error('abort the transaction');
      })
      .catch((error: Error) => error.message);

    await transactionStarted;
    const concurrentWrite = sql`insert into probe (id, note) values (2, 'kept')`.execute(
      database.db,
    );
    // Let the concurrent write reach the database before the transaction ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    finishTransaction();

    expect(await rolledBack).toBe('abort the transaction');
    await concurrentWrite;
    const { rows } = await sql<{
      id: number;
      note: string;
    }>`select id, note from probe order by id`.execute(database.db);
    expect(rows).toEqual([{ id: 2, note: 'kept' }]);
  });

  it('reports the number of rows an update changed', async () => {
    await sql`insert into probe (id, note) values (10, 'a'), (11, 'a'), (12, 'b')`.execute(
      database.db,
    );
    const result = await sql`update probe set note = 'c' where note = 'a'`.execute(database.db);
    expect(result.numAffectedRows).toBe(2n);
    const deleted = await database.db
      .deleteFrom('instance_setting')
      .where('key', '=', 'missing')
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
  });

  it('reads int8 as a number, as on the other database', async () => {
    const { rows } = await sql<{ small: unknown; count: unknown }>`
      select 42::int8 as small, count(*) as count from probe`.execute(database.db);
    expect(rows[0]).toEqual({ small: 42, count: expect.any(Number) });
  });

  it('runs nested transactions through savepoints', async () => {
    const trx = await database.db.startTransaction().execute();
    await sql`insert into probe (id, note) values (20, 'outer')`.execute(trx);
    const savepoint = await trx.savepoint('inner').execute();
    await sql`insert into probe (id, note) values (21, 'inner')`.execute(savepoint);
    await savepoint.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const { rows } = await sql<{ id: number }>`select id from probe where id in (20, 21)`.execute(
      database.db,
    );
    expect(rows.map((row) => row.id)).toEqual([20]);
  });

  it('serves many concurrent queries without losing any', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        database.db.transaction().execute(async (trx) => {
          await sql`insert into probe (id, note) values (${100 + index}, 'race')`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{
      count: number;
    }>`select count(*) as count from probe where note = 'race'`.execute(database.db);
    expect(rows[0]?.count).toBe(50);
  });

  it('has applied every migration', async () => {
    const { rows } = await sql<{
      name: string;
    }>`select name from schema_migration order by name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'runs the answer batches on connections that plan index walks only, and nothing else there',
    async () => {
      const setting = sql<{ scan: string; hash: string; merge: string }>`select
        current_setting('enable_seqscan') as scan, current_setting('enable_hashjoin') as hash,
        current_setting('enable_mergejoin') as merge`;
      // Every connection of the batches' pool, however many are open at once.
      const batches = await Promise.all(
        [1, 2, 3].map(() =>
          database.batches
            .transaction()
            .execute(async (trx) => (await setting.execute(trx)).rows[0]),
        ),
      );
      for (const row of batches) expect(row).toEqual({ scan: 'off', hash: 'off', merge: 'off' });
      expect((await setting.execute(database.db)).rows[0]).toEqual({
        scan: 'on',
        hash: 'on',
        merge: 'on',
      });
    },
  );
});
