import type pg from 'pg';

/** Queries whose plan is worth keeping: data manipulation, never DDL or transaction control. */
export const preparable = /^\s*(select|insert|update|delete|with)\b/i;
const opensTransaction = /^\s*(begin|start\s+transaction)\b/i;
const closesTransaction = /^\s*(commit|rollback|end|abort)\b/i;
/** "cached plan must not change result type": a table a statement reads gained a column. */
const STALE_RESULT_TYPE = '0A000';
/** Texts counted at most before the counts start over: query variants never pile up. */
const COUNTED_TEXTS = 10_000;

export interface HotStatementOptions {
  /** How often a query's text must have run on the pool before it is prepared. */
  hotAfter: number;
  /** Statements one connection keeps prepared at most; past that, queries run unprepared. */
  perConnection: number;
}

type Query = (text: unknown, values?: unknown) => Promise<unknown>;
type Callback = (error: unknown, result?: unknown) => void;

/**
 * Runs the queries that come back often as named prepared statements, which PostgreSQL parses
 * and plans once per connection instead of at every run (node-postgres prepares a name on its
 * first use on a connection, then only binds and executes it). The answer path's statements
 * spend as long being planned as being run; the rest of the queries are left as they are.
 *
 * Only hot texts get a name, and a connection keeps a bounded number of them, so the variants of
 * a query (an `in` list of any length) never pile up on the server. A statement whose result
 * changed shape under it (a column added to a table it reads with `*`) is never prepared again,
 * and the query is run again unprepared when no transaction was open.
 */
export const prepareHotStatements = (pool: pg.Pool, options: HotStatementOptions) => {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  const retired = new Set<string>();
  let nextName = 0;

  const nameFor = (text: string) => {
    const name = names.get(text);
    if (name || retired.has(text)) return name;
    if (runs.size >= COUNTED_TEXTS) runs.clear();
    const count = (runs.get(text) ?? 0) + 1;
    if (count < options.hotAfter) {
      runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    const created = `rampart_${(nextName += 1)}`;
    names.set(text, created);
    return created;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared = new Set<string>();
    let inTransaction = false;
    const run: Query = (text, values) => {
      if (typeof text !== 'string') return query(text, values);
      if (opensTransaction.test(text)) inTransaction = true;
      else if (closesTransaction.test(text)) inTransaction = false;
      if (!Array.isArray(values) || !preparable.test(text)) return query(text, values);
      const name = nameFor(text);
      if (!name || (!prepared.has(name) && prepared.size >= options.perConnection))
        return query(text, values);
      prepared.add(name);
      return query({ name, text, values }).catch((error: { code?: string }) => {
        if (error.code !== STALE_RESULT_TYPE) throw error;
        names.delete(text);
        retired.add(text);
        if (inTransaction) throw error;
        return query(text, values);
      });
    };
    // Kysely awaits the promise; `pool.query` passes a callback, as the last argument.
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const callback = typeof args.at(-1) === 'function' ? (args.pop() as Callback) : null;
      const result = run(args[0], typeof args[1] === 'function' ? undefined : args[1]);
      if (!callback) return result;
      result.then(
        (value) => callback(undefined, value),
        (error: unknown) => callback(error),
      );
      return undefined;
    };
  });
};
