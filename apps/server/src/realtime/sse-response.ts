import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { EventSink } from './event-hub.js';

const CRLF = Buffer.from('\r\n');
/** The bytes last framed as an HTTP chunk, and their frame. */
let framedSource: Buffer | null = null;
let framed = CRLF;

/**
 * `bytes` as one chunk of a chunked HTTP body, framed once for a run of clients: the hub writes
 * the same page to every client of a stream one after the other, so the frame is built once per
 * page, not once per client.
 */
const chunkOf = (bytes: Buffer) => {
  if (bytes !== framedSource) {
    framed = Buffer.concat([
      Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'),
      bytes,
      CRLF,
    ]);
    framedSource = bytes;
  }
  return framed;
};

/**
 * An SSE response as an EventSink. The status line and headers go out with the first bytes, so
 * a stream refused before anything was written (too many streams, database down) still gets an
 * ordinary JSON error. Not compressed, not cached, not buffered by proxies.
 *
 * Once the head is out on a real connection with a chunked body, a page goes straight to the
 * socket as a ready chunk: the bytes `raw.write` would send, without its work per call (cork, a
 * tick to uncork, four writes of the chunk's parts). At thousands of clients per event, that
 * work was most of the cost of a fan-out. Anything else (an HTTP/1.0 client, a test's injected
 * request) goes through `raw.write`.
 */
export const createSseSink = (
  reply: FastifyReply,
  preamble: string,
): EventSink & { open(): void; readonly opened: boolean } => {
  const raw = reply.raw;
  let opened = false;
  let socket: Socket | null = null;
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(preamble);
    if (raw.chunkedEncoding && raw.socket instanceof Socket) socket = raw.socket;
  };
  return {
    open,
    get opened() {
      return opened;
    },
    write: (bytes) => {
      open();
      if (raw.destroyed) return;
      if (socket) {
        if (!socket.destroyed) socket.write(chunkOf(bytes));
      } else raw.write(bytes);
    },
    bufferedBytes: () => raw.writableLength,
    drained: () =>
      new Promise<boolean>((resolve) => {
        if (raw.destroyed || raw.writableEnded) return resolve(false);
        // 'drain' comes only after a write the socket (or the response) could not take at once.
        const writer = socket ?? raw;
        if (!writer.writableNeedDrain) return resolve(true);
        const settle = (drained: boolean) => () => {
          writer.off('drain', onDrain);
          raw.off('close', onClose);
          resolve(drained);
        };
        const onDrain = settle(true);
        const onClose = settle(false);
        writer.once('drain', onDrain);
        raw.once('close', onClose);
      }),
    end: () => {
      if (!opened || raw.writableEnded) return;
      // A client that stopped reading would hold what is queued for it: drop it instead.
      if (raw.writableLength > 64 * 1024) raw.destroy();
      else raw.end();
    },
  };
};
