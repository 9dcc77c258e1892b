import { z } from 'zod';
import { lastEventIdSchema } from '../realtime/events.js';
import { defineRoute } from './route.js';

/**
 * Server-Sent Events streams. Each message: `id: <sequence>`, `event: <type>`, `data: <JSON
 * envelope>` (realtime/events.ts); a comment line every heartbeat. Replay: the `Last-Event-ID`
 * header or `?lastEventId=` (the header wins). A malformed id is 422 (no stream); an id beyond
 * the end of the stream opens the stream with a `stream.reset` message. Too many open streams
 * for one account: 429 `events.too_many_streams`.
 */
const streamQuery = z.object({ lastEventId: lastEventIdSchema.optional() });
const eventStream = z.string().describe('text/event-stream');

export const getMyEvents = defineRoute({
  method: 'GET',
  path: '/api/me/events',
  summary: 'The caller’s own event stream (support replies, invitations, joinable sessions)',
  tag: 'events',
  access: 'player',
  query: streamQuery,
  produces: 'text/event-stream',
  responses: { 200: eventStream, 401: null, 422: null, 429: null },
});

export const getSessionEvents = defineRoute({
  method: 'GET',
  path: '/api/sessions/{uuid}/events',
  summary: 'A gaming session’s event stream, with the events of the caller’s team',
  tag: 'events',
  access: 'player',
  params: z.object({ uuid: z.uuid() }),
  query: streamQuery,
  produces: 'text/event-stream',
  responses: { 200: eventStream, 401: null, 403: null, 404: null, 422: null, 429: null },
});

export const getTrainerSessionEvents = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/events',
  summary: 'Any gaming session’s event stream, with the trainers’ audience',
  tag: 'events',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  query: streamQuery,
  produces: 'text/event-stream',
  responses: { 200: eventStream, 401: null, 404: null, 422: null, 429: null },
});
