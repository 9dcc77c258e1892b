import { z } from 'zod';
import { defineRoute } from './route.js';
import { uploadedFileSchema } from './sessions.js';

/**
 * Content packs over HTTP: the same packs as `npm run content` reads and writes (one directory
 * per chapter: `chapter.yaml` and its `files/`), carried in a zip archive.
 */
export const contentPackLimits = {
  /** The archive as uploaded. */
  archiveBytes: 32 * 1024 * 1024,
  /** Entries of the archive, directories included. */
  entries: 2000,
  /** Everything the archive holds, once unpacked: a small archive may not unpack into gigabytes. */
  unpackedBytes: 128 * 1024 * 1024,
} as const;

const tally = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
});

export const contentPackImportSchema = z.object({
  /** True when the archive was only checked: everything was done, then rolled back. */
  dryRun: z.boolean(),
  chapters: tally,
  missions: tally,
  objectives: tally,
  files: tally,
  chapterUuids: z.array(z.uuid()),
});
export type ContentPackImport = z.infer<typeof contentPackImportSchema>;

export const postContentPacks = defineRoute({
  method: 'POST',
  path: '/api/trainer/content-packs',
  summary:
    'Imports the content packs of a zip archive, all or nothing (multipart: archive, dryRun); a pack with problems answers 422 content.pack_invalid listing each one',
  tag: 'content',
  access: 'trainer',
  consumes: 'multipart/form-data',
  maxUploadBytes: contentPackLimits.archiveBytes,
  body: z
    .object({
      archive: uploadedFileSchema,
      /** `true`: check everything, write nothing. */
      dryRun: z.enum(['true', 'false']).optional(),
    })
    .strict(),
  responses: {
    200: z.object({ import: contentPackImportSchema }),
    409: null,
    413: null,
    422: null,
  },
});

export const getChapterPack = defineRoute({
  method: 'GET',
  path: '/api/trainer/chapters/{uuid}/pack',
  summary: 'A chapter as a content pack, in a zip archive',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid: z.uuid() }),
  produces: 'application/zip',
  responses: { 200: null, 404: null },
});

export const contentPackRoutes = [postContentPacks, getChapterPack];
