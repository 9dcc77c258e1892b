import { z } from 'zod';
import { avatarIds } from '../domain/avatars.js';
import { newPasswordSchema, pseudoSchema } from '../domain/identity.js';
import { authUserSchema } from './auth.js';
import { defineRoute } from './route.js';
import { localeSchema } from './system.js';

const userBody = z.object({ user: authUserSchema });

export const avatarBonusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('speedrun_extra_time'), percent: z.number() }),
  z.object({ kind: z.literal('first_blood_boost'), percent: z.number() }),
  z.object({ kind: z.literal('penalty_shield'), percent: z.number() }),
]);

export const getAvatars = defineRoute({
  method: 'GET',
  path: '/api/avatars',
  summary: 'The avatar catalogue with each bonus',
  tag: 'profile',
  access: 'player',
  responses: {
    200: z.object({
      avatars: z.array(z.object({ id: z.enum(avatarIds), bonus: avatarBonusSchema })),
    }),
  },
});

export const putAvatar = defineRoute({
  method: 'PUT',
  path: '/api/profile/avatar',
  summary: 'Chooses an avatar',
  tag: 'profile',
  access: 'player',
  body: z.object({ avatarId: z.enum(avatarIds) }).strict(),
  responses: { 200: userBody, 422: null },
});

export const putPassword = defineRoute({
  method: 'PUT',
  path: '/api/profile/password',
  summary: 'Changes the password; every session and token of the account ends, this one is renewed',
  tag: 'profile',
  access: 'player',
  body: z
    .object({
      currentPassword: z.string().min(1).max(1024),
      password: newPasswordSchema,
      passwordConfirmation: z.string().max(1024),
    })
    .strict()
    .refine((body) => body.password === body.passwordConfirmation, {
      path: ['passwordConfirmation'],
      error: 'password.confirmation_mismatch',
    }),
  responses: { 204: null, 422: null, 429: null },
});

export const putPseudo = defineRoute({
  method: 'PUT',
  path: '/api/profile/pseudo',
  summary: 'Changes the game pseudo (must differ from the current one)',
  tag: 'profile',
  access: 'player',
  body: z.object({ pseudo: pseudoSchema }).strict(),
  responses: { 200: userBody, 409: null, 422: null },
});

export const putLocale = defineRoute({
  method: 'PUT',
  path: '/api/profile/locale',
  summary: 'Saves the interface language on the account and in the locale cookie',
  tag: 'profile',
  access: 'player',
  body: z.object({ locale: localeSchema }).strict(),
  responses: { 200: userBody, 422: null },
});

/** A device as the server recognised it; the client words it in the reader's language. */
export const sessionDeviceSchema = z.object({
  /** The name given to a bearer token, if any. */
  name: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

export const profileSessionSchema = z.object({
  id: z.string(),
  device: sessionDeviceSchema,
  ip: z.string().nullable(),
  kind: z.enum(['cookie', 'token']),
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof profileSessionSchema>;

export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/profile',
  summary: 'Profile: the account and when it was created (teams and history: /api/profile/history)',
  tag: 'profile',
  access: 'player',
  responses: {
    200: z.object({ user: authUserSchema, createdAt: z.iso.datetime() }),
  },
});

export const getProfileSessions = defineRoute({
  method: 'GET',
  path: '/api/profile/sessions',
  summary: 'Active sessions and tokens of the account, with device and last activity',
  tag: 'profile',
  access: 'player',
  responses: { 200: z.object({ sessions: z.array(profileSessionSchema) }) },
});

export const postLogoutOthers = defineRoute({
  method: 'POST',
  path: '/api/profile/sessions/logout-others',
  summary: 'Ends every other session and token of the account',
  tag: 'profile',
  access: 'player',
  responses: { 204: null },
});

export const postLogoutEverywhere = defineRoute({
  method: 'POST',
  path: '/api/profile/sessions/logout-all',
  summary: 'Ends every session and token of the account, this one included',
  tag: 'profile',
  access: 'player',
  responses: { 204: null },
});

export const deleteProfileSession = defineRoute({
  method: 'DELETE',
  path: '/api/profile/sessions/{id}',
  summary: 'Ends one session or token of the account',
  tag: 'profile',
  access: 'player',
  params: z.object({ id: z.string().min(1).max(100) }),
  responses: { 204: null, 404: null },
});
