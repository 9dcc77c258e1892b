import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { isDatabaseUnavailable } from './connection-errors.js';
import type { Database } from './schema.js';

/** What a pool reports to the metrics (postgres.js keeps its own counts private). */
export interface PostgresJsPool {
  readonly db: Kysely<Database>;
  lent(): number;
  waiting(): number;
}

type Sql = postgres.Sql<{ int8: number; json: unknown }>;
type Reserved = postgres.ReservedSql<{ int8: number; json: unknown }>;
type Pending = ReturnType<Reserved['unsafe']>;

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;

/**
 * postgres.js errors carry PostgreSQL's fields under their protocol names; the code that reads
 * them (a unique violation's constraint) uses node-postgres's names, as PGlite gives them too.
 */
const likeNodePostgres = (error: unknown): unknown => {
  if (error instanceof postgres.PostgresError) {
    const fields = error as unknown as Record<string, unknown>;
    fields.constraint ??= fields.constraint_name;
    fields.table ??= fields.table_name;
    fields.column ??= fields.column_name;
  }
  return error;
};

/**
 * A PostgreSQL pool on postgres.js, for Kysely. Values are read and written as on node-postgres
 * (`database.ts`): int8 as a number, numeric as a string, json parsed, a string bound to a json
 * parameter sent as it is (already JSON), undefined as null.
 *
 * `pipelineBegin`: a transaction's BEGIN is held back and sent with its first statement, which
 * postgres.js writes in the same system call (it gathers a connection's writes until the next
 * turn of the event loop): one round trip less per transaction.
 */
export const openPostgresJsPool = (
  url: string,
  options: {
    max: number;
    /** Session settings sent when a connection opens (in its start-up message). */
    settings?: Record<string, string>;
    pipelineBegin?: boolean;
    onConnectionError: (error: unknown) => void;
  },
): PostgresJsPool => {
  const sql: Sql = postgres(url, {
    max: options.max,
    idle_timeout: 30,
    connect_timeout: 3,
    max_lifetime: null,
    onnotice: () => {},
    connection: { application_name: 'rampart', ...options.settings },
    transform: { undefined: null },
    types: {
      int8: { to: 20, from: [20], serialize: (x: unknown) => String(x), parse: Number },
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x) as unknown,
      },
    },
  });
  let lent = 0;
  let waiting = 0;

  const reserve = async () => {
    waiting += 1;
    let reserved: Reserved;
    try {
      reserved = await sql.reserve();
    } catch (error) {
      if (isDatabaseUnavailable(error)) options.onConnectionError(error);
      throw likeNodePostgres(error);
    } finally {
      waiting -= 1;
    }
    lent += 1;
    let begun: Pending | null = null;
    const failed = (error: unknown) => {
      if (isDatabaseUnavailable(error)) options.onConnectionError(error);
      throw likeNodePostgres(error);
    };
    const unsafe = (text: string, parameters?: unknown[]) => {
      if (options.pipelineBegin && BEGIN.test(text) && !parameters?.length) {
        begun = reserved.unsafe(text);
        // Not executed until awaited: it leaves with the statement that follows.
        return Promise.resolve(Object.assign([], { command: 'BEGIN', count: 0 }));
      }
      const query = reserved.unsafe(text, parameters as postgres.ParameterOrJSON<never>[]);
      if (!begun) return query.catch(failed);
      const beginning = begun;
      begun = null;
      return Promise.all([beginning, query])
        .then(([, result]) => result)
        .catch(failed);
    };
    return {
      unsafe,
      release: () => {
        lent -= 1;
        reserved.release();
      },
    };
  };

  const db = new Kysely<Database>({
    dialect: new PostgresJSDialect({
      // A factory: the dialect takes what it returns as the pool, without checking its shape.
      postgres: () => ({ reserve, end: () => sql.end({ timeout: 5 }) }) as unknown as Sql,
    }),
  });
  return { db, lent: () => lent, waiting: () => waiting };
};
