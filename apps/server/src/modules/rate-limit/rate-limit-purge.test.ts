import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';

describe(`rate-limit buckets (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('are deleted once their window has ended, by the node that starts', async () => {
    await database.db
      .insertInto('rate_limit_bucket')
      .values([
        { key: 'answer:ended', hits: 3, reset_at: sql<Date>`now() - interval '1 second'` },
        { key: 'answer:running', hits: 2, reset_at: sql<Date>`now() + interval '1 minute'` },
      ])
      .execute();
    const app = await createTestApp(database);
    const keys = async () =>
      (
        await database.db.selectFrom('rate_limit_bucket').select('key').orderBy('key').execute()
      ).map((row) => row.key);
    await expect.poll(keys).toEqual(['answer:running']);
    await app.close();
  });
});
