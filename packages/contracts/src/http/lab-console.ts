import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The Console tab's terminal (docs/labs.md). The browser first asks for a ticket, then
 * opens `GET /ws/console?ticket=…`: the product's one WebSocket. Binary frames carry raw bytes
 * both ways (keystrokes in, terminal output out); text frames carry the small JSON control
 * messages below.
 */

/** A terminal dimension the server accepts: anything outside is refused, the shell untouched. */
export const consoleDimension = z.number().int().min(1).max(500);

/** Browser → server control messages. */
export const consoleClientMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('resize'), cols: consoleDimension, rows: consoleDimension }).strict(),
  z.object({ t: z.literal('ping') }).strict(),
]);
export type ConsoleClientMessage = z.infer<typeof consoleClientMessageSchema>;

/**
 * Why the server refused a frame or ended the console: `bad_frame` (not the protocol, the shell
 * untouched), `flood` (input faster than the shell takes it: dropped), `idle` and `expired`
 * (the console or the environment timed out), `unavailable` (the provider failed), `released`
 * (the environment was released: by a trainer, the session's end, its expiry or a failure).
 */
export const consoleErrorCodes = [
  'bad_frame',
  'flood',
  'idle',
  'expired',
  'unavailable',
  'released',
] as const;
export type ConsoleErrorCode = (typeof consoleErrorCodes)[number];

/** Server → browser control messages. */
export const consoleServerMessageSchema = z.discriminatedUnion('t', [
  /** The shell ended; `code` is its exit status (null when it was killed). */
  z.object({ t: z.literal('exit'), code: z.number().int().nullable() }),
  z.object({ t: z.literal('error'), code: z.enum(consoleErrorCodes) }),
  z.object({ t: z.literal('pong') }),
  /** Sent first: whether this connection opened a new shell or re-attached to the one kept. */
  z.object({ t: z.literal('attached'), resumed: z.boolean() }),
]);
export type ConsoleServerMessage = z.infer<typeof consoleServerMessageSchema>;

/** WebSocket close codes the browser tells apart (4000–4999 are the application's). */
export const consoleCloseCodes = {
  /** The shell exited: a new console opens a new one. */
  ended: 4000,
  idle: 4001,
  /** The environment was released or expired. */
  expired: 4002,
  unavailable: 4003,
  /** The team holds as many consoles as it may. */
  limit: 4004,
  /** The same shell was re-attached from another connection. */
  replaced: 4005,
} as const;

export const consoleTicketSchema = z.object({
  /** Single use, valid for `expiresInSeconds`: the `ticket` query parameter of `/ws/console`. */
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
  /** The socket's path, relative to the app's origin. */
  url: z.string(),
});
export type ConsoleTicket = z.infer<typeof consoleTicketSchema>;

export const postConsoleTicket = defineRoute({
  method: 'POST',
  path: '/api/sessions/{uuid}/environment/console-tickets',
  summary: 'A single-use ticket opening the team environment’s console (30 s)',
  tag: 'labs',
  access: 'player',
  params: z.object({ uuid: z.uuid() }),
  responses: { 201: consoleTicketSchema, 403: null, 404: null, 409: null, 429: null },
});

/**
 * The console itself. The ticket is its only credential (a WebSocket carries no custom header,
 * and the ticket is bound to the Origin that asked for it); a refusal comes before the upgrade,
 * as a plain HTTP error.
 */
export const openConsoleSocket = defineRoute({
  method: 'GET',
  path: '/ws/console',
  summary:
    'Opens a lab console: a WebSocket, raw terminal bytes in binary frames, JSON control in text frames',
  tag: 'labs',
  access: 'public',
  upgrade: 'websocket',
  query: z.object({ ticket: z.string() }),
  responses: { 101: null, 401: null, 403: null, 404: null, 409: null, 422: null },
});

export const labConsoleRoutes = [postConsoleTicket] as const;
