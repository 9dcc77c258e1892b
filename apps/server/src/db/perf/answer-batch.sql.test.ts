import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, it } from 'vitest';
import { expectPerfSnapshot } from '../../../test/perf-snapshot.js';
import { appending } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { ANSWER_BATCH_SQL, writeStatement } from '../../modules/play/answer-batch.repository.js';

/**
 * The answer batch's statements as the server sends them, checked in beside their plans
 * (`answer-batch.plans.test.ts`): a change to the hottest SQL of the server is reviewed as a
 * diff, on purpose.
 */
describe('answer batch: the statements sent', () => {
  it('are the texts checked in', () => {
    // Compiles only: no database is needed to know what is sent.
    const compiler = new Kysely<never>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const events = appending([
      {
        stream: sessionStream('00000000-0000-4000-8000-000000000000'),
        audience: 'trainers',
        type: 'submissions.recorded',
        payload: { count: 1 },
      },
    ]);
    const ctes = sql<never>`${events.ctes}`.compile(compiler);
    const texts = {
      lock: ANSWER_BATCH_SQL.lock,
      facts: ANSWER_BATCH_SQL.facts,
      write: writeStatement(null, 0),
      'write with events': writeStatement(ctes.sql, ctes.parameters.length),
      standings: ANSWER_BATCH_SQL.standings,
    };
    expectPerfSnapshot(
      'answer-batch.sql',
      Object.entries(texts)
        .map(([name, text]) => `-- ${name}\n${text.trim()};`)
        .join('\n\n'),
    );
  });
});
