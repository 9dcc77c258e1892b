import { createHash } from 'node:crypto';
import { attachmentNamePattern, contentLimits, type UploadedFile } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { EventTransaction, EventWriter } from '../../realtime/event-writer.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { trainerFileUrl } from './attachments.js';
import * as authoring from './content-authoring.repository.js';
import { contentTypeForFileName, isAttachableFileName } from './file-types.js';
import { announceObjectiveUpdates, type SessionStatusOf } from './objective-updates.js';
import { attachmentUuid } from './pack/content-import.service.js';

/**
 * Files attached to objectives from the trainer's screen, one at a time. They are stored as a
 * pack import stores them (same uuid from objective and name, same content type from the name),
 * so an export writes them into the pack and an import of that pack finds them unchanged.
 */
export const createObjectiveFilesService = (deps: {
  events: EventWriter;
  clock: Clock;
  statusOf: SessionStatusOf;
}) => {
  /**
   * The sessions playing the objective now see its files change. `now` is read before the
   * transaction: it may come from the database, whose one embedded connection the transaction
   * holds.
   */
  const announce = (
    tx: EventTransaction,
    owner: { uuid: string; mission_uuid: string },
    now: Date,
  ) =>
    announceObjectiveUpdates(
      tx,
      [{ uuid: owner.uuid, missionUuid: owner.mission_uuid }],
      now,
      deps.statusOf,
    );

  return {
    async attach(principal: Principal, objectiveUuid: string, upload: UploadedFile) {
      requireCapability(principal, 'content.author');
      const name = upload.filename;
      if (!attachmentNamePattern.test(name)) throw new AppError('content.file_name_invalid');
      if (!isAttachableFileName(name)) throw new AppError('content.file_type_not_allowed');
      if (upload.data.byteLength > contentLimits.fileBytes)
        throw new AppError('content.file_too_large');
      const sha256 = createHash('sha256').update(upload.data).digest('hex');

      const now = await deps.clock.now();
      return deps.events.transaction(async (tx) => {
        const { trx } = tx;
        const owner = await authoring.findObjectiveOwner(trx, objectiveUuid);
        if (!owner) throw new AppError('content.objective_not_found');
        // Serialises attachments and saves of one chapter: names and counts stay checked.
        await authoring.lockChapter(trx, owner.chapter_uuid);
        const existing = await authoring.listFileNames(trx, objectiveUuid);
        if (existing.some((file) => file.name === name))
          throw new AppError('content.file_name_taken');
        if (existing.length >= contentLimits.filesPerObjective)
          throw new AppError('content.too_many_files');
        // A pack holds at most this much: past it, the chapter's export would not import back.
        const chapterBytes = await authoring.sumChapterFileBytes(trx, owner.chapter_uuid);
        if (chapterBytes + upload.data.byteLength > contentLimits.packFileBytes)
          throw new AppError('content.chapter_files_too_large');

        // An export writes every file of a chapter under its pack path: two different files of
        // the chapter may not share one, so a name already used elsewhere gets its own folder.
        const plain = `files/${name}`;
        const clashes = await authoring.listChapterFilesAtPath(trx, owner.chapter_uuid, plain);
        const packPath = clashes.some((file) => file.sha256 !== sha256)
          ? `files/${objectiveUuid}/${name}`
          : plain;

        const uuid = attachmentUuid(objectiveUuid, name);
        const contentType = contentTypeForFileName(name);
        await authoring.insertFile(trx, {
          uuid,
          objective_uuid: objectiveUuid,
          position: Math.max(-1, ...existing.map((file) => file.position)) + 1,
          name,
          pack_path: packPath,
          content_type: contentType,
          size: upload.data.byteLength,
          sha256,
          content: upload.data,
        });
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'content.file_added',
          targetUuid: objectiveUuid,
          details: { chapterUuid: owner.chapter_uuid, name, size: upload.data.byteLength },
        });
        await announce(tx, owner, now);
        return {
          uuid,
          name,
          size: upload.data.byteLength,
          contentType,
          url: trainerFileUrl(objectiveUuid, uuid),
        };
      });
    },

    async remove(principal: Principal, objectiveUuid: string, fileUuid: string) {
      requireCapability(principal, 'content.author');
      const now = await deps.clock.now();
      await deps.events.transaction(async (tx) => {
        const { trx } = tx;
        const owner = await authoring.findObjectiveOwner(trx, objectiveUuid);
        if (!owner) throw new AppError('content.objective_not_found');
        await authoring.lockChapter(trx, owner.chapter_uuid);
        const removed = await authoring.deleteFile(trx, objectiveUuid, fileUuid);
        if (!removed) throw new AppError('content.file_not_found');
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'content.file_removed',
          targetUuid: objectiveUuid,
          details: { chapterUuid: owner.chapter_uuid, name: removed.name },
        });
        await announce(tx, owner, now);
      });
    },
  };
};

export type ObjectiveFilesService = ReturnType<typeof createObjectiveFilesService>;
