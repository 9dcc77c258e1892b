import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's own thread: it owns the PGlite instance and does engine work only.
 * It runs protocol bytes and answers with the engine's bytes, unparsed; statements, parameters
 * and results are built and read on the server's thread (`pglite-thread.ts`).
 */

export interface WorkerOptions {
  dataDir: string | null;
  template: Blob | null;
}

export type Request =
  | { id: number; op: 'exec'; bytes: Uint8Array }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; bytes: Uint8Array }
  | { id: number; dump: ArrayBuffer }
  | { id: number; closed: true }
  | { id: number; error: { message: string; code?: string } }
  | { id: 0; ready: true };

const port = parentPort!;
const options = workerData as WorkerOptions;

const client = new PGlite({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.template ? { loadDataDir: options.template } : {}),
});

const concat = (parts: readonly Uint8Array[]) => {
  if (parts.length === 1) return parts[0]!;
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

/** Runs protocol bytes; the chunks PGlite hands over are views of its memory, hence the copies. */
const run = async (bytes: Uint8Array) => {
  const chunks: Uint8Array[] = [];
  await client.execProtocolRawStream(bytes, {
    onRawData: (chunk) => {
      chunks.push(chunk.slice());
    },
  });
  return concat(chunks);
};

const answer = async (request: Request): Promise<void> => {
  try {
    if (request.op === 'exec') {
      const bytes = await run(request.bytes);
      port.postMessage({ id: request.id, bytes } satisfies Reply, [bytes.buffer as ArrayBuffer]);
    } else if (request.op === 'dump') {
      const dump = await (await client.dumpDataDir('none')).arrayBuffer();
      port.postMessage({ id: request.id, dump } satisfies Reply, [dump]);
    } else {
      await client.close();
      port.postMessage({ id: request.id, closed: true } satisfies Reply);
      port.close();
    }
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    port.postMessage({
      id: request.id,
      error: { message: message ?? String(error), ...(code ? { code } : {}) },
    } satisfies Reply);
  }
};

// One request at a time, in the order sent: the engine has a single connection.
let queue = client.waitReady;
port.on('message', (request: Request) => {
  queue = queue.then(() => answer(request));
});

await client.waitReady;
port.postMessage({ id: 0, ready: true } satisfies Reply);
