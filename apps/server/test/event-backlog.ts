import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sessionStream } from '../src/realtime/streams.js';

/**
 * Fills a session's log with `count` events of about 900 bytes each (a busy phase's backlog),
 * through `app`'s event writer, `perTransaction` at a time.
 */
export const appendBacklog = async (
  app: FastifyInstance,
  sessionUuid: string,
  count: number,
  perTransaction = 500,
) => {
  for (let written = 0; written < count; written += perTransaction) {
    const events = Array.from(
      { length: Math.min(perTransaction, count - written) },
      (_, index) => ({
        stream: sessionStream(sessionUuid),
        audience: 'session' as const,
        type: 'team.eliminated' as const,
        payload: {
          teamUuid: randomUUID(),
          teamName: `team ${written + index}`.padEnd(200, '.'),
          reason: 'r'.repeat(500),
        },
      }),
    );
    await app.realtime.events.transaction(({ appendAll }) => appendAll(events));
  }
};
