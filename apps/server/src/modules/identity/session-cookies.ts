import { cookieNames, CSRF_HEADER_NAME, LOCALE_COOKIE_DAYS } from '@rampart/contracts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken, safeEqual } from '../../lib/secrets.js';
import type { Interface } from './identity.repository.js';

export const sessionCookieName: Record<Interface, string> = {
  player: cookieNames.playerSession,
  trainer: cookieNames.trainerSession,
};

export const CSRF_HEADER = CSRF_HEADER_NAME.toLowerCase();

/**
 * The header as the web client encoded it. A malformed percent-encoding is no token at all (a
 * mismatch), not an exception.
 */
const decodedHeader = (sent: string): string => {
  try {
    return decodeURIComponent(sent);
  } catch {
    return '';
  }
};

/**
 * The cookies of the two interfaces and the anti-forgery token bound to them. The token is an
 * HMAC of both session cookies, so it is worthless with any other session, and a fresh one is
 * sent whenever either cookie changes (login, logout, password change).
 */
export const createSessionCookies = (options: { secret: string; crossOrigin: boolean }) => {
  const base = (request: FastifyRequest): CookieSerializeOptions => ({
    path: '/',
    sameSite: options.crossOrigin ? 'none' : 'lax',
    secure: options.crossOrigin || request.protocol === 'https',
  });

  const tokenFor = (cookies: { player?: string | undefined; trainer?: string | undefined }) =>
    hmac(options.secret, `csrf|${cookies.player ?? ''}|${cookies.trainer ?? ''}`);

  const current = (request: FastifyRequest) => ({
    player: request.cookies[sessionCookieName.player],
    trainer: request.cookies[sessionCookieName.trainer],
  });

  /** Cookies as they will be after this response: the request's, with this response's changes. */
  const pending = new WeakMap<
    FastifyRequest,
    { player?: string | undefined; trainer?: string | undefined }
  >();

  const issueCsrf = (request: FastifyRequest, reply: FastifyReply) => {
    const cookies = { ...current(request), ...pending.get(request) };
    reply.setCookie(cookieNames.csrf, tokenFor(cookies), { ...base(request), httpOnly: false });
  };

  return {
    read: (request: FastifyRequest, iface: Interface) => request.cookies[sessionCookieName[iface]],

    /** Sets an interface's session cookie (a browser-session cookie; expiry is kept server-side). */
    setSession(request: FastifyRequest, reply: FastifyReply, iface: Interface, value: string) {
      pending.set(request, { ...pending.get(request), [iface]: value });
      reply.setCookie(sessionCookieName[iface], value, { ...base(request), httpOnly: true });
      issueCsrf(request, reply);
    },

    /** Replaces an interface's session with a guest one (after logout), with a fresh token. */
    resetToGuest(request: FastifyRequest, reply: FastifyReply, iface: Interface) {
      this.setSession(request, reply, iface, randomToken(32));
    },

    /** `GET /api/csrf-cookie`: a guest session when there is none, and the token. */
    ensureGuestAndToken(request: FastifyRequest, reply: FastifyReply) {
      if (
        !request.cookies[sessionCookieName.player] &&
        !request.cookies[sessionCookieName.trainer]
      ) {
        this.setSession(request, reply, 'player', randomToken(32));
      } else {
        issueCsrf(request, reply);
      }
    },

    verifyCsrf(request: FastifyRequest): boolean {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || sent.length === 0) return false;
      const cookies = current(request);
      if (!cookies.player && !cookies.trainer) return false;
      return safeEqual(decodedHeader(sent), tokenFor(cookies));
    },

    setLocale(request: FastifyRequest, reply: FastifyReply, locale: string) {
      reply.setCookie(cookieNames.locale, locale, {
        ...base(request),
        sameSite: options.crossOrigin ? 'none' : 'lax',
        httpOnly: false,
        maxAge: LOCALE_COOKIE_DAYS * 86_400,
      });
    },
  };
};

export type SessionCookies = ReturnType<typeof createSessionCookies>;
