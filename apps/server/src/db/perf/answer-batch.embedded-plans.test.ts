import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BATCH_SQL, writeStatement } from '../../modules/play/answer-batch.repository.js';
import { APPENDING_CTES } from '../../realtime/event-log.repository.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import {
  GROWING,
  fillGame,
  scansOf,
  startPlansGame,
  teamOf,
  type PlanNode,
} from '../../../test/answer-batch-game.js';
import type { PGliteHandle } from '../database.js';

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
      const game = await startPlansGame(db, 200);
      const { session, player } = game;
      const [first, second] = game.objectives;
      // What the start's vacuum records: a new instance, its tables nearly empty.
      await sql`analyze`.execute(db);
      await fillGame(db, game, { teams: 200, pastSessions: 1000 }, [first!, second!]);
      const team = await teamOf(db, player);
      const objective = first!;
      const rows = (value: unknown) => JSON.stringify(value);
      statements.push(
        {
          name: 'lock',
          text: ANSWER_BATCH_SQL.lock,
          values: [rows([{ i: 0, session, account: player, objective, client: 'x' }]), 60],
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
              { key: 0, session, team, objective, kind: 'penalty', points: -2, account: player },
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
