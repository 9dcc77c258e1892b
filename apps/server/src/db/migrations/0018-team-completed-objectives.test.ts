import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { buildChatSession } from '../../../test/chat-factories.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { up } from './0018-team-completed-objectives.js';

describe(`migration 0018 on ${testDatabaseKind()}`, () => {
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

  it('counts the objectives each team had already solved', async () => {
    const session = await buildChatSession(app, database, { teams: 2, size: 1 });
    const { mission_uuid } = await database.db
      .selectFrom('gaming_session')
      .select('mission_uuid')
      .where('uuid', '=', session.uuid)
      .executeTakeFirstOrThrow();
    // Two more objectives in the session's mission: three in all.
    const extra = await buildChapter(database.db, { missions: [{ objectives: [{}, {}] }] });
    await database.db
      .updateTable('objective')
      .set({ mission_uuid, position: sql`position + 10` })
      .where('mission_uuid', '=', extra.missions[0]!.uuid)
      .execute();
    const objectives = await database.db
      .selectFrom('objective')
      .select('uuid')
      .where('mission_uuid', '=', mission_uuid)
      .orderBy('position')
      .execute();
    expect(objectives).toHaveLength(3);
    const [first, second] = session.teamUuids;
    const state = (team: string, objective: string, solved: boolean) => ({
      team_uuid: team,
      objective_uuid: objective,
      session_uuid: session.uuid,
      attempts: 1,
      solved_at: solved ? new Date() : null,
    });
    await database.db
      .insertInto('team_objective_state')
      .values([
        state(first!, objectives[0]!.uuid, true),
        state(first!, objectives[1]!.uuid, true),
        state(first!, objectives[2]!.uuid, false),
        state(second!, objectives[0]!.uuid, false),
      ])
      .execute();

    // The database as it was before the migration, then migrated.
    await sql`alter table gaming_session_team drop column completed_objectives`.execute(
      database.db,
    );
    await up(database.db as unknown as Kysely<unknown>);

    const teams = await database.db
      .selectFrom('gaming_session_team')
      .select(['uuid', 'completed_objectives'])
      .where('session_uuid', '=', session.uuid)
      .execute();
    expect(Object.fromEntries(teams.map((team) => [team.uuid, team.completed_objectives]))).toEqual(
      { [first!]: 2, [second!]: 0 },
    );
  });
});
