import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { DurableNodeFS, durableStartParams } from './durable-node-fs.js';
import { acquireDirectoryLock } from './lock-file.js';
import { prepareHotStatements } from './perf/hot-statements.js';
import { pipelineBegin } from './perf/pipelined-begin.js';
import { EMBEDDED_INDEX_WALKS, INDEX_WALKS_ONLY } from './perf/index-walks.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Database>;
  /**
   * Where the answer batches run: on PostgreSQL, a pool of their own whose connections plan
   * index walks only (`perf/index-walks.ts`); on the embedded database, its one connection.
   */
  readonly batches: Kysely<Database>;
  /** PostgreSQL only: where to open the node's own LISTEN connection (real-time fan-out). */
  readonly connectionString?: string;
  /**
   * PostgreSQL: each pool's connections (open, idle, queries waiting for one, the most it opens)
   * and the connections lost since the start, for the metrics. Absent on the embedded database.
   */
  usage?(): DatabaseUsage;
  /** Resolves when the database answers a trivial query within the timeout, rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseUsage {
  pools: { name: string; total: number; idle: number; waiting: number; max: number }[];
  connectionErrors: number;
}

export interface DatabaseLogger {
  warn(details: object, message: string): void;
}

const INT8 = 20;
/**
 * int8 (bigint, count(*)) arrives as a number on both databases: node-postgres would give a
 * string and PGlite a number or a BigInt. Our int8 values (sequences, counts, scores) stay far
 * below 2^53.
 */
const parseInt8 = (value: string): number => Number(value);

const BYTEA = 17;
/** bytea in PostgreSQL's hex form, encoded by Node (PGlite's own maps the bytes one by one). */
const serializeBytea = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};

const withTimeout = async <T>(promise: Promise<T>, timeoutMs: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('connection timeout')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const pingQuery = (db: Kysely<Database>) => sql`select 1`.execute(db);

export interface PGliteHandle extends DatabaseHandle {
  readonly kind: 'pglite';
  readonly client: PGlite;
}

/**
 * An embedded PGlite database; `dataDir` null keeps it in memory (tests), optionally starting
 * from a dump of another database (`template`).
 */
export const openPGlite = async (
  dataDir: string | null,
  options: { template?: Blob; servesBackups?: boolean } = {},
): Promise<PGliteHandle> => {
  const releaseLock = dataDir
    ? acquireDirectoryLock(dataDir, { servesBackups: options.servesBackups ?? false })
    : () => {};
  try {
    const directory = dataDir ? path.join(dataDir, 'pglite') : null;
    const client = new PGlite({
      ...(directory
        ? {
            dataDir: directory,
            fs: new DurableNodeFS(directory),
            startParams: durableStartParams(),
          }
        : {}),
      ...(options.template ? { loadDataDir: options.template } : {}),
      parsers: { [INT8]: parseInt8 },
      serializers: { [BYTEA]: serializeBytea },
    });
    await client.waitReady;
    await client.exec(EMBEDDED_INDEX_WALKS);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      kind: 'pglite',
      client,
      db,
      batches: db,
      ping: async (timeoutMs = 2000) => {
        await withTimeout(pingQuery(db), timeoutMs);
      },
      close: async () => {
        try {
          await db.destroy();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
};

/** A PostgreSQL pool that survives the server going away and reconnects when it is back. */
export const openPostgres = (
  url: string,
  poolSize: number,
  logger: DatabaseLogger,
): DatabaseHandle => {
  let connectionErrors = 0;
  const pools: { name: string; pool: pg.Pool; max: number }[] = [];
  const poolOf = (name: string, max: number, options: { pipeline?: boolean } = {}) => {
    const pool = new pg.Pool({
      connectionString: url,
      pipeline: options.pipeline ?? false,
      max,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      application_name: 'rampart',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A node-postgres client whose connection dies emits 'error', and an 'error' nobody listens
    // to ends the process. The pool listens while a client is idle (and re-emits it here); while
    // a client is lent, to a transaction or an answer batch, nobody would: each client gets a
    // listener of its own for its whole life. The statement in flight fails with the error
    // (503 database.unavailable), the next one on that client fails at once, and the pool drops
    // the client when it comes back, connecting anew on next use.
    const lent = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => lent.add(client));
    pool.on('release', (_error, client) => lent.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!lent.has(client)) return;
        connectionErrors += 1;
        logger.warn({ err: error }, 'database connection lost while in use');
      });
    });
    pool.on('error', (error) => {
      connectionErrors += 1;
      logger.warn({ err: error }, 'database connection lost');
    });
    pools.push({ name, pool, max });
    prepareHotStatements(pool, { hotAfter: 50, perConnection: 200 });
    if (options.pipeline) pipelineBegin(pool);
    return pool;
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: poolOf('main', poolSize) }),
  });
  // The answers' batches run in two lanes: in each, a batch at a time, and the next one starts
  // while it commits; the fifth connection serves a failed batch's answers retried one by one
  // without waiting behind them. Their transactions send BEGIN with their first statement
  // (`perf/pipelined-begin.ts`).
  const batches = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: poolOf('answers', 5, { pipeline: true }),
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw(INDEX_WALKS_ONLY));
      },
    }),
  });
  return {
    kind: 'postgres',
    db,
    batches,
    connectionString: url,
    usage: () => ({
      pools: pools.map(({ name, pool, max }) => ({
        name,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      })),
      connectionErrors,
    }),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(pingQuery(db), timeoutMs);
    },
    close: async () => {
      await Promise.all([db.destroy(), batches.destroy()]);
    },
  };
};

export const openDatabase = async (
  database: Config['database'],
  logger: DatabaseLogger,
  options: { servesBackups?: boolean } = {},
): Promise<DatabaseHandle> =>
  database.kind === 'pglite'
    ? openPGlite(database.dataDir, options)
    : openPostgres(database.url, database.poolSize, logger);
