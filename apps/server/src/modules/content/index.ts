import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { createContentRepository } from './content.repository.js';
import { registerContentRoutes } from './content.routes.js';
import { registerContentPackRoutes } from './content-packs.routes.js';
import { createContentPacksService } from './content-packs.service.js';
import { createContentService, type ContentSessions } from './content.service.js';
import { createChapterDocumentsService } from './chapter-documents.service.js';
import { createObjectiveFilesService } from './objective-files.service.js';
import type { SessionStatusOf } from './objective-updates.js';
import { registerTrainerContentRoutes } from './trainer-content.routes.js';

export type { ContentSessions } from './content.service.js';
export { noContentSessions } from './content.service.js';
export { checkChoices, checkFlag, normaliseFlag } from './answer-check.js';
export { playerFileUrl } from './attachments.js';

/** Chapters, missions and objectives as players and trainers read them; chapter assignments. */
export const createContentModule = (deps: {
  db: Kysely<Database>;
  /** The time gaming sessions run on (their statuses derive from it). */
  clock: Clock;
  events: EventWriter;
  sessions?: ContentSessions;
  /** A gaming session's status, the sessions module's rule. */
  statusOf: SessionStatusOf;
}) => {
  const repo = createContentRepository(deps.db);
  const content = createContentService({
    repo,
    clock: deps.clock,
    events: deps.events,
    ...(deps.sessions ? { sessions: deps.sessions } : {}),
  });
  const packs = createContentPacksService({ db: deps.db });
  const documents = createChapterDocumentsService({
    db: deps.db,
    clock: deps.clock,
    events: deps.events,
    statusOf: deps.statusOf,
  });
  const files = createObjectiveFilesService({
    clock: deps.clock,
    events: deps.events,
    statusOf: deps.statusOf,
  });
  return {
    repo,
    content,
    registerRoutes: (app: FastifyInstance) => {
      registerContentRoutes(app, { content });
      registerContentPackRoutes(app, { packs });
      registerTrainerContentRoutes(app, { documents, files });
    },
  };
};

export type ContentModule = ReturnType<typeof createContentModule>;
