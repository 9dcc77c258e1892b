import { z } from 'zod';
import { OIDC_CALLBACK_PATH, OIDC_START_PATH } from '../sign-in.js';
import { defineRoute } from './route.js';

/**
 * Sign-in through the organisation's OpenID provider. Both routes are browser navigations, not
 * API calls: they answer with redirects, a refusal included (to the login page with
 * `?signInError=<code>`, which the page translates).
 */
export const oidcInterfaceSchema = z.enum(['player', 'trainer']);

export const getOidcStart = defineRoute({
  method: 'GET',
  path: OIDC_START_PATH,
  summary: "Sends the browser to the identity provider's sign-in (state, nonce and PKCE)",
  tag: 'auth',
  access: 'public',
  query: z.object({
    interface: oidcInterfaceSchema.default('player'),
    /** Where to go once signed in: a path of this app (anything else is ignored). */
    redirect: z.string().max(2048).optional(),
  }),
  responses: { 302: null, 404: null, 422: null, 503: null },
});

export const getOidcCallback = defineRoute({
  method: 'GET',
  path: OIDC_CALLBACK_PATH,
  summary: 'Where the identity provider sends the browser back: opens the session, or refuses',
  tag: 'auth',
  access: 'public',
  query: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
    session_state: z.string().max(2048).optional(),
  }),
  responses: { 302: null },
});

/** After a sign-out through the provider, where the browser goes to end the provider's session. */
export const logoutBodySchema = z.object({ endSessionUrl: z.string() });

export const putPlayerIdentitySchema = z
  .object({ subject: z.string().trim().min(1).max(255) })
  .strict();

export const putPlayerIdentity = defineRoute({
  method: 'PUT',
  path: '/api/trainer/players/{uuid}/identity',
  summary: "Links a local player account to the identity provider's subject",
  tag: 'auth',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  body: putPlayerIdentitySchema,
  responses: { 204: null, 403: null, 404: null, 409: null, 422: null },
});

/** A player's link to the identity provider: the pair their sign-ins there are recognised by. */
export const playerIdentitySchema = z.object({ issuer: z.string(), subject: z.string() });
export type PlayerIdentity = z.infer<typeof playerIdentitySchema>;

export const getPlayerIdentity = defineRoute({
  method: 'GET',
  path: '/api/trainer/players/{uuid}/identity',
  summary: 'Whether a player account is linked to the identity provider, and to which subject',
  tag: 'auth',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  responses: {
    200: z.object({ identity: playerIdentitySchema.nullable() }),
    403: null,
    404: null,
  },
});

export const deletePlayerIdentity = defineRoute({
  method: 'DELETE',
  path: '/api/trainer/players/{uuid}/identity',
  summary:
    "Unlinks a player account from the identity provider: the provider's sign-in no longer opens it",
  tag: 'auth',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  responses: { 204: null, 403: null, 404: null },
});

export const oidcRoutes = [
  getOidcStart,
  getOidcCallback,
  getPlayerIdentity,
  putPlayerIdentity,
  deletePlayerIdentity,
] as const;
