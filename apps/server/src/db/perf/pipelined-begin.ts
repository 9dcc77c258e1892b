import type { Writable } from 'node:stream';
import type pg from 'pg';

const BEGIN = /^\s*begin\s*;?\s*$/i;

type Query = (...args: unknown[]) => unknown;

/**
 * Sends each transaction's BEGIN together with its first statement, on a pool whose connections
 * pipeline their queries (node-postgres `pipeline: true`: a query goes out without waiting for
 * the previous one's answer). The BEGIN's promise resolves at once, so the caller's first
 * statement follows it on the wire, and the server answers both in one round trip instead of
 * two. The first statement settles once both are answered, and fails with the BEGIN's error if
 * the BEGIN failed (which only happens on a broken or aborted connection, where that statement
 * fails as well).
 *
 * What a connection's queries write within one tick leaves in one system call: its socket is
 * corked at the first query and uncorked once the tick's promise jobs have run (as `node:http`
 * does for responses). So the BEGIN and the statement behind it, or a transaction's last
 * statement and its COMMIT, reach the server together.
 *
 * Worth it where transactions are short and round trips are what they wait for: the answer
 * batches (`database.ts`).
 */
export const pipelineBegin = (pool: pg.Pool) => {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const { stream } = (client as unknown as { connection: { stream: Writable } }).connection;
    let corked = false;
    const uncork = () => {
      corked = false;
      stream.uncork();
    };
    let begun: Promise<unknown> | null = null;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      if (!corked) {
        corked = true;
        stream.cork();
        process.nextTick(uncork);
      }
      // Kysely awaits promises; only `pool.query` (never inside a transaction) passes a callback.
      if (typeof args.at(-1) === 'function') return query(...args);
      if (typeof args[0] === 'string' && BEGIN.test(args[0])) {
        begun = query(...args) as Promise<unknown>;
        begun.catch(() => {}); // reported by the statement that follows
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
      }
      const result = query(...args) as Promise<unknown>;
      if (!begun) return result;
      const beginning = begun;
      begun = null;
      return Promise.all([beginning, result]).then(([, value]) => value);
    };
  });
};
