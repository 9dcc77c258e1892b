import type { ErrorBody, ErrorCode, FieldIssue } from '@rampart/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { AppError, messageFor } from '../lib/errors.js';
import { noteRequestFailure } from './request-log.js';

export const sendError = (
  reply: FastifyReply,
  code: ErrorCode,
  message: string = messageFor(code),
  issues?: FieldIssue[],
) => {
  const body: ErrorBody = { error: { code, message, ...(issues ? { issues } : {}) } };
  const status = new AppError(code).status;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
};

/** Fastify's own client errors (bad JSON, wrong content type, body too large…) by status. */
const frameworkCodes: Record<number, ErrorCode> = {
  400: 'request.malformed',
  404: 'request.not_found',
  405: 'request.method_not_allowed',
  406: 'request.malformed',
  408: 'request.timeout',
  411: 'request.malformed',
  413: 'request.too_large',
  414: 'request.url_too_long',
  415: 'request.unsupported_media_type',
  431: 'request.headers_too_large',
  429: 'request.rate_limited',
};

/**
 * One error handler for the whole app: domain errors keep their code, client errors from the
 * framework get a request.* code, a lost database is 503, and anything else is a 500 whose body
 * says nothing about the internals. Client errors come before the database check: a body the
 * client stops sending fails with the socket's ECONNRESET, which must not read as a lost
 * database.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.code, error.message, error.issues);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (request.raw.aborted || error.code === 'ECONNRESET') {
        request.log.info('request body aborted by the client');
        return sendError(reply, 'request.malformed');
      }
      // The code's own message: the framework's may quote the request (a content type, a
      // piece of a body that is not JSON), and nothing of it is echoed back.
      return sendError(reply, frameworkCodes[status] ?? 'request.malformed');
    }
    if (isDatabaseUnavailable(error)) {
      noteRequestFailure(request, error);
      return sendError(reply, 'database.unavailable');
    }
    // The request's log line carries it, at error level with its stack.
    noteRequestFailure(request, error);
    return sendError(reply, 'server.internal');
  });
};
