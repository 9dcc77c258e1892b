import {
  getCsrfCookie,
  playerAuth,
  postMagicLink,
  postMagicLogin,
  trainerAuth,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { sha256 } from '../../lib/secrets.js';
import { bearerToken, principalOf } from './auth.plugin.js';
import { toAuthUser, type AuthService, type Principal } from './auth.service.js';
import type { IdentityRepository, Interface } from './identity.repository.js';
import type { OidcService } from './oidc.service.js';
import type { SessionCookies } from './session-cookies.js';

export interface AuthRouteDeps {
  auth: AuthService;
  cookies: SessionCookies;
  repo: IdentityRepository;
  /** Sign-in through the identity provider, when configured. */
  oidc?: OidcService | null;
}

interface IdentityRouteDeps extends AuthRouteDeps {
  /** The last sequence of an account's own event stream (0 before its first event). */
  userStreamPosition: (accountId: string) => Promise<number>;
}

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip ?? 'unknown',
  userAgent: request.headers['user-agent'] ?? null,
});

/** The address of the login screen that consumes a single-use login link, on this server. */
export const magicLinkUrl = (request: FastifyRequest, token: string) =>
  `${request.protocol}://${request.host}/login?magic=${encodeURIComponent(token)}`;

/** Starts a cookie session: the old one of this interface ends (no fixation), cookies rotate. */
export const startCookieSession = async (
  deps: AuthRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  opened: { secret: string; principal: Principal },
) => {
  const iface = opened.principal.session.interface;
  const previous = deps.cookies.read(request, iface);
  if (previous) await deps.auth.endSession(sha256(previous));
  deps.cookies.setSession(request, reply, iface, opened.secret);
  deps.cookies.setLocale(request, reply, opened.principal.locale);
  return { user: toAuthUser(opened.principal) };
};

const registerInterface = (
  app: FastifyInstance,
  deps: IdentityRouteDeps,
  iface: Interface,
  contracts: typeof playerAuth,
) => {
  route(app, contracts.login, async ({ body, request, reply }) => {
    const opened = await deps.auth.login(
      iface,
      body.username,
      body.password,
      requestMeta(request),
      body.locale,
    );
    return startCookieSession(deps, request, reply, opened);
  });

  route(app, contracts.token, async ({ body, request }) => {
    const opened = await deps.auth.issueToken(
      iface,
      body.username,
      body.password,
      requestMeta(request),
      body.deviceName,
    );
    return {
      token: opened.secret,
      tokenType: 'Bearer' as const,
      user: toAuthUser(opened.principal),
    };
  });

  route(app, contracts.user, async ({ request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    const principal = principalOf(request);
    return {
      user: toAuthUser(principal),
      streamPosition: await deps.userStreamPosition(principal.accountId),
    };
  });

  route(app, contracts.logout, async ({ request, reply }) => {
    const principal = principalOf(request);
    const loginPath = iface === 'trainer' ? '/trainer/login' : '/login';
    const loginUrl = new URL(loginPath, `${request.protocol}://${request.host}`).href;
    const endSessionUrl = await deps.oidc?.endSessionUrl(principal.session.idHash, loginUrl);
    await deps.auth.endSession(principal.session.idHash);
    if (bearerToken(request) === null) deps.cookies.resetToGuest(request, reply, iface);
    // Signed in through the provider: the browser goes there next to end that session too.
    if (endSessionUrl) return reply.code(200).send({ endSessionUrl });
    return reply.code(204).send();
  });
};

export const registerAuthRoutes = (app: FastifyInstance, deps: IdentityRouteDeps) => {
  route(app, getCsrfCookie, async ({ request, reply }) => {
    deps.cookies.ensureGuestAndToken(request, reply);
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });

  registerInterface(app, deps, 'player', playerAuth);
  registerInterface(app, deps, 'trainer', trainerAuth);

  route(app, postMagicLogin, async ({ body, request, reply }) => {
    const opened = await deps.auth.loginWithMagicLink(
      body.token,
      requestMeta(request),
      body.locale,
    );
    return startCookieSession(deps, request, reply, opened);
  });

  route(app, postMagicLink, async ({ params, request, reply }) => {
    const link = await deps.auth.issueMagicLink(principalOf(request), params.uuid);
    const url = magicLinkUrl(request, link.token);
    return reply
      .code(201)
      .send({ url, token: link.token, expiresAt: link.expiresAt.toISOString() });
  });
};
