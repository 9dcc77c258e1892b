import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineBegin } from './pipelined-begin.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { watchWire } from '../../../test/wire.js';

interface Probe {
  probe: { id: number; note: string };
}

/**
 * Records a connection's traffic in order into `flow`: 'out' for the writes of one flight, 'in'
 * for each answer (a ReadyForQuery ends each).
 */
const watchFlow = (client: pg.PoolClient, flow: string[]) =>
  watchWire(client, {
    sent: () => {
      if (flow.at(-1) !== 'out') flow.push('out');
    },
    answered: () => flow.push('in'),
  });

/**
 * Counts the system calls that a connection's writes took: a socket hands what it holds to the
 * kernel in one `_write` or `_writev` call.
 */
const countFlights = (client: pg.PoolClient) => {
  const { stream } = (
    client as unknown as {
      connection: { stream: Record<'_write' | '_writev', (...args: unknown[]) => unknown> };
    }
  ).connection;
  const counted = { flights: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = stream[method].bind(stream);
    stream[method] = (...args: unknown[]) => {
      counted.flights += 1;
      return original(...args);
    };
  }
  return counted;
};

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'PostgreSQL: BEGIN sent with the first statement',
  () => {
    let database: TestDatabase;
    let pool: pg.Pool;
    let db: Kysely<Probe>;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      pool = new pg.Pool({ connectionString: database.url!, max: 4, pipeline: true });
      pipelineBegin(pool);
      db = new Kysely<Probe>({ dialect: new PostgresDialect({ pool }) });
      await sql`create table probe (id int primary key, note text not null)`.execute(db);
    });

    afterAll(async () => {
      await db.destroy();
      await database.close();
    });

    it('writes the first statement before the BEGIN is answered: one round trip for both', async () => {
      const client = await pool.connect();
      try {
        const flow: string[] = [];
        watchFlow(client, flow);
        const counted = countFlights(client);
        await client.query('begin');
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        expect(flow).toEqual(['out', 'in', 'in']);
        // Both in one system call.
        expect(counted.flights).toBe(1);
        await client.query('rollback');
      } finally {
        client.release();
      }
    });

    it('sends a short transaction in one flight when its last statement is not awaited', async () => {
      const single = new pg.Pool({ connectionString: database.url!, max: 1, pipeline: true });
      pipelineBegin(single);
      const flow: string[] = [];
      let counted = { flights: 0 };
      single.on('connect', (client) => {
        watchFlow(client, flow);
        counted = countFlights(client);
      });
      const singleDb = new Kysely<Probe>({ dialect: new PostgresDialect({ pool: single }) });
      try {
        await sql`select 1`.execute(singleDb); // the connection opens
        flow.length = 0;
        counted.flights = 0;
        let inserted: Promise<unknown> | undefined;
        await singleDb.transaction().execute(async (trx) => {
          inserted = trx.insertInto('probe').values({ id: 50, note: 'one flight' }).execute();
          inserted.catch(() => {});
        });
        await inserted;
        // BEGIN, the insert and COMMIT left together, in one system call; three answers came back.
        expect(flow).toEqual(['out', 'in', 'in', 'in']);
        expect(counted.flights).toBe(1);
        const row = await db
          .selectFrom('probe')
          .select('note')
          .where('id', '=', 50)
          .executeTakeFirst();
        expect(row?.note).toBe('one flight');
      } finally {
        await singleDb.destroy();
      }
    });

    it('keeps transactions whole: committed together, rolled back together', async () => {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('probe').values({ id: 1, note: 'kept' }).execute();
        await trx.insertInto('probe').values({ id: 2, note: 'kept' }).execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('probe').values({ id: 3, note: 'lost' }).execute();
          await trx.insertInto('probe').values({ id: 1, note: 'duplicate' }).execute();
        }),
      ).rejects.toThrow(/duplicate key/);
      // The first statement of a transaction fails: nothing of it stays, and the connection serves
      // the next transaction.
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('probe').values({ id: 2, note: 'duplicate' }).execute();
        }),
      ).rejects.toThrow(/duplicate key/);
      const rows = await db
        .selectFrom('probe')
        .selectAll()
        .where('id', '<', 10)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 1, note: 'kept' },
        { id: 2, note: 'kept' },
      ]);
    });

    it('fails the statement after a refused BEGIN, and serves again after a rollback', async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await expect(client.query('select 1 / 0')).rejects.toThrow(/division by zero/);
        // In an aborted transaction a BEGIN is refused; the statement after it reports that error.
        await client.query('begin');
        await expect(client.query('select 1')).rejects.toThrow(/current transaction is aborted/);
        await client.query('rollback');
        await client.query('begin');
        expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
        await client.query('commit');
      } finally {
        client.release();
      }
    });

    it('serialises racing transactions on a row lock, each whole', async () => {
      await sql`insert into probe (id, note) values (100, '0')`.execute(db);
      await Promise.all(
        Array.from({ length: 40 }, () =>
          db.transaction().execute(async (trx) => {
            const row = await trx
              .selectFrom('probe')
              .select('note')
              .where('id', '=', 100)
              .forUpdate()
              .executeTakeFirstOrThrow();
            await trx
              .updateTable('probe')
              .set({ note: String(Number(row.note) + 1) })
              .where('id', '=', 100)
              .execute();
          }),
        ),
      );
      const row = await db
        .selectFrom('probe')
        .select('note')
        .where('id', '=', 100)
        .executeTakeFirst();
      expect(row?.note).toBe('40');
    });
  },
);
