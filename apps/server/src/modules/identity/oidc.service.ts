import { IDENTITY_PROVIDER_COOKIE_MINUTES } from '@rampart/contracts';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, safeEqual } from '../../lib/secrets.js';
import type { AccountIdentityRepository } from './account-identity.repository.js';
import {
  requireCapability,
  type AuthService,
  type Principal,
  type RequestMeta,
} from './auth.service.js';
import type { IdentityRepository, Interface } from './identity.repository.js';
import type { OidcFlight } from './oidc-flight.js';
import { newAccountFields, type Claims, valueAt } from './oidc-claims.js';
import { hashPassword } from './passwords.js';

/** openid-client's codes for a provider that did not answer, or not as a provider does. */
const OUT_OF_REACH = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM']);

/** How many names a first sign-in tries when the one from the claims is taken. */
const NAME_ATTEMPTS = 5;

/**
 * Why openid-client refused a sign-in, as one of our codes. The provider's own refusals (an
 * error on the way back, a code it will not exchange: replayed, expired, another client's) are
 * `rejected`; a token that fails validation (signature, issuer, audience, expiry, nonce) is
 * `invalid_token`; a provider out of reach is `unavailable`.
 */
const refusalOf = (error: unknown): unknown => {
  if (error instanceof AppError) return error;
  const code =
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.WWWAuthenticateChallengeError
      ? 'auth.oidc_rejected'
      : error instanceof TypeError ||
          (error instanceof client.ClientError && OUT_OF_REACH.has(error.code ?? ''))
        ? 'auth.oidc_unavailable'
        : error instanceof client.ClientError
          ? 'auth.oidc_invalid_token'
          : null;
  // Anything else is ours (the database, a bug): a 500, not a story about the provider.
  if (!code) return error;
  // What the library found (for the log): its name, code and message, never a token.
  const cause = error as { name?: string; code?: string; message?: string };
  const refusal = new AppError(code);
  refusal.cause = { name: cause.name, code: cause.code, message: cause.message };
  return refusal;
};

/**
 * Sign-in through the organisation's OpenID provider: the authorization code flow with PKCE,
 * state and nonce, tokens validated by openid-client, and accounts found by the provider's
 * subject. `fetch` lets a test stand between Rampart and the provider, as an attacker on the
 * wire would.
 */
export const createOidcService = (deps: {
  config: OidcConfig;
  identities: AccountIdentityRepository;
  auth: AuthService;
  clock: Clock<Date>;
  fetch?: client.CustomFetch;
}) => {
  const { config, identities, auth, clock } = deps;
  const insecure = config.issuer.protocol === 'http:';
  let discovered: Promise<client.Configuration> | null = null;

  /** The provider's metadata, fetched once; a failure is retried by the next sign-in. */
  const discover = () => {
    discovered ??= client
      .discovery(config.issuer, config.clientId, config.clientSecret, undefined, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(deps.fetch ? { [client.customFetch]: deps.fetch } : {}),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered.catch(() => {
      throw new AppError('auth.oidc_unavailable');
    });
  };

  /**
   * The client for one token exchange. Token times are checked against Rampart's clock, the
   * one sessions expire by, rather than the machine's.
   */
  const clientAt = (server: client.Configuration) => {
    const skewSeconds = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const configuration = new client.Configuration(
      server.serverMetadata(),
      config.clientId,
      { client_secret: config.clientSecret, [client.clockSkew]: skewSeconds },
      client.ClientSecretPost(config.clientSecret),
    );
    if (insecure) client.allowInsecureRequests(configuration);
    if (deps.fetch) configuration[client.customFetch] = deps.fetch;
    return configuration;
  };

  const isTrainerByClaim = (claims: Claims) => {
    if (!config.trainerClaim) return false;
    const value = valueAt(claims, config.trainerClaim);
    const held = Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : [];
    return held.some((item) => typeof item === 'string' && config.trainerValues.includes(item));
  };

  /** The account of this subject on this interface, created at first sign-in when allowed. */
  const accountFor = async (iface: Interface, issuer: string, claims: Claims) => {
    if (iface === 'trainer' && !isTrainerByClaim(claims))
      throw new AppError('auth.oidc_no_account');
    const identity = { issuer, subject: claims.sub, role: iface };
    const known = await identities.findAccountByIdentity(identity);
    if (known) return known;
    if (!config.createAccounts) throw new AppError('auth.oidc_no_account');
    // Nobody signs in with a password to an account the provider vouches for.
    const passwordHash = await hashPassword(randomToken(32));
    for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt += 1) {
      const fields = newAccountFields(claims, config.usernameClaim, attempt);
      const created = await identities.insertAccountWithIdentity(
        { ...fields, passwordHash, role: iface },
        identity,
      );
      if (!('conflict' in created)) return created;
      if (created.conflict === 'identity') {
        const linked = await identities.findAccountByIdentity(identity);
        if (linked) return linked;
      }
    }
    throw new AppError('auth.oidc_no_account');
  };

  return {
    label: config.label,
    /** The issuer as the provider names itself (what links are keyed by). */
    issuer: async () => (await discover()).serverMetadata().issuer,
    trainersAllowed: config.trainerClaim !== null,

    /** Where to send the browser, and what its cookie keeps until it comes back. */
    async start(iface: Interface, redirectUri: string, returnTo: string | null = null) {
      if (iface === 'trainer' && !config.trainerClaim) throw new AppError('auth.oidc_disabled');
      const server = await discover();
      const flight: OidcFlight = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        iface,
        redirectUri,
        returnTo,
        expiresAtMs: clock.now().getTime() + IDENTITY_PROVIDER_COOKIE_MINUTES * 60_000,
      };
      const url = client.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        state: flight.state,
        nonce: flight.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flight.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flight };
    },

    /**
     * The browser's return: the code exchanged (with the verifier), the ID token validated,
     * the account found or created, a session opened. Throws an AppError naming the refusal.
     */
    async finish(flight: OidcFlight | null, callbackUrl: URL, meta: RequestMeta) {
      const sentState = callbackUrl.searchParams.get('state') ?? '';
      if (
        !flight ||
        flight.expiresAtMs <= clock.now().getTime() ||
        !safeEqual(sentState, flight.state)
      )
        throw new AppError('auth.oidc_state_mismatch');
      const server = await discover();
      let claims: Claims;
      try {
        const configuration = clientAt(server);
        const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flight.verifier,
          expectedState: flight.state,
          expectedNonce: flight.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims()!;
        claims = { ...idClaims };
        const wanted = [config.usernameClaim, config.trainerClaim].filter(Boolean) as string[];
        // Some providers put only the essentials in the ID token; the rest is at UserInfo.
        if (
          wanted.some((name) => valueAt(claims, name) === undefined) &&
          server.serverMetadata().userinfo_endpoint
        ) {
          const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
      } catch (error) {
        throw refusalOf(error);
      }
      const account = await accountFor(flight.iface, server.serverMetadata().issuer, claims);
      return auth.openProviderSession(account, meta);
    },

    /**
     * Where the browser ends its provider session after signing out of a session opened through
     * the provider, or null (another session, or a provider without RP-initiated logout).
     */
    async endSessionUrl(sessionIdHash: string, postLogoutRedirectUri: string) {
      if (!(await identities.isProviderSession(sessionIdHash))) return null;
      const server = await discover().catch(() => null);
      if (!server?.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(server, {
        client_id: config.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
};

/**
 * A trainer links a local player account to the provider's subject: that player's next sign-in
 * through the provider opens this account (its progress kept) instead of creating another.
 */
interface PlayerIdentityDeps {
  repo: IdentityRepository;
  identities: AccountIdentityRepository;
  oidc: OidcService | null;
}

/** The player and the provider's issuer, once the trainer may manage players' links. */
const playerAndIssuer = async (deps: PlayerIdentityDeps, trainer: Principal, playerId: string) => {
  requireCapability(trainer, 'account.manage_players');
  if (!deps.oidc) throw new AppError('auth.oidc_disabled');
  const player = await deps.repo.findAccountById(playerId);
  if (!player || player.role !== 'player') throw new AppError('account.not_found');
  return { player, issuer: await deps.oidc.issuer() };
};

/** The provider's subject a player account is linked to, or null. */
export const findPlayerIdentity = async (
  deps: PlayerIdentityDeps,
  trainer: Principal,
  playerId: string,
) => {
  const { player, issuer } = await playerAndIssuer(deps, trainer, playerId);
  return (await deps.identities.findIdentityOfAccount(player.id, issuer, 'player')) ?? null;
};

export const linkPlayerIdentity = async (
  deps: PlayerIdentityDeps,
  trainer: Principal,
  playerId: string,
  subject: string,
) => {
  const { player, issuer } = await playerAndIssuer(deps, trainer, playerId);
  const linked = await deps.identities.linkIdentity(
    player.id,
    { issuer, subject, role: 'player' },
    trainer.accountId,
  );
  if (!linked) throw new AppError('auth.identity_taken');
};

/**
 * A trainer unlinks a player account: the provider's sign-in of that person no longer opens it
 * (with account creation on, their next sign-in gets a new account). Unlinking an unlinked
 * account is a no-op, so a repeated click does no harm.
 */
export const unlinkPlayerIdentity = async (
  deps: PlayerIdentityDeps,
  trainer: Principal,
  playerId: string,
) => {
  const { player, issuer } = await playerAndIssuer(deps, trainer, playerId);
  await deps.identities.unlinkIdentity(player.id, issuer, 'player', trainer.accountId);
};

export type OidcService = ReturnType<typeof createOidcService>;
