import { z } from 'zod';
import { newPasswordSchema, pseudoSchema, usernameSchema } from '../domain/identity.js';
import { defineRoute } from './route.js';
import { uploadedFileSchema } from './sessions.js';
import { localeSchema } from './system.js';

/** Limits of a CSV import of players: beyond them the file is refused whole. */
export const PLAYERS_CSV_MAX_ROWS = 2000;
export const PLAYERS_CSV_MAX_BYTES = 1024 * 1024;
export const PLAYERS_CSV_HEADER = ['username', 'pseudo', 'locale'] as const;

/**
 * What the trainer hands over to a player: a single-use login link, or a password shown once.
 * Neither is stored in clear on the server, so it cannot be shown again.
 */
export const playerHandoverSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('magic_link'), url: z.string(), expiresAt: z.iso.datetime() }),
  z.object({ kind: z.literal('password'), password: z.string() }),
]);
export type PlayerHandover = z.infer<typeof playerHandoverSchema>;

export const createdPlayerSchema = z.object({
  uuid: z.uuid(),
  username: z.string(),
  pseudo: z.string(),
  locale: localeSchema,
});

export const newPlayerSchema = z
  .object({
    username: usernameSchema,
    pseudo: pseudoSchema,
    locale: localeSchema,
    password: newPasswordSchema.optional(),
  })
  .strict();

export const postTrainerPlayer = defineRoute({
  method: 'POST',
  path: '/api/trainer/players',
  summary:
    'Creates a player; without a password, the answer carries a single-use login link to hand over (a temporary password when links are disabled)',
  tag: 'auth',
  access: 'trainer',
  body: newPlayerSchema,
  responses: {
    201: z.object({ player: createdPlayerSchema, handover: playerHandoverSchema.nullable() }),
    403: null,
    409: null,
    422: null,
  },
});

/**
 * Why a CSV row was not imported; translated in the browser (`players:rowErrors.<code>`). A row
 * lists every reason that holds, in this order (a row whose user name and pseudo are both taken
 * says `username_taken` and `pseudo_taken`, even when it lost a race to another import).
 */
export const csvRowErrorCodes = [
  'missing_field',
  'too_many_fields',
  'bad_username',
  'bad_pseudo',
  'bad_locale',
  'too_long',
  'duplicate_username_in_file',
  'duplicate_pseudo_in_file',
  'username_taken',
  'pseudo_taken',
] as const;
export type CsvRowErrorCode = (typeof csvRowErrorCodes)[number];

export const playersImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** Rows that are (dry run: would be) created, with their handover when created. */
  created: z.array(
    z.object({
      line: z.number().int(),
      username: z.string(),
      pseudo: z.string(),
      locale: localeSchema,
      uuid: z.uuid().nullable(),
      handover: playerHandoverSchema.nullable(),
    }),
  ),
  rejected: z.array(
    z.object({
      line: z.number().int(),
      raw: z.string(),
      reasons: z.array(z.enum(csvRowErrorCodes)).min(1),
    }),
  ),
});
export type PlayersImportReport = z.infer<typeof playersImportReportSchema>;

export const postTrainerPlayersImport = defineRoute({
  method: 'POST',
  path: '/api/trainer/players/import',
  summary:
    'Imports players from a CSV file (multipart field `file`, header username,pseudo,locale): valid rows are created, bad rows reported; `dryRun=true` creates nothing',
  tag: 'auth',
  access: 'trainer',
  consumes: 'multipart/form-data',
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }).strict(),
  body: z.object({ file: uploadedFileSchema }).strict(),
  responses: { 200: playersImportReportSchema, 403: null, 413: null, 422: null },
});

export const passwordResetSchema = z
  .object({ method: z.enum(['temporary_password', 'magic_link']) })
  .strict();

export const postTrainerPlayerPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/trainer/players/{uuid}/password-reset',
  summary:
    "Replaces a player's password with a temporary one, or issues a login link; ends every session of the player",
  tag: 'auth',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  body: passwordResetSchema,
  responses: { 200: z.object({ handover: playerHandoverSchema }), 403: null, 404: null, 422: null },
});

export const trainerPlayersRoutes = [
  postTrainerPlayer,
  postTrainerPlayersImport,
  postTrainerPlayerPasswordReset,
] as const;
