import {
  getChapter,
  getHome,
  getObjectiveFile,
  getTrainerChapters,
  getTrainerMission,
  getTrainerMissions,
  getTrainerObjectiveFile,
  putChapterAssignments,
  type Locale,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.js';
import { principalOf } from '../identity/auth.plugin.js';
import type { Principal } from '../identity/auth.service.js';
import { contentDisposition, servedContentType } from './attachments.js';
import type { ContentService, DownloadableFile } from './content.service.js';

/** `?locale=` when given, else the language the player chose for their account. */
const localeOf = (query: { locale?: Locale | undefined }, principal: Principal): Locale =>
  query.locale ?? principal.locale;

/**
 * Attached files come from content authors, not from us: the browser must save them, never
 * render or sniff them in our origin, and keep no copy a later user of the machine could find.
 */
export const sendAttachment = (reply: FastifyReply, file: DownloadableFile) =>
  reply
    .header('Content-Disposition', contentDisposition(file.name))
    .header('Content-Type', servedContentType(file.contentType, file.name))
    .header('Content-Length', String(file.content.byteLength))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', 'sandbox')
    .send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));

export const registerContentRoutes = (app: FastifyInstance, deps: { content: ContentService }) => {
  const { content } = deps;

  route(app, getHome, async ({ query, request }) => {
    const principal = principalOf(request);
    return content.home(principal, localeOf(query, principal));
  });

  route(app, getChapter, async ({ params, query, request }) => {
    const principal = principalOf(request);
    return content.chapter(principal, params.uuid, localeOf(query, principal));
  });

  route(app, getObjectiveFile, async ({ params, request, reply }) =>
    sendAttachment(
      reply,
      await content.objectiveFile(principalOf(request), params.objectiveUuid, params.fileUuid),
    ),
  );

  route(app, getTrainerChapters, async ({ request }) =>
    content.trainerChapters(principalOf(request)),
  );

  route(app, putChapterAssignments, async ({ params, body, request }) =>
    content.setAssignments(principalOf(request), params.uuid, body.playerIds),
  );

  route(app, getTrainerMissions, async ({ request }) =>
    content.trainerMissions(principalOf(request)),
  );

  route(app, getTrainerMission, async ({ params, request }) =>
    content.trainerMission(principalOf(request), params.uuid),
  );

  route(app, getTrainerObjectiveFile, async ({ params, request, reply }) =>
    sendAttachment(
      reply,
      await content.trainerObjectiveFile(
        principalOf(request),
        params.objectiveUuid,
        params.fileUuid,
      ),
    ),
  );
};
