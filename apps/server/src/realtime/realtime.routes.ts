import {
  getMyEvents,
  getSessionEvents,
  getTrainerSessionEvents,
  lastEventIdSchema,
  REALTIME_PROTOCOL_VERSION,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issuesOf, route } from '../http/route.js';
import { AppError } from '../lib/errors.js';
import { principalOf } from '../modules/identity/auth.plugin.js';
import type { OpenStreamResult, RealtimeService } from './realtime.service.js';
import { createSseSink } from './sse-response.js';
import type { EventSink } from './event-hub.js';

/** Browsers wait this long before reconnecting on their own (the web hook adds backoff). */
const PREAMBLE = `retry: 2000\n: rampart events v${REALTIME_PROTOCOL_VERSION}\n\n`;

/**
 * The header (sent by EventSource on reconnect) wins over `?lastEventId=` (for clients that
 * cannot set headers). Malformed → 422 and no stream: a client sending garbage has a bug that a
 * silent restart would hide. Beyond the end of the stream is handled by the hub (stream.reset).
 */
export const lastEventIdOf = (
  request: FastifyRequest,
  fromQuery: string | undefined,
): number | null => {
  const header = request.headers['last-event-id'];
  if (header === undefined) return fromQuery === undefined ? null : Number(fromQuery);
  const parsed = lastEventIdSchema.safeParse(header);
  if (!parsed.success) {
    throw new AppError(
      'request.invalid',
      undefined,
      issuesOf(parsed.error, 'headers.last-event-id'),
    );
  }
  return Number(parsed.data);
};

const errorCodes = {
  too_many_streams: 'events.too_many_streams',
  closing: 'server.unavailable',
  forbidden: 'auth.forbidden',
  not_found: 'request.not_found',
} as const;

/** Answers a request with an event stream once `open` subscribed it, or with its refusal. */
export const stream = async (
  request: FastifyRequest,
  reply: FastifyReply,
  open: (sink: EventSink) => Promise<OpenStreamResult>,
) => {
  const sink = createSseSink(reply, PREAMBLE);
  let subscription: { close(): void } | null = null;
  let gone = false;
  reply.raw.once('close', () => {
    gone = true;
    subscription?.close();
  });
  let result: OpenStreamResult;
  try {
    result = await open(sink);
  } catch (error) {
    // Once the stream has started, the error can no longer be an HTTP answer: the stream ends
    // and the client resumes from its Last-Event-ID.
    if (!sink.opened) throw error;
    request.log.warn({ err: error }, 'event stream failed');
    return reply;
  }
  if ('error' in result) {
    if (gone) return reply;
    throw new AppError(errorCodes[result.error]);
  }
  sink.open();
  subscription = result.ok;
  if (gone) subscription.close();
  return reply;
};

export const registerRealtimeRoutes = (
  app: FastifyInstance,
  deps: { realtime: RealtimeService },
) => {
  route(app, getMyEvents, async ({ request, reply, query }) =>
    stream(request, reply, (sink) =>
      deps.realtime.openUserStream(
        principalOf(request),
        lastEventIdOf(request, query.lastEventId),
        sink,
      ),
    ),
  );

  for (const contract of [getSessionEvents, getTrainerSessionEvents]) {
    route(app, contract, async ({ request, reply, params, query }) =>
      stream(request, reply, (sink) =>
        deps.realtime.openSessionStream(
          principalOf(request),
          params.uuid,
          lastEventIdOf(request, query.lastEventId),
          sink,
        ),
      ),
    );
  }
};
