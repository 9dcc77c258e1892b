import type { FastifyRequest } from 'fastify';

/** A console ticket in a URL is a credential (docs/labs.md): logs keep only its place. */
export const maskTicket = (url: string) => url.replace(/([?&]ticket=)[^&]*/, '$1[redacted]');

/** A display link's token is the path segment after `display/` (the page's and the API's). */
export const maskDisplayToken = (url: string) =>
  url.replace(/(^|\/)(display\/)[^/?#]+/, '$1$2[redacted]');

/** Fastify's own request log fields, with the URL masked. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: maskDisplayToken(maskTicket(request.url)),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
