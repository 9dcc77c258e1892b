import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  parse,
  protocol,
  types,
  type messages as wire,
  type ParserOptions,
  type QueryOptions,
  type Results,
  type SerializerOptions,
} from '@electric-sql/pglite';
import { Mutex } from '../lib/mutex.js';
import type { Reply, Request, WorkerOptions } from './pglite-worker.js';

/**
 * What the dialect, the backups and the tests use of an embedded database: PGlite itself, or
 * `PGliteThread`, the same engine on a thread of its own.
 */
export interface EmbeddedClient {
  readonly parsers: Parsers;
  readonly serializers: SerializerOptions;
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
  execProtocol(message: Uint8Array): Promise<{ messages: wire.BackendMessage[] }>;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  isInTransaction(): boolean | Promise<boolean>;
  dumpDataDir(compression?: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

const { serialize, Parser, messages: backend } = protocol;
type Parsers = Parameters<typeof parse.parseResults>[1];

/** The error every query gets once the engine's thread is gone: a lost database (503). */
export class EmbeddedDatabaseLostError extends Error {
  readonly code = '57P02';
  constructor(why: string) {
    super(`The embedded database stopped: ${why}`);
    this.name = 'EmbeddedDatabaseLostError';
  }
}

/**
 * Starts the engine's thread. From source (tests, `npm run dev`) its file is TypeScript: the
 * thread registers tsx's loader before importing it.
 */
const startWorker = (workerData: WorkerOptions) => {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData },
  );
};

/**
 * PGlite on a thread of its own: the engine (PostgreSQL compiled to WebAssembly) runs beside the
 * server's thread instead of on it, so HTTP and the database work at the same time on two cores.
 * The engine's thread only runs protocol bytes; messages are written and parsed here.
 */
export class PGliteThread implements EmbeddedClient {
  readonly parsers: Parsers;
  readonly serializers: SerializerOptions;
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  /** Called once if the engine's thread dies or exits without being closed. */
  onLost: ((error: Error) => void) | null = null;
  readonly #pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (error: Error) => void; sentAt: number }
  >();
  readonly #mutex = new Mutex();
  #next = 0;
  #lost: Error | null = null;
  #closed = false;
  #inTransaction = false;

  constructor(
    options: WorkerOptions & {
      parsers?: ParserOptions;
      serializers?: SerializerOptions;
    },
  ) {
    this.parsers = { ...types.parsers, ...options.parsers } as Parsers;
    this.serializers = { ...types.serializers, ...options.serializers };
    this.#worker = startWorker({ dataDir: options.dataDir, template: options.template });
    let ready!: () => void;
    const started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) =>
        reject(new EmbeddedDatabaseLostError(`its thread exited with code ${code} while opening`)),
      );
    });
    this.waitReady = started.then(() => this.#addArrayTypes());
    this.waitReady.catch(() => {});
    this.#worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return ready();
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      waiting.resolve(reply);
    });
    this.#worker.on('error', (error) => this.#lose(`its thread failed: ${error.message}`));
    this.#worker.on('exit', (code) => this.#lose(`its thread exited with code ${code}`));
  }

  /** Array types' parsers and serializers, from their element types', as PGlite makes them. */
  async #addArrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(
      `select b.oid, b.typarray from pg_catalog.pg_type a
        left join pg_catalog.pg_type b on b.oid = a.typelem
        where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
    );
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (value: unknown) =>
        types.arraySerializer(value, this.serializers[oid], typarray);
      this.parsers[typarray] = (value: string) =>
        types.arrayParser(value, this.parsers[oid]!, typarray) as unknown;
    }
  }

  get closed() {
    return this.#closed || this.#lost !== null;
  }

  #lose(why: string) {
    if (this.#lost) return;
    const lost = this.#closed ? new Error('PGlite is closed') : new EmbeddedDatabaseLostError(why);
    this.#lost = lost;
    for (const waiting of this.#pending.values()) waiting.reject(lost);
    this.#pending.clear();
    if (!this.#closed) this.onLost?.(lost);
  }

  #ask(request: Request, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.#lost) return Promise.reject(this.#lost);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    return new Promise<Reply>((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject, sentAt: performance.now() });
      this.#worker.postMessage(request, transfer);
    }).then((reply) => {
      if ('error' in reply)
        throw Object.assign(
          new Error(reply.error.message),
          reply.error.code ? { code: reply.error.code } : {},
        );
      return reply;
    });
  }

  async execProtocol(message: Uint8Array): Promise<{ messages: wire.BackendMessage[] }> {
    // The bytes are moved to the engine's thread, not copied: a view of a larger buffer is
    // copied once into a buffer of its own first.
    const bytes =
      message.byteOffset === 0 && message.byteLength === message.buffer.byteLength
        ? message
        : message.slice();
    const reply = await this.#ask({ id: (this.#next += 1), op: 'exec', bytes }, [
      bytes.buffer as ArrayBuffer,
    ]);
    const messages: wire.BackendMessage[] = [];
    let error: Error | null = null;
    new Parser().parse((reply as { bytes: Uint8Array }).bytes, (message) => {
      if (message instanceof backend.DatabaseError) error ??= message;
      else if (message instanceof backend.NoticeMessage) return;
      else {
        if (message instanceof backend.ReadyForQueryMessage)
          this.#inTransaction = message.status !== 'I';
        messages.push(message);
      }
    });
    if (error) throw error;
    return { messages };
  }

  /** A statement with parameters, prepared unnamed: as PGlite's own `query` sends it. */
  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.runExclusive(async () => {
      const described = await this.execProtocol(
        concat([
          serialize.parse({ text: sql }),
          serialize.describe({ type: 'S' }),
          serialize.sync(),
        ]),
      );
      const parameterTypes = parse.parseDescribeStatementResults(described.messages);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = this.serializers[parameterTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await this.execProtocol(
        concat([
          serialize.bind({ values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
    });
  }

  runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.#mutex.lock().then(async (release) => {
      try {
        return await fn();
      } finally {
        release();
      }
    });
  }

  isInTransaction() {
    return this.#inTransaction;
  }

  async dumpDataDir(): Promise<Blob> {
    const reply = await this.#ask({ id: (this.#next += 1), op: 'dump' });
    return new Blob([(reply as { dump: ArrayBuffer }).dump]);
  }

  /**
   * Resolves while the engine's thread lives and answers; rejects once it is lost, or when a
   * request has waited on it longer than `stalledAfterMs`. It does not queue a query: the
   * engine has one connection, and a long statement (a vacuum) holds it for seconds while the
   * engine is well.
   */
  async check(stalledAfterMs: number) {
    if (this.#lost) throw this.#lost;
    if (this.#closed) throw new Error('PGlite is closed');
    await this.waitReady;
    const oldest = Math.min(...[...this.#pending.values()].map(({ sentAt }) => sentAt));
    if (performance.now() - oldest > stalledAfterMs)
      throw new EmbeddedDatabaseLostError(`no answer for ${Math.round(stalledAfterMs / 1000)} s`);
  }

  /** Ends the engine's thread at once, as a crash would, without closing the engine. */
  async kill() {
    await this.#worker.terminate();
  }

  /** Closes the engine (its files written and closed), then ends its thread. */
  async close() {
    if (this.#closed) return;
    try {
      if (!this.#lost) await this.#ask({ id: (this.#next += 1), op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}

const concat = (parts: readonly Uint8Array[]) => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};
