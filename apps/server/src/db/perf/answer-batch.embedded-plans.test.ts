import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BATCH_SQL, writeStatement } from '../../modules/play/answer-batch.repository.js';
import { APPENDING_CTES } from '../../realtime/event-log.repository.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { fillGame } from '../../../test/answer-batch-game.js';
import { buildAccount } from '../../../test/factories.js';
import { buildChapter } from '../../../test/content-factories.js';
import type { PGliteHandle } from '../database.js';

/** Tables a game fills while it is played: a plan must never read one of them whole. */
const GROWING = [
  'gaming_session',
  'gaming_session_player',
  'gaming_session_team',
  'team_objective_state',
  'team_wrong_answer',
  'score_entry',
  'submission',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const scansOf = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name']!] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/**
 * The embedded database is analyzed at each start (the retention job's vacuum), often while its
 * tables hold a few rows, and not again for a day: its statistics say "small" while a game fills
 * the tables. A statement the dialect prepares again meanwhile must still walk the indexes.
 */
describe.skipIf(testDatabaseKind() !== 'pglite')(
  'answer batch on the embedded database: plans after the tables grew',
  () => {
    let database: TestDatabase;
    const statements: { name: string; text: string; values: unknown[] }[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('pglite');
      const db = database.db;
      const chapter = await buildChapter(db, { missions: [{ objectives: [{ penalty: 2 }, {}] }] });
      const mission = chapter.missions[0]!;
      const [first, second] = mission.objectives;
      const player = await buildAccount(db);
      const session = randomUUID();
      await db
        .insertInto('gaming_session')
        .values({
          uuid: session,
          name: 'plans',
          mission_uuid: mission.uuid,
          owner_id: player.id,
          owner_kind: 'player',
          max_teams: 200,
          players_per_team: 1,
          min_players_per_team: 1,
          duration_ms: 3_600_000,
          countdown_ms: 0,
          start_wait_ms: 0,
          starts_at: new Date(),
        })
        .execute();
      // What the start's vacuum records: a new instance, its tables nearly empty.
      await sql`analyze`.execute(db);
      await fillGame(
        db,
        { session, mission: mission.uuid, player: player.id },
        {
          teams: 200,
          pastSessions: 1000,
        },
        [first!.uuid, second!.uuid],
      );
      const team = (
        await db
          .selectFrom('gaming_session_player')
          .select('team_uuid')
          .where('account_id', '=', player.id)
          .executeTakeFirstOrThrow()
      ).team_uuid!;
      const objective = first!.uuid;
      const rows = (value: unknown) => JSON.stringify(value);
      statements.push(
        {
          name: 'lock',
          text: ANSWER_BATCH_SQL.lock,
          values: [rows([{ i: 0, session, account: player.id, objective, client: 'x' }]), 60],
        },
        {
          name: 'facts',
          text: ANSWER_BATCH_SQL.facts,
          values: [
            rows([
              { session, team, objective, locked: true, correct: true, digest: 'x', client: 'x' },
            ]),
          ],
        },
        {
          name: 'write with events',
          text: writeStatement(APPENDING_CTES, 3),
          values: [
            rows([{ stream: `session:${session}`, n: 1 }]),
            rows([
              {
                stream: `session:${session}`,
                position: 1,
                audience: 'trainers',
                type: 't',
                payload: {},
              },
            ]),
            rows([{ stream: `session:${session}`, n: 1 }]),
            rows([{ team, objective, digest: 'y' }]),
            rows([
              { key: 0, session, team, objective, kind: 'penalty', points: -2, account: player.id },
            ]),
            rows([{ team, session, objective, attempts: 2, solver: null }]),
            rows([]),
          ],
        },
        { name: 'standings', text: ANSWER_BATCH_SQL.standings, values: [rows([session])] },
      );
    });

    afterAll(async () => {
      await database?.close();
    });

    it('walks indexes, never a scan of a table the game fills, in every statement', async () => {
      // The server's own session, with the settings it opened the database with.
      const client = (database as unknown as PGliteHandle).client;
      await client.exec('begin; set local plan_cache_mode = force_generic_plan');
      try {
        for (const [index, statement] of statements.entries()) {
          await client.exec(`prepare embedded_${index} as ${statement.text}`);
          const values = statement.values.map((value) => `'${String(value).replace(/'/g, "''")}'`);
          const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `explain (format json) execute embedded_${index}(${values.join(', ')})`,
          );
          const scanned = scansOf(rows[0]!['QUERY PLAN'][0].Plan).filter((table) =>
            GROWING.includes(table),
          );
          expect({ statement: statement.name, scanned }).toEqual({
            statement: statement.name,
            scanned: [],
          });
        }
      } finally {
        await client.exec('rollback');
      }
    });
  },
);
