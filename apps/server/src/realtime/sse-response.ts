import type { FastifyReply } from 'fastify';
import type { EventSink } from './event-hub.js';

/**
 * An SSE response as an EventSink. The status line and headers go out with the first bytes, so
 * a stream refused before anything was written (too many streams, database down) still gets an
 * ordinary JSON error. Not compressed, not cached, not buffered by proxies.
 */
export const createSseSink = (
  reply: FastifyReply,
  preamble: string,
): EventSink & { open(): void; readonly opened: boolean } => {
  const raw = reply.raw;
  let opened = false;
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
  };
  return {
    open,
    get opened() {
      return opened;
    },
    write: (bytes) => {
      open();
      if (!raw.destroyed) raw.write(bytes);
    },
    bufferedBytes: () => raw.writableLength,
    drained: () =>
      new Promise<boolean>((resolve) => {
        if (raw.destroyed || raw.writableEnded) return resolve(false);
        // 'drain' comes only after a write the socket could not take at once.
        if (!raw.writableNeedDrain) return resolve(true);
        const settle = (drained: boolean) => () => {
          raw.off('drain', onDrain);
          raw.off('close', onClose);
          resolve(drained);
        };
        const onDrain = settle(true);
        const onClose = settle(false);
        raw.once('drain', onDrain);
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
