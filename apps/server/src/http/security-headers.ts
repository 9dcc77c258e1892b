import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './paths.js';

/**
 * The headers helmet would write, computed once at start-up: none of them depends on the
 * request, so each answer gets a copy of a ready object instead of running helmet's dozen
 * middlewares again (the pre-serialised routes are measured against a bare server).
 */
const headersOf = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
};

/**
 * What an API answer or a file of the build needs (OWASP's REST security headers): nothing in it
 * may run, load or be framed if a browser ever renders it, no sniffing, no referrer, and only
 * this origin may embed it. The document-only headers (the app's policy, opener policy,
 * origin-agent cluster, DNS prefetch, legacy IE and Flash switches) do nothing on JSON or a
 * script, and every answer carries their bytes: a game screen loads some thirty files, each
 * about half a kilobyte lighter without them, on a phone's link.
 */
const apiHeadersOf = (hsts: Record<string, string>): Record<string, string> => ({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  ...hsts,
});

export interface SecurityHeaders {
  /** For documents (the SPA and its files). */
  readonly document: Readonly<Record<string, string>>;
  /**
   * For API answers, the build's files (`/assets/`, scripts and styles the documents load), and
   * every error the framework writes before any route runs.
   */
  readonly api: Readonly<Record<string, string>>;
}

/**
 * The security headers of every answer, computed once. Documents (the SPA): scripts only from
 * our own origin (it is built without inline scripts); inline styles are allowed because
 * components and the toast library set them. No `upgrade-insecure-requests`: a classroom server
 * is often reached over plain HTTP on a LAN address, where upgrading subresources to HTTPS would
 * break the page. API answers: the short set above.
 */
export const securityHeadersOf = (options: { hsts: boolean }): SecurityHeaders => {
  const document = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const hsts = document['strict-transport-security'];
  return { document, api: apiHeadersOf(hsts ? { 'strict-transport-security': hsts } : {}) };
};

/** The build's hashed files (apps/web's `assets/`): never a document. */
const isBuildFile = (url: string) => url.startsWith('/assets/');

/**
 * Security headers on every answer, set when a request arrives, so a route may still replace
 * one (a download's sandboxing CSP).
 */
export const registerSecurityHeaders = (app: FastifyInstance, headers: SecurityHeaders) => {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(isApiPath(url) || isBuildFile(url) ? headers.api : headers.document);
    done();
  });
};
