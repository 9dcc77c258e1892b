import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from '../lib/mutex.js';
import { preparable } from './perf/hot-statements.js';

const countingCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
const { serialize } = protocol;

/** Statements kept prepared at once; the least recently used is closed beyond that. */
const PREPARED_STATEMENTS = 256;
/**
 * Executions after which a statement is prepared again. PostgreSQL keeps a generic plan made
 * for the tables' sizes of the moment, and a game's tables grow from nothing to thousands of
 * rows in minutes: a plan made when a table was empty (a sequential scan) would stay for good.
 */
const REPLAN_AFTER = 256;
/** After DDL a kept plan may no longer fit (`select *` over a table that gained a column). */
const ddl = /^\s*(create|alter|drop|truncate|comment|grant|revoke)\b/i;
/** The errors that say a kept statement is gone or stale: it is prepared again next time. */
const staleStatementCodes = new Set(['26000', '0A000']);

const JSONB = 3802;
const JSONB_BINARY_VERSION = 1;

/**
 * A parameter as PGlite sends it. A jsonb parameter (a batch's rows, often kilobytes) goes in
 * PostgreSQL's binary form, a version byte and the UTF-8 text, encoded by Node: PGlite's text
 * path measures and copies every string character by character in JavaScript.
 */
const parameterOf = (client: PGlite, type: number | undefined, value: unknown) => {
  if (value === null || value === undefined) return null;
  if (type === JSONB) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const bytes = Buffer.allocUnsafe(Buffer.byteLength(text) + 1);
    bytes[0] = JSONB_BINARY_VERSION;
    bytes.write(text, 1);
    return bytes;
  }
  const serializer = type === undefined ? undefined : client.serializers[type];
  return serializer ? serializer(value) : String(value);
};

const concat = (parts: readonly Uint8Array[]) => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

interface Prepared {
  name: string;
  parameterTypes: readonly number[];
  uses: number;
}

/**
 * The statements kept prepared on one PGlite database, by SQL text. PGlite answers a query with
 * six calls into PostgreSQL (parse, describe, bind, describe, execute, sync) and plans it anew
 * every time; planning the answer path's statements costs as much as running them. A prepared
 * statement is parsed once and its plan kept by PostgreSQL's plan cache, and each execution is
 * one call carrying bind, describe, execute and sync.
 */
class StatementCache {
  readonly #statements = new Map<string, Prepared>();
  #next = 0;

  constructor(private readonly client: PGlite) {}

  /** Runs a statement; `before`, a statement without parameters sent ahead in the same call. */
  async execute<R>(
    sql: string,
    parameters: readonly unknown[],
    before: string | null = null,
  ): Promise<Results<R>> {
    const kept = this.#statements.get(sql);
    const prepared = kept && kept.uses < REPLAN_AFTER ? kept : await this.#prepare(sql, kept);
    prepared.uses += 1;
    // Most recently used last: the map's first key is the one to close when it is full.
    this.#statements.delete(sql);
    this.#statements.set(sql, prepared);
    const values = parameters.map((value, index) =>
      parameterOf(this.client, prepared.parameterTypes[index], value),
    );
    try {
      const { messages } = await this.client.execProtocol(
        concat([
          ...(before === null ? [] : [serialize.query(before)]),
          serialize.bind({ statement: prepared.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse
        .parseResults(messages, this.client.parsers, { rowMode: 'object' })
        .at(-1) as Results<R>;
    } catch (error) {
      if (staleStatementCodes.has((error as { code?: string }).code ?? ''))
        this.#statements.delete(sql);
      throw error;
    }
  }

  /** Forgets every statement (after DDL), closing them on the database's side. */
  async clear() {
    if (this.#statements.size === 0) return;
    this.#statements.clear();
    await this.client.execProtocol(serialize.query('deallocate all'));
  }

  async #prepare(sql: string, replaced?: Prepared): Promise<Prepared> {
    const name = `rampart_${(this.#next += 1)}`;
    const { messages } = await this.client.execProtocol(
      concat([
        ...(replaced ? [serialize.close({ type: 'S', name: replaced.name })] : []),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const description = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    if (!replaced && this.#statements.size >= PREPARED_STATEMENTS) {
      const oldest = this.#statements.entries().next().value!;
      this.#statements.delete(oldest[0]);
      await this.client.execProtocol(
        concat([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()]),
      );
    }
    return { name, parameterTypes: description?.dataTypeIDs ?? [], uses: 0 };
  }
}

class PGliteConnection implements DatabaseConnection {
  /**
   * A `begin` not sent yet: it goes in the same call as the transaction's first statement (one
   * call into PostgreSQL fewer per transaction), or alone before anything else.
   */
  #pendingBegin: string | null = null;

  constructor(
    private readonly client: PGlite,
    private readonly statements: StatementCache,
    readonly release: () => void,
  ) {}

  begin(sql: string) {
    this.#pendingBegin = sql;
  }

  /** Ends the transaction; one whose `begin` never left has nothing to end. */
  async end(sql: string) {
    if (this.#pendingBegin !== null) {
      this.#pendingBegin = null;
      return;
    }
    await this.#simple(sql);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const before = this.#pendingBegin;
    this.#pendingBegin = null;
    let result: Results<R>;
    if (preparable.test(compiled.sql)) {
      result = await this.client.runExclusive(() =>
        this.statements.execute<R>(compiled.sql, compiled.parameters, before),
      );
    } else {
      if (before !== null) await this.#simple(before);
      result = await this.#unprepared<R>(compiled);
    }
    return {
      rows: result.rows,
      ...(result.command && countingCommands.has(result.command)
        ? { numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) }
        : {}),
    };
  }

  async #unprepared<R>(compiled: CompiledQuery): Promise<Results<R>> {
    const result =
      compiled.parameters.length === 0
        ? await this.#simple<R>(compiled.sql)
        : await this.client.query<R>(compiled.sql, [...compiled.parameters], {
            rowMode: 'object',
          });
    if (ddl.test(compiled.sql)) await this.client.runExclusive(() => this.statements.clear());
    return result;
  }

  /**
   * A statement without parameters (transaction control, DDL) in the simple query protocol: one
   * call into PostgreSQL. Its result is the last statement's, as `query` would give it.
   */
  #simple<R>(sql: string): Promise<Results<R>> {
    return this.client.runExclusive(async () => {
      const { messages } = await this.client.execProtocol(serialize.query(sql));
      return parse
        .parseResults(messages, this.client.parsers, { rowMode: 'object' })
        .at(-1) as Results<R>;
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

/**
 * PGlite has a single connection. Every Kysely connection is that one connection behind a lock
 * held from acquire to release, so a query issued while another request's transaction is open
 * waits for that transaction to end instead of running inside it (and vanishing on its rollback).
 */
class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #statements: StatementCache;

  constructor(private readonly client: PGlite) {
    this.#statements = new StatementCache(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    return new PGliteConnection(this.client, this.#statements, release);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    (connection as PGliteConnection).begin(['begin', ...modes].join(' '));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointCommand('savepoint', name));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointCommand('rollback to savepoint', name));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(savepointCommand('release savepoint', name));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    if (!this.client.closed) await this.client.close();
  }
}

const savepointCommand = (verb: string, name: string) =>
  CompiledQuery.raw(`${verb} "${name.replace(/"/g, '""')}"`);

export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
