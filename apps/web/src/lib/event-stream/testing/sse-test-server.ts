import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventEnvelope, RealtimeEvent } from '@rampart/contracts';

/** An envelope as the server writes it, for `event` at `sequence`. */
export const buildEnvelope = (
  sequence: number,
  event: RealtimeEvent = {
    type: 'chapter.unassigned',
    payload: { chapterUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
  },
): EventEnvelope => ({
  v: 1,
  sequence,
  audience: 'user:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
  ...event,
});

/** One SSE message, framed as the real server frames it (realtime/event-hub.ts). */
export const frameOf = (envelope: { sequence: number; type: string }, data: unknown = envelope) =>
  `id: ${envelope.sequence}\nevent: ${envelope.type}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server speaking the API's SSE protocol over a log of frames: a request replays the
 * frames after its `Last-Event-ID`, then receives new ones live, like `GET /api/me/events`.
 * `answerNext` replaces the next answers (a refusal, a silent stream); `dropConnections` cuts
 * every open stream from the server side.
 */
export const startSseTestServer = async () => {
  const log: { sequence: number; frame: string }[] = [];
  const live = new Set<ServerResponse>();
  const requests: IncomingMessage[] = [];
  const answers: Answer[] = [];

  const openStream: Answer = (request, response) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.write('retry: 2000\n: rampart events v1\n\n');
    const after = Number(request.headers['last-event-id'] ?? Number.POSITIVE_INFINITY);
    for (const entry of log) if (entry.sequence > after) response.write(entry.frame);
    live.add(response);
    response.once('close', () => live.delete(response));
  };

  const server = createServer((request, response) => {
    requests.push(request);
    (answers.shift() ?? openStream)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/me/events`,
    requests,
    get openStreams() {
      return live.size;
    },
    openStream,
    /** Appends to the log and sends to every open stream. */
    publish(envelope: EventEnvelope) {
      const frame = frameOf(envelope);
      log.push({ sequence: envelope.sequence, frame });
      for (const response of live) response.write(frame);
    },
    /** Appends to the log only: what a disconnected client misses. */
    record(envelope: EventEnvelope) {
      log.push({ sequence: envelope.sequence, frame: frameOf(envelope) });
    },
    /** Sends raw bytes to every open stream (a heartbeat, a malformed message). */
    write(bytes: string) {
      for (const response of live) response.write(bytes);
    },
    answerNext(...next: Answer[]) {
      answers.push(...next);
    },
    dropConnections() {
      for (const response of live) response.destroy();
      live.clear();
    },
    async close() {
      this.dropConnections();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type SseTestServer = Awaited<ReturnType<typeof startSseTestServer>>;

/** An answer with `status` and an API error body, like the server's refusals. */
export const refuseWith =
  (status: number, headers: Record<string, string> = {}): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ error: { code: 'test.refused', message: 'refused' } }));
  };

/** A stream that opens and then never sends a byte (a proxy that swallowed the connection). */
export const silentStream: Answer = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.flushHeaders();
};
