import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { demoAccounts } from '../../identity/demo-accounts.js';
import {
  countChapters,
  findPlayerIdsByUsername,
  insertAssignments,
  listAssignedOnlyChapterUuids,
} from './content-pack.repository.js';
import { formatPackError } from './pack-error.js';
import { createContentPackServices } from './index.js';
import { findPackDocuments } from './pack-reader.js';

export interface DemoContentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type DemoContentOutcome =
  | { loaded: true; chapters: number; assignedPlayers: number }
  | { loaded: false; reason: 'not_empty' | 'no_packs' | 'invalid' };

const demoPlayers = demoAccounts
  .filter((account) => account.role === 'player')
  .map((account) => account.username);

/**
 * On a database without any chapter, imports every pack of the content directory and assigns
 * the chapters reserved to assigned players to every demo player, so a fresh `npm start` has a
 * game to play. A database that has chapters is left alone: the demo never overwrites content a
 * trainer changed.
 *
 * A broken pack does not stop the server: it starts without content, says why, and tries again
 * on the next start.
 */
export const loadDemoContent = async (
  db: Kysely<Database>,
  contentDirectory: string,
  log: DemoContentLog,
): Promise<DemoContentOutcome> => {
  if ((await countChapters(db)) > 0) return { loaded: false, reason: 'not_empty' };

  const exists = await fs.stat(contentDirectory).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
  const found = exists ? await findPackDocuments([contentDirectory]) : null;
  if (!found || found.documents.length === 0) {
    log.warn({ contentDirectory }, 'no content pack to load: starting without demo content');
    return { loaded: false, reason: 'no_packs' };
  }

  const imported = await createContentPackServices(db).importFromPaths(found.documents);
  if (!imported.ok) {
    log.error(
      { contentDirectory, errors: imported.errors.map(formatPackError) },
      'the demo content packs are invalid: starting without demo content',
    );
    return { loaded: false, reason: 'invalid' };
  }

  const players = await findPlayerIdsByUsername(db, demoPlayers);
  const reserved = new Set(await listAssignedOnlyChapterUuids(db));
  await insertAssignments(
    db,
    imported.summary.chapterUuids
      .filter((uuid) => reserved.has(uuid))
      .flatMap((chapter_uuid) => players.map((account_id) => ({ chapter_uuid, account_id }))),
  );
  const { summary } = imported;
  log.info(
    {
      contentDirectory,
      chapters: summary.chapters.created,
      missions: summary.missions.created,
      objectives: summary.objectives.created,
      files: summary.files.created,
      assignedPlayers: players.length,
    },
    `demo content loaded: ${summary.chapters.created} chapters`,
  );
  return { loaded: true, chapters: summary.chapters.created, assignedPlayers: players.length };
};
