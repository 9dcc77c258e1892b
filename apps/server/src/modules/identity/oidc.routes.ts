import {
  cookieNames,
  deletePlayerIdentity,
  getOidcCallback,
  getOidcStart,
  getPlayerIdentity,
  IDENTITY_PROVIDER_COOKIE_MINUTES,
  putPlayerIdentity,
  SIGN_IN_ERROR_PARAM,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { AppError } from '../../lib/errors.js';
import { principalOf } from './auth.plugin.js';
import { requestMeta, startCookieSession, type AuthRouteDeps } from './auth.routes.js';
import type { AccountIdentityRepository } from './account-identity.repository.js';
import type { Interface } from './identity.repository.js';
import { openFlight, safeReturnPath, sealFlight } from './oidc-flight.js';
import {
  findPlayerIdentity,
  linkPlayerIdentity,
  unlinkPlayerIdentity,
  type OidcService,
} from './oidc.service.js';

export interface OidcRouteDeps extends AuthRouteDeps {
  oidc: OidcService | null;
  identities: AccountIdentityRepository;
  /** Signs the identity-provider cookie. */
  secret: string;
  crossOrigin: boolean;
}

const FLIGHT_PATH = '/api/auth/oidc';

export const loginPathOf = (iface: Interface) =>
  iface === 'trainer' ? '/trainer/login' : '/login';
const homePathOf = (iface: Interface) => (iface === 'trainer' ? '/trainer' : '/');

/** The address the provider sends browsers back to, as registered there. */
export const callbackUrlOf = (request: FastifyRequest) =>
  // Normalised (no default port), the same string at the authorization and the token request.
  new URL(getOidcCallback.path, `${request.protocol}://${request.host}`).href;

export const registerOidcRoutes = (app: FastifyInstance, deps: OidcRouteDeps) => {
  // Sent on the provider's top-level redirect back (Lax), to the two sign-in routes only.
  const flightCookie = (request: FastifyRequest) => ({
    path: FLIGHT_PATH,
    httpOnly: true,
    sameSite: deps.crossOrigin ? ('none' as const) : ('lax' as const),
    secure: deps.crossOrigin || request.protocol === 'https',
  });
  const enabled = () => {
    if (!deps.oidc) throw new AppError('auth.oidc_disabled');
    return deps.oidc;
  };
  const refusedAt = (iface: Interface, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    return `${loginPathOf(iface)}?${SIGN_IN_ERROR_PARAM}=${encodeURIComponent(error.code)}`;
  };

  route(app, getOidcStart, async ({ query, request, reply }) => {
    const oidc = enabled();
    reply.header('Cache-Control', 'no-store');
    try {
      const { url, flight } = await oidc.start(
        query.interface,
        callbackUrlOf(request),
        safeReturnPath(query.redirect),
      );
      reply.setCookie(cookieNames.identityProvider, sealFlight(deps.secret, flight), {
        ...flightCookie(request),
        maxAge: IDENTITY_PROVIDER_COOKIE_MINUTES * 60,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      return reply.redirect(refusedAt(query.interface, error), 302);
    }
  });

  route(app, getOidcCallback, async ({ request, reply }) => {
    const oidc = enabled();
    reply.header('Cache-Control', 'no-store');
    const flight = openFlight(deps.secret, request.cookies[cookieNames.identityProvider]);
    // One return per sign-in: the cookie goes whatever the outcome.
    reply.clearCookie(cookieNames.identityProvider, flightCookie(request));
    const iface = flight?.iface ?? 'player';
    try {
      const returned = new URL(flight?.redirectUri ?? callbackUrlOf(request));
      returned.search = new URL(request.url, 'http://rampart.invalid').search;
      const opened = await oidc.finish(flight, returned, requestMeta(request));
      await startCookieSession(deps, request, reply, opened);
      return reply.redirect(flight?.returnTo ?? homePathOf(iface), 302);
    } catch (error) {
      const { code, cause } = error as AppError;
      request.log.info({ code, cause }, 'sign-in through the provider refused');
      return reply.redirect(refusedAt(iface, error), 302);
    }
  });

  route(app, getPlayerIdentity, async ({ params, request }) => ({
    identity: await findPlayerIdentity(deps, principalOf(request), params.uuid),
  }));

  route(app, putPlayerIdentity, async ({ params, body, request, reply }) => {
    await linkPlayerIdentity(deps, principalOf(request), params.uuid, body.subject);
    return reply.code(204).send();
  });

  route(app, deletePlayerIdentity, async ({ params, request, reply }) => {
    await unlinkPlayerIdentity(deps, principalOf(request), params.uuid);
    return reply.code(204).send();
  });
};
