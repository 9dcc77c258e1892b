import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { INDEX_WALKS_ONLY } from './index-walks.js';
import { expectPerfSnapshot } from '../../../test/perf-snapshot.js';
import {
  GROWING,
  fillGame,
  scansOf,
  startPlansGame,
  teamOf,
  type PlanNode,
} from '../../../test/answer-batch-game.js';
import { sessionStream } from '../../realtime/streams.js';
import { createAnswerBatchRepository } from '../../modules/play/answer-batch.repository.js';

/** A game starting on a new instance, and one under way on an instance with a past. */
const SIZES = [
  { label: 'planned while the tables hold a few rows', teams: 3, pastSessions: 2, snapshot: null },
  {
    label: 'planned on an instance with a past',
    teams: 200,
    pastSessions: 1000,
    snapshot: 'answer-batch.plans.txt',
  },
];
/** The batch's statements, in the order a batch sends them. */
const STATEMENTS = ['lock', 'facts', 'write', 'write with events', 'standings'];

/**
 * PostgreSQL keeps the generic plan of a prepared statement until the next analyze of a table it
 * reads. The answer batch's statements are prepared while a game's tables are small and keep
 * running while they grow: planned on a few thousand rows, their plans must already be index
 * walks, or each batch scans whole tables for the rest of the game.
 */
describe.skipIf(testDatabaseKind() !== 'postgres').each(SIZES)(
  'answer batch: plans $label',
  (size) => {
    let database: TestDatabase;
    let client: pg.Client;
    const statements: CompiledQuery[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const db = database.db;
      const game = await startPlansGame(db, size.teams);
      const { session, player } = game;
      const [first] = game.objectives;
      await fillGame(db, game, size, game.objectives);

      // Every statement of a batch, as the server sends it, with real parameters.
      const logged = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url! }) }),
        log: (event) => {
          if (event.level === 'query') statements.push(event.query);
        },
      });
      const repository = createAnswerBatchRepository();
      const team = await teamOf(db, player);
      await logged.transaction().execute(async (trx) => {
        await repository.lock(
          trx,
          [{ i: 0, session, account: player, objective: first!, client: 'retried' }],
          60,
        );
        await repository.facts(trx, [
          {
            session,
            team,
            objective: first!,
            locked: true,
            correct: true,
            digest: 'x',
            client: 'retried',
          },
        ]);
        await repository.write(trx, {
          wrongAnswers: [{ team, objective: first!, digest: 'y' }],
          ledger: [
            {
              key: 0,
              session,
              team,
              objective: first!,
              kind: 'penalty',
              points: -2,
              account: player,
            },
          ],
          states: [{ team, session, objective: first!, attempts: 1, solver: null }],
          submissions: [
            {
              session,
              team,
              objective: first!,
              account: player,
              answer: 'y',
              correct: false,
              points: -2,
              blood: 0,
              client: 'answered',
              result: {
                correct: false,
                result: 'answer.wrong',
                points: -2,
                firstBlood: false,
                attempts: 1,
                attemptsLeft: null,
                score: -2,
                completed_objectives: 0,
                total_objectives: 1,
                progress_percentage: 0,
              },
            },
          ],
        });
        await repository.write(trx, { wrongAnswers: [], ledger: [], states: [], submissions: [] }, [
          {
            stream: sessionStream(session),
            audience: 'trainers',
            type: 'submissions.recorded',
            payload: { count: 1 },
          },
        ]);
        await repository.standings(trx, [session]);
      });
      await logged.destroy();

      await sql`analyze`.execute(db);
      client = new pg.Client({ connectionString: database.url! });
      await client.connect();
      await client.query('set plan_cache_mode = force_generic_plan');
    });

    afterAll(async () => {
      await client?.end();
      await database?.close();
    });

    it('walks indexes, never a scan of a table the game fills, in every statement', async () => {
      const queries = statements.filter((query) => query.parameters.length > 0);
      expect(queries).toHaveLength(STATEMENTS.length);
      const plans: string[] = [];
      // Planned on a connection like the batches': index walks only.
      await client.query(INDEX_WALKS_ONLY);
      await client.query('begin');
      for (const [index, query] of queries.entries()) {
        const name = `batch_${index}`;
        await client.query(`prepare ${name} as ${query.sql}`);
        // EXECUTE takes its arguments as literals: the plan is the generic one either way.
        const values = query.parameters.map((value) => client.escapeLiteral(String(value)));
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) execute ${name}(${values.join(', ')})`,
        );
        const scanned = scansOf(rows[0]!['QUERY PLAN'][0].Plan).filter((table) =>
          GROWING.includes(table),
        );
        expect({ statement: query.sql.slice(0, 60), scanned }).toEqual({
          statement: query.sql.slice(0, 60),
          scanned: [],
        });
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (costs off) execute ${name}(${values.join(', ')})`,
        );
        plans.push(
          `-- ${STATEMENTS[index]}\n${text.rows.map((row) => row['QUERY PLAN']).join('\n')}`,
        );
      }
      await client.query('rollback');
      if (size.snapshot) expectPerfSnapshot(size.snapshot, plans.join('\n\n'));
    });
  },
);
