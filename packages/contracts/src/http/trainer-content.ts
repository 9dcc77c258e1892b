import { z } from 'zod';
import { contentLimits } from '../domain/content.js';
import { sessionStatusSchema } from '../domain/session.js';
import { contentPackSchema, packObjectiveSchema } from '../content/pack.js';
import { attachmentSchema } from './content.js';
import { contentPackImportSchema } from './content-packs.js';
import { defineRoute } from './route.js';
import { uploadedFileSchema } from './sessions.js';

/**
 * Content authoring on the trainer's screen. A chapter is edited as one document, the same
 * document a content pack holds (`rampart.chapter/v1`), and saved through the same checks and
 * importer as a pack: one way to change content. Attached files travel apart, one upload each,
 * so a document stays small JSON; a saved document keeps the files its objectives already have.
 */

const uuid = z.uuid();

/** An objective of the editable document: its files are the stored ones, with their metadata. */
export const editableObjectiveSchema = packObjectiveSchema
  .omit({ files: true })
  .extend({ files: z.array(attachmentSchema) });

/** The pack document with every default filled in, as the editor shows it. */
export const editableChapterSchema = contentPackSchema.extend({
  chapter: contentPackSchema.shape.chapter.extend({
    missions: z.array(
      contentPackSchema.shape.chapter.shape.missions.element.extend({
        objectives: z.array(editableObjectiveSchema),
      }),
    ),
  }),
});
export type EditableChapter = z.infer<typeof editableChapterSchema>;
export type EditableObjective = z.infer<typeof editableObjectiveSchema>;

/** A session that plays one of the chapter's missions now (lobby, countdown, running, paused). */
export const liveSessionSchema = z.object({
  uuid,
  name: z.string(),
  status: sessionStatusSchema,
  missionUuid: uuid,
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

const chapterDocumentAnswer = z.object({
  document: editableChapterSchema,
  /**
   * What the document was when read. A save names it; when the chapter changed in between (another
   * trainer saved, a pack was imported), the save is refused with 409 `content.edit_conflict`.
   */
  revision: z.string(),
  liveSessions: z.array(liveSessionSchema),
});
export type ChapterDocumentAnswer = z.infer<typeof chapterDocumentAnswer>;

export const getChapterDocument = defineRoute({
  method: 'GET',
  path: '/api/trainer/chapters/{uuid}/document',
  summary:
    'A chapter as an editable document (the pack format, answers included), its revision and the sessions playing it now',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid }),
  responses: { 200: chapterDocumentAnswer, 404: null },
});

export const putChapterDocument = defineRoute({
  method: 'PUT',
  path: '/api/trainer/chapters/{uuid}/document',
  summary:
    'Creates or replaces a chapter from its document, all or nothing, with the checks of a content pack (422 content.pack_invalid with each problem placed); missions played now are edited forward',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid }),
  body: z
    .object({
      /** Checked as a pack document by the server, which places each problem it finds. */
      document: z.unknown(),
      /** The revision read, `null` to create a new chapter. */
      revision: z.string().max(100).nullable(),
    })
    .strict(),
  responses: {
    200: z.object({
      import: contentPackImportSchema,
      revision: z.string(),
      /** Sessions playing an edited mission now: later answers meet the new version. */
      liveSessions: z.array(liveSessionSchema),
    }),
    404: null,
    409: null,
    422: null,
  },
});

export const deleteChapter = defineRoute({
  method: 'DELETE',
  path: '/api/trainer/chapters/{uuid}',
  summary:
    'Deletes a chapter that no gaming session ever used (409 content.chapter_in_use otherwise)',
  tag: 'content',
  access: 'trainer',
  params: z.object({ uuid }),
  responses: { 204: null, 404: null, 409: null },
});

export const postObjectiveFile = defineRoute({
  method: 'POST',
  path: '/api/trainer/objectives/{objectiveUuid}/files',
  summary:
    'Attaches a file to an objective (multipart: file); the name must be portable and its type one of the allowed ones',
  tag: 'content',
  access: 'trainer',
  consumes: 'multipart/form-data',
  // One byte over the limit still reaches the service, which answers with its own code.
  maxUploadBytes: contentLimits.fileBytes + 1,
  params: z.object({ objectiveUuid: uuid }),
  body: z.object({ file: uploadedFileSchema }).strict(),
  responses: {
    201: z.object({ file: attachmentSchema }),
    404: null,
    409: null,
    413: null,
    422: null,
  },
});

export const deleteObjectiveFile = defineRoute({
  method: 'DELETE',
  path: '/api/trainer/objectives/{objectiveUuid}/files/{fileUuid}',
  summary: 'Removes a file attached to an objective',
  tag: 'content',
  access: 'trainer',
  params: z.object({ objectiveUuid: uuid, fileUuid: uuid }),
  responses: { 204: null, 404: null },
});

export const trainerContentRoutes = [
  getChapterDocument,
  putChapterDocument,
  deleteChapter,
  postObjectiveFile,
  deleteObjectiveFile,
] as const;
