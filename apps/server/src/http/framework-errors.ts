import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorStatus, type ErrorBody, type ErrorCode } from '@rampart/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageFor } from '../lib/errors.js';
import { sendError } from './error-handler.js';
import type { SecurityHeaders } from './security-headers.js';

/**
 * The answers Fastify and Node write themselves, before any route or hook of ours runs: a URL
 * that does not decode, a path parameter over the router's limit, a request the HTTP parser
 * refuses (headers too large, a broken request line, a request that never finishes arriving).
 * Rampart answers them like any other bad input: its error shape, a stable code, the API's
 * security headers, nothing of the request echoed back, and a log line at info level at most,
 * since a stranger can send them at will.
 */

/** Fastify's `frameworkErrors` option: a bad URL or an over-long path parameter. */
export const frameworkErrorHandler =
  (headers: SecurityHeaders) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code: ErrorCode =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'request.url_too_long' : 'request.malformed';
    request.log.info({ code: error.code }, 'unreadable request URL');
    reply.headers(headers.api).header('X-Request-Id', request.id);
    return sendError(reply, code);
  };

/** Node's parser errors by their code; anything else it refuses is a malformed request. */
const parserCodes: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request.timeout',
  HPE_HEADER_OVERFLOW: 'request.headers_too_large',
};

/**
 * The HTTP server's `clientError` listener (Fastify's `clientErrorHandler`): the request never
 * became a request object, so the answer is written on the socket as Node itself would, then
 * the connection is closed.
 */
export const clientErrorHandler = (headers: SecurityHeaders) =>
  function handleClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    // A connection the client reset has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = parserCodes[error.code ?? ''] ?? 'request.malformed';
    this.log.info({ code: error.code }, 'request refused by the HTTP parser');
    const status = errorStatus[code];
    const body: ErrorBody = { error: { code, message: messageFor(code) } };
    const json = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Connection: close',
      ...Object.entries(headers.api).map(([name, value]) => `${name}: ${value}`),
    ];
    // Like Node's own handler: nothing is written once an answer has started on this socket.
    const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !response?.headersSent)
      socket.write(`${lines.join('\r\n')}\r\n\r\n${json}`);
    socket.destroy(error);
  };
