import { z } from 'zod';
import { capabilities, roles } from '../domain/capabilities.js';
import { avatarIds } from '../domain/avatars.js';
import { CSRF_COOKIE_PATH, MAGIC_LOGIN_PATH, sessionPaths } from '../sign-in.js';
import { logoutBodySchema } from './oidc.js';
import { defineRoute } from './route.js';
import { localeSchema } from './system.js';

export const authUserSchema = z.object({
  uuid: z.uuid(),
  username: z.string(),
  pseudo: z.string(),
  role: z.enum(roles),
  avatarId: z.enum(avatarIds).nullable(),
  locale: localeSchema,
  capabilities: z.array(z.enum(capabilities)),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * Login bodies accept anything reasonably sized; the rules of usernames are not revealed here.
 * `locale` is the language the login page was shown in: an account whose holder never chose
 * one follows it.
 */
export const credentialsSchema = z
  .object({
    username: z.string().min(1).max(128),
    password: z.string().min(1).max(1024),
    locale: localeSchema.optional(),
  })
  .strict();

export const tokenRequestSchema = credentialsSchema.extend({
  deviceName: z.string().trim().min(1).max(100).optional(),
});

const userBody = z.object({ user: authUserSchema });
/**
 * The user as the app reads it on arrival, with where the account's own event stream
 * (`/api/me/events`) stands: opened from there, that stream replays whatever is addressed to the
 * account after this read, however late the app opens it.
 */
const identityBody = userBody.extend({ streamPosition: z.number().int().nonnegative() });
const tokenBody = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  user: authUserSchema,
});

export const getCsrfCookie = defineRoute({
  method: 'GET',
  path: CSRF_COOKIE_PATH,
  summary: 'Starts a guest session when there is none and sets the XSRF-TOKEN cookie',
  tag: 'auth',
  access: 'public',
  responses: { 204: null },
});

const side = (interfaceName: 'player' | 'trainer') => {
  const paths = sessionPaths[interfaceName];
  const who = interfaceName === 'player' ? 'player' : 'trainer';
  return {
    login: defineRoute({
      method: 'POST',
      path: paths.login,
      summary: `Logs a ${who} in with a cookie (new session id, fresh XSRF-TOKEN)`,
      tag: 'auth',
      access: 'public',
      body: credentialsSchema,
      responses: { 200: userBody, 401: null, 422: null, 429: null },
    }),
    token: defineRoute({
      method: 'POST',
      path: paths.token,
      summary: `Issues a bearer token for a ${who} (API clients, token mode)`,
      tag: 'auth',
      access: 'public',
      csrfExempt: true,
      body: tokenRequestSchema,
      responses: { 200: tokenBody, 401: null, 422: null, 429: null },
    }),
    user: defineRoute({
      method: 'GET',
      path: paths.user,
      summary: `The authenticated ${who}`,
      tag: 'auth',
      access: interfaceName,
      responses: { 200: identityBody, 401: null },
    }),
    logout: defineRoute({
      method: 'POST',
      path: paths.logout,
      summary: `Ends the ${who}'s session (or revokes the bearer token used); 200 when the identity provider's session should end too`,
      tag: 'auth',
      access: interfaceName,
      responses: { 200: logoutBodySchema, 204: null, 401: null },
    }),
  };
};

export const playerAuth = side('player');
export const trainerAuth = side('trainer');

export const magicLoginSchema = z
  .object({ token: z.string().min(1).max(200), locale: localeSchema.optional() })
  .strict();

export const postMagicLogin = defineRoute({
  method: 'POST',
  path: MAGIC_LOGIN_PATH,
  summary: 'Logs a player in with a single-use link issued by a trainer',
  tag: 'auth',
  access: 'public',
  body: magicLoginSchema,
  responses: { 200: userBody, 403: null, 404: null, 410: null, 422: null, 429: null },
});

export const magicLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.iso.datetime(),
});

export const postMagicLink = defineRoute({
  method: 'POST',
  path: '/api/trainer/players/{uuid}/magic-links',
  summary: 'Issues a single-use login link for a player',
  tag: 'auth',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  responses: { 201: magicLinkSchema, 403: null, 404: null },
});

export const playerSummarySchema = z.object({
  uuid: z.uuid(),
  username: z.string(),
  pseudo: z.string(),
  avatarId: z.enum(avatarIds).nullable(),
  locale: localeSchema,
  /** The latest activity of any of the player's sessions; null when they never signed in. */
  lastActivityAt: z.iso.datetime().nullable(),
});

export const getTrainerPlayers = defineRoute({
  method: 'GET',
  path: '/api/trainer/players',
  summary: 'Player accounts',
  tag: 'auth',
  access: 'trainer',
  responses: { 200: z.object({ players: z.array(playerSummarySchema) }) },
});
