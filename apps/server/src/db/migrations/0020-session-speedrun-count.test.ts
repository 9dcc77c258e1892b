import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { buildChatSession } from '../../../test/chat-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { up } from './0020-session-speedrun-count.js';

describe(`migration 0020 on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('counts the speedruns each session had already launched', async () => {
    const withSpeedruns = await buildChatSession(app, database, { teams: 1, size: 1 });
    const without = await buildChatSession(app, database, { teams: 1, size: 1 });
    const objective = await database.db
      .selectFrom('objective')
      .innerJoin('gaming_session', 'gaming_session.mission_uuid', 'objective.mission_uuid')
      .select('objective.uuid')
      .where('gaming_session.uuid', '=', withSpeedruns.uuid)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('speedrun')
      .values({
        uuid: randomUUID(),
        session_uuid: withSpeedruns.uuid,
        objective_uuid: objective.uuid,
        title: 'Sprint',
        description: '',
        launched_at: new Date(),
        paused_ms_at_launch: 0,
      })
      .execute();

    // The database as it was before the migration, then migrated.
    await sql`alter table gaming_session drop column speedruns_launched`.execute(database.db);
    await up(database.db as unknown as Kysely<unknown>);

    const sessions = await database.db
      .selectFrom('gaming_session')
      .select(['uuid', 'speedruns_launched'])
      .where('uuid', 'in', [withSpeedruns.uuid, without.uuid])
      .execute();
    expect(
      Object.fromEntries(sessions.map((session) => [session.uuid, session.speedruns_launched])),
    ).toEqual({ [withSpeedruns.uuid]: 1, [without.uuid]: 0 });
  });
});
