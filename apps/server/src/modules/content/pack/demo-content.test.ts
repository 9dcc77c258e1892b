import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/app.js';
import {
  createTestDatabase,
  migratedDataDirectory,
  type TestDatabase,
} from '../../../../test/database.js';
import { snapshotDatabase } from '../../../../test/db-snapshot.js';
import {
  buildPackDocument,
  removeTemporaryDirectories,
  temporaryDirectory,
  writePack,
} from '../../../../test/pack-factory.js';
import { startServer } from '../../../server.js';
import { loadDemoContent } from './demo-content.js';
import { readPacks } from './pack-reader.js';

afterEach(() => removeTemporaryDirectories());

const repositoryContent = new URL('../../../../../../content/', import.meta.url).pathname;

const recordingLog = () => {
  const entries: { level: string; message: string; details: object }[] = [];
  const record = (level: string) => (details: object, message: string) =>
    entries.push({ level, message, details });
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
};

describe('the demo packs of the repository', () => {
  it('are valid: three chapters or more, read without a single error', async () => {
    const read = await readPacks([repositoryContent]);
    expect(read.errors).toEqual([]);
    expect(read.packs.length).toBeGreaterThanOrEqual(3);
  });
});

describe('loading the demo content', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('starts without content, with a warning, when the directory has no pack', async () => {
    const log = recordingLog();
    for (const directory of [temporaryDirectory(), '/nonexistent/content']) {
      expect(await loadDemoContent(database.db, directory, log)).toEqual({
        loaded: false,
        reason: 'no_packs',
      });
    }
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn', 'warn']);
  });

  it('writes nothing and logs every problem when a pack is broken', async () => {
    const contentDir = temporaryDirectory();
    writePack(buildPackDocument(), undefined, path.join(contentDir, 'good'));
    const broken = buildPackDocument();
    broken.chapter.missions[0]!.objectives[1]!.correctChoices = ['e'];
    writePack(broken, undefined, path.join(contentDir, 'broken'));
    const before = await snapshotDatabase(database.db);
    const log = recordingLog();

    expect(await loadDemoContent(database.db, contentDir, log)).toEqual({
      loaded: false,
      reason: 'invalid',
    });
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({
          errors: [
            expect.stringContaining(
              'chapter.missions[0].objectives[1].correctChoices[0]  "e" is not one of the choices a, b, c',
            ),
          ],
        }),
      }),
    ]);
  });
});

describe('a server start with demo seeding', () => {
  it('loads the packs of CONTENT_DIR on an empty database, assigns them to the demo players, and only once', async () => {
    const contentDir = temporaryDirectory('rampart-content-');
    const reserved = buildPackDocument();
    const open = buildPackDocument();
    open.chapter.visibility = 'open';
    writePack(reserved, undefined, path.join(contentDir, 'reserved'));
    writePack(open, undefined, path.join(contentDir, 'open'));
    const environment = {
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DIR: await migratedDataDirectory(temporaryDirectory('rampart-data-')),
      CONTENT_DIR: contentDir,
    };

    const first = await startServer(testConfig(environment));
    try {
      const db = first.database.db;
      const chapters = await db.selectFrom('chapter').select('uuid').orderBy('uuid').execute();
      expect(chapters.map((chapter) => chapter.uuid)).toEqual(
        [reserved.chapter.uuid, open.chapter.uuid].sort(),
      );
      const assigned = await db
        .selectFrom('chapter_assignment')
        .innerJoin('account', 'account.id', 'chapter_assignment.account_id')
        .select(['chapter_assignment.chapter_uuid', 'account.username'])
        .orderBy('account.username')
        .execute();
      expect(assigned).toEqual(
        ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((username) => ({
          chapter_uuid: reserved.chapter.uuid,
          username,
        })),
      );
    } finally {
      await first.close();
    }

    // A later start leaves the content alone, even when the packs changed meanwhile.
    reserved.chapter.title.en = 'Changed on disk';
    fs.writeFileSync(path.join(contentDir, 'reserved', 'chapter.yaml'), JSON.stringify(reserved));
    const second = await startServer(testConfig(environment));
    try {
      const chapter = await second.database.db
        .selectFrom('chapter')
        .select('title')
        .where('uuid', '=', reserved.chapter.uuid)
        .executeTakeFirstOrThrow();
      expect(chapter.title.en).toBe('Web security');
    } finally {
      await second.close();
    }
  }, 120_000);
});
