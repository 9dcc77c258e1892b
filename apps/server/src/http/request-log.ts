import type { FastifyRequest } from 'fastify';

/** A console ticket in a URL is a credential (docs/labs.md): logs keep only its place. */
export const maskTicket = (url: string) => url.replace(/([?&]ticket=)[^&]*/, '$1[redacted]');

/** Fastify's own request log fields, with the URL masked. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: maskTicket(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
