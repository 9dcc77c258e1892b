import {
  deleteChapter,
  deleteObjectiveFile,
  getChapterDocument,
  postObjectiveFile,
  putChapterDocument,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { ChapterDocumentsService } from './chapter-documents.service.js';
import type { ObjectiveFilesService } from './objective-files.service.js';

/** Content authoring on the trainer's screen: chapters edited whole, files attached one by one. */
export const registerTrainerContentRoutes = (
  app: FastifyInstance,
  deps: { documents: ChapterDocumentsService; files: ObjectiveFilesService },
) => {
  route(app, getChapterDocument, async ({ params, request }) =>
    deps.documents.read(principalOf(request), params.uuid),
  );

  route(app, putChapterDocument, async ({ params, body, request }) =>
    deps.documents.save(principalOf(request), params.uuid, {
      document: body.document,
      revision: body.revision,
    }),
  );

  route(app, deleteChapter, async ({ params, request, reply }) => {
    await deps.documents.remove(principalOf(request), params.uuid);
    return reply.code(204).send();
  });

  route(app, postObjectiveFile, async ({ params, body, request, reply }) => {
    const file = await deps.files.attach(principalOf(request), params.objectiveUuid, body.file);
    return reply.code(201).send({ file });
  });

  route(app, deleteObjectiveFile, async ({ params, request, reply }) => {
    await deps.files.remove(principalOf(request), params.objectiveUuid, params.fileUuid);
    return reply.code(204).send();
  });
};
