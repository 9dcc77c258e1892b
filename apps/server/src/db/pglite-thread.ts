import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse, protocol, types, type Results } from '@electric-sql/pglite';
import { Mutex } from '../lib/mutex.js';

/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL in WebAssembly on the
 * thread that calls it, and every query runs to its end before that thread does anything else:
 * in the server's thread, the answers' batches and the HTTP work of every other request take
 * turns on one core. On a worker thread the database works while the server parses requests and
 * writes responses, and a second core does what it can.
 *
 * The worker only runs PostgreSQL's wire protocol: messages in, backend messages out. Types are
 * parsed and serialised here, with the parsers and serialisers the server gives, so a row reads
 * the same as with PGlite in the server's thread.
 */

type Parser = (text: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => string | Uint8Array;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

export interface PGliteThreadOptions {
  /** Where the database lives; absent, in memory. */
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from. */
  loadDataDir?: Blob;
  parsers?: Record<number, Parser>;
  serializers?: Record<number, Serializer>;
}

/** What the dialect and the suite use of a PGlite database, as a PGlite on the thread gives it. */
export interface PGliteClient {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  readonly parsers: Record<number | string, Parser>;
  readonly serializers: Record<number | string, Serializer>;
  execProtocol(message: Uint8Array): Promise<{ messages: BackendMessage[] }>;
  query<R>(sql: string, params?: readonly unknown[]): Promise<Results<R>>;
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  isInTransaction(): Promise<boolean>;
  dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The worker's code, evaluated from a string so that it runs the same from the compiled server
 * and from the test runner's TypeScript; only dynamic imports, which work whether the worker is
 * read as CommonJS or as a module (it inherits the process's flags). PGlite is imported from the
 * file resolved here.
 */
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const pglite = await import(workerData.module);
  const { PGlite } = pglite.PGlite ? pglite : pglite.default;
  const plain = (error) => ({ ...error, message: String(error && error.message), stack: error && error.stack });
  let db;
  const ready = (async () => {
    db = new PGlite({
      ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
      ...(workerData.template ? { loadDataDir: new Blob([workerData.template]) } : {}),
    });
    await db.waitReady;
  })();
  ready.then(
    () => parentPort.postMessage({ id: 0, result: null }),
    (error) => parentPort.postMessage({ id: 0, error: plain(error) }),
  );
  parentPort.on('message', async ({ id, op, message, compression }) => {
    try {
      await ready;
      if (op === 'exec') {
        const { messages } = await db.execProtocol(message);
        parentPort.postMessage({ id, result: messages });
      } else if (op === 'inTransaction') {
        parentPort.postMessage({ id, result: db.isInTransaction() });
      } else if (op === 'dump') {
        const buffer = await (await db.dumpDataDir(compression)).arrayBuffer();
        parentPort.postMessage({ id, result: buffer }, [buffer]);
      } else if (op === 'close') {
        await db.close();
        parentPort.postMessage({ id, result: null });
        parentPort.close();
      }
    } catch (error) {
      parentPort.postMessage({ id, error: plain(error) });
    }
  });
})();
`;

const pgliteModule = pathToFileURL(
  createRequire(import.meta.url).resolve('@electric-sql/pglite'),
).href;
const { serialize } = protocol;

const concat = (parts: readonly Uint8Array[]) => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

/** An error of the database as the worker sent it: the same fields (code, detail, constraint…). */
const errorOf = (sent: { message: string; stack?: string }) =>
  Object.assign(new Error(sent.message), sent, { stack: sent.stack });

export const openPGliteThread = async (options: PGliteThreadOptions): Promise<PGliteClient> => {
  const template = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let closed = false;
  let failure: Error | null = null;
  const exclusive = new Mutex();
  const parsers: Record<number | string, Parser> = { ...types.parsers, ...options.parsers };
  const serializers: Record<number | string, Serializer> = {
    ...(types.serializers as Record<number | string, Serializer>),
    ...options.serializers,
  };

  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: pgliteModule, dataDir: options.dataDir, template },
    transferList: template ? [template] : [],
  });
  // Idle, the thread never keeps the process alive; a request in flight does.
  worker.unref();
  const settle = (id: number, outcome: { result?: unknown; error?: { message: string } }) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (outcome.error) waiting.reject(errorOf(outcome.error));
    else waiting.resolve(outcome.result);
  };
  const fail = (error: Error) => {
    failure = error;
    closed = true;
    for (const id of [...pending.keys()]) settle(id, { error: { message: error.message } });
  };
  worker.on('message', (reply: { id: number; result?: unknown; error?: { message: string } }) =>
    settle(reply.id, reply),
  );
  worker.on('error', (error) => fail(new Error(`PGlite is closed: ${error.message}`)));
  worker.on('exit', () => fail(new Error('PGlite is closed')));

  const ask = <T>(
    request: { op: string; message?: Uint8Array; compression?: string },
    id = (next += 1),
  ) =>
    new Promise<T>((resolve, reject) => {
      if (failure && id !== 0) return reject(failure);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      if (id === 0) return; // the worker says when it is ready without being asked
      const { message } = request;
      // A message that owns its whole buffer moves to the worker without a copy; a view into a
      // larger one (Node's pooled small buffers) is copied, or the transfer would empty the pool.
      const owned =
        message && message.byteOffset === 0 && message.byteLength === message.buffer.byteLength;
      worker.postMessage({ id, ...request }, owned ? [message.buffer as ArrayBuffer] : []);
    });

  // The worker says when its database is ready (or why it is not) without being asked.
  const started = ask<null>({ op: 'ready' }, 0);

  const execProtocol = async (message: Uint8Array) => ({
    messages: await ask<BackendMessage[]>({ op: 'exec', message }),
  });

  /** A query with parameters, as PGlite's `query` runs it: parse and describe, then bind. */
  const runQuery = async <R>(sql: string, params: readonly unknown[]) => {
    const described = await execProtocol(
      concat([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]),
    );
    const parameterTypes =
      (
        described.messages.find((message) => message.name === 'parameterDescription') as
          { dataTypeIDs: number[] } | undefined
      )?.dataTypeIDs ?? [];
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await execProtocol(
      concat([
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, parsers, { rowMode: 'object' })[0] as Results<R>;
  };

  const waitReady = (async () => {
    await started;
    // Array types, as PGlite registers them when it starts: uuid[], text[]…
    const arrays = await exclusive.lock().then(async (release) => {
      try {
        return await runQuery<{ oid: number; typarray: number }>(
          `select b.oid, b.typarray from pg_catalog.pg_type a
           left join pg_catalog.pg_type b on b.oid = a.typelem
           where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
          [],
        );
      } finally {
        release();
      }
    });
    for (const { oid, typarray } of arrays.rows) {
      serializers[typarray] = (value) =>
        types.arraySerializer(
          value,
          serializers[oid] as Parameters<typeof types.arraySerializer>[1],
          typarray,
        );
      parsers[typarray] = (text) => types.arrayParser(text, parsers[oid]!, typarray);
    }
  })();
  waitReady.catch(() => {});

  const runExclusive = async <T>(work: () => Promise<T>) => {
    const release = await exclusive.lock();
    try {
      return await work();
    } finally {
      release();
    }
  };

  return {
    waitReady,
    get closed() {
      return closed;
    },
    parsers,
    serializers,
    execProtocol,
    query: <R>(sql: string, params: readonly unknown[] = []) =>
      runExclusive(() => runQuery<R>(sql, params)),
    runExclusive,
    isInTransaction: () => ask<boolean>({ op: 'inTransaction' }),
    dumpDataDir: async (compression) =>
      new Blob([await ask<ArrayBuffer>({ op: 'dump', compression })]),
    close: async () => {
      if (closed) return;
      await ask<null>({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
  };
};
