import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContentPackImport, FieldIssue } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { createContentPackServices, type PackError } from './pack/index.js';
import { packDirectory, unpackArchive } from './pack/pack-archive.js';
import { readPacks } from './pack/pack-reader.js';

/** A pack problem as a field issue: where (document, line, place in it), then what. */
const issueOf = (error: PackError): FieldIssue => {
  const place = [
    error.file,
    ...(error.line === undefined ? [] : [error.line]),
    ...(error.column === undefined ? [] : [error.column]),
  ].join(':');
  return { path: error.path ? `${place} ${error.path}` : place, message: error.message };
};

/**
 * Content packs from and to the trainer's screen, as zip archives of the directories
 * `npm run content` reads and writes. An import is all or nothing, like the command's; it
 * updates the chapters it names in place. Objectives of missions that sessions are playing are
 * updated forward: answers already judged stay judged, later ones meet the new answer (the
 * importer already refuses to remove a mission or an objective that sessions played).
 */
export const createContentPacksService = (deps: { db: Kysely<Database> }) => {
  const packs = createContentPackServices(deps.db);

  return {
    async importArchive(
      principal: Principal,
      archive: Uint8Array,
      options: { dryRun: boolean },
    ): Promise<ContentPackImport> {
      requireCapability(principal, 'content.author');
      const unpacked = await unpackArchive(archive);
      if (!unpacked.ok) {
        throw unpacked.reason === 'too_large'
          ? new AppError('content.archive_too_large')
          : new AppError('content.archive_invalid');
      }
      try {
        const read = await readPacks([unpacked.directory]);
        const shown = (error: PackError) => ({
          ...error,
          file: path.relative(unpacked.directory, error.file) || '.',
        });
        if (read.errors.length > 0) {
          throw new AppError(
            'content.pack_invalid',
            undefined,
            read.errors.map(shown).map(issueOf),
          );
        }
        const result = await packs.importer.importPacks(read.packs, options);
        if (!result.ok) {
          throw new AppError(
            'content.pack_invalid',
            undefined,
            result.errors.map(shown).map(issueOf),
          );
        }
        const { summary } = result;
        if (!options.dryRun) {
          await recordTrainerAction(deps.db, {
            accountId: principal.accountId,
            action: 'content_pack.imported',
            details: { ...summary },
          });
        }
        return { dryRun: options.dryRun, ...summary };
      } finally {
        await unpacked.dispose();
      }
    },

    /** The chapter's pack, zipped under a directory named after the chapter. */
    async exportArchive(principal: Principal, chapterUuid: string) {
      requireCapability(principal, 'content.author');
      const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'rampart-export-'));
      try {
        const result = await packs.exporter.exportChapter(chapterUuid, directory);
        if (!result.ok) {
          if (result.reason === 'chapter_not_found')
            throw new AppError('content.chapter_not_found');
          throw new Error(`chapter ${chapterUuid} cannot be exported: ${result.reason}`);
        }
        const name = `chapter-${chapterUuid}`;
        return { name: `${name}.zip`, archive: await packDirectory(directory, name) };
      } finally {
        await fs.rm(directory, { recursive: true, force: true });
      }
    },
  };
};

export type ContentPacksService = ReturnType<typeof createContentPacksService>;
