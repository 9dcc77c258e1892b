import type { IncomingHttpHeaders } from 'node:http';
import type { RouteAccess } from '@rampart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../http/error-handler.js';
import { AppError } from '../../lib/errors.js';
import type { AuthService, Credential, Principal } from './auth.service.js';
import { sessionCookieName, type SessionCookies } from './session-cookies.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves and checks the caller of a route declared for players or trainers: at once when
     * the node holds the caller's session fresh in memory, else through a promise.
     */
    accessGuard: (access: RouteAccess, request: FastifyRequest) => Promise<void> | undefined;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const bearerToken = (request: { headers: IncomingHttpHeaders }): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
};

/**
 * Cross-site request forgery defence for cookie-authenticated writes: the Origin, when sent,
 * must be ours, and the X-XSRF-TOKEN header must carry the token bound to this browser's
 * session cookies. Requests authenticated by a bearer token carry no ambient credential and
 * skip both; they are then authenticated by the token alone, never by a cookie.
 */
export const registerAuth = (
  app: FastifyInstance,
  deps: { auth: AuthService; cookies: SessionCookies; allowedOrigins: string[] },
) => {
  app.decorateRequest('principal', null);

  /** Why a request may not write with this browser's cookies, or null when it may. */
  const forgeryOf = (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.is404)
      return null;
    if (bearerToken(request) !== null || request.routeOptions.config.contract?.csrfExempt)
      return null;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const allowed =
        deps.allowedOrigins.length > 0
          ? deps.allowedOrigins
          : [`${request.protocol}://${request.host}`];
      if (!allowed.includes(origin)) return 'auth.origin_mismatch' as const;
    }
    if (!deps.cookies.verifyCsrf(request)) {
      request.log.info({ url: request.url }, 'CSRF token mismatch');
      return 'auth.csrf_mismatch' as const;
    }
    return null;
  };
  // Callback-style, like the app's other per-request hooks: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = forgeryOf(request);
    if (refusal === null) return done();
    void sendError(reply, refusal);
  });

  const authenticated = async (
    credential: Credential | null,
    access: 'player' | 'trainer',
    request: FastifyRequest,
  ) => {
    const result = credential ? await deps.auth.authenticate(credential, access) : null;
    if (result === 'expired') throw new AppError('auth.session_expired');
    if (!result) throw new AppError('auth.unauthenticated');
    request.principal = result;
  };

  // A session this node holds fresh, with nothing due on it (`cachedPrincipal`), is the caller
  // without a promise: most requests of a game. Anything else goes through `authenticate`,
  // which looks the session up, refreshes it, records its activity or ends it when idle.
  app.decorate('accessGuard', (access: RouteAccess, request: FastifyRequest) => {
    if (access !== 'player' && access !== 'trainer') return undefined;
    const token = bearerToken(request);
    const cookie = token === null ? deps.cookies.read(request, access) : undefined;
    const credential: Credential | null =
      token !== null
        ? { kind: 'token', value: token }
        : cookie
          ? { kind: 'cookie', value: cookie }
          : null;
    const cached = credential && deps.auth.cachedPrincipal(credential, access);
    if (!cached) return authenticated(credential, access, request);
    request.principal = cached;
    return undefined;
  });
};

/** The value of the first cookie `name` in a Cookie header, if it needs no decoding. */
const plainCookie = (header: string | undefined, name: string): string | null => {
  if (!header) return null;
  let at = header.startsWith(`${name}=`) ? 0 : header.indexOf(`; ${name}=`);
  if (at < 0) return null;
  at += at === 0 ? name.length + 1 : name.length + 3;
  const end = header.indexOf(';', at);
  const value = header.slice(at, end < 0 ? undefined : end).trim();
  return value === '' || /["%]/.test(value) ? null : value;
};

/**
 * The caller of a hot read (answered before the framework), as the access guard would find it,
 * if the node holds its session fresh in memory; otherwise null, and the request goes the
 * ordinary way. Bearer token first, then the interface's session cookie, as the guard reads them.
 */
export const cachedPrincipalOf = (
  auth: AuthService,
  headers: IncomingHttpHeaders,
  access: 'player' | 'trainer',
): Principal | null => {
  const token = bearerToken({ headers });
  if (token !== null) return auth.cachedPrincipal({ kind: 'token', value: token }, access);
  const cookie = plainCookie(headers.cookie, sessionCookieName[access]);
  return cookie ? auth.cachedPrincipal({ kind: 'cookie', value: cookie }, access) : null;
};

/**
 * Whether a request is signed in to one interface, by the credential the access guard would take
 * (bearer token first, then the interface's session cookie), without the guard's effects on the
 * session (`AuthService.isSignedIn`). A guest's session cookie (`GET /api/csrf-cookie` sets one)
 * is no sign-in.
 */
export const isSignedInAs = (
  auth: AuthService,
  request: FastifyRequest,
  access: 'player' | 'trainer',
): Promise<boolean> => {
  const token = bearerToken(request);
  const cookie = token === null ? request.cookies[sessionCookieName[access]] : undefined;
  if (token !== null) return auth.isSignedIn({ kind: 'token', value: token }, access);
  return cookie
    ? auth.isSignedIn({ kind: 'cookie', value: cookie }, access)
    : Promise.resolve(false);
};

/** The authenticated caller of a route declared for players or trainers. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new AppError('auth.unauthenticated');
  return request.principal;
};
