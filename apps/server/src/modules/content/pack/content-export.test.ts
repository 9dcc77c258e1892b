import fs from 'node:fs';
import path from 'node:path';
import { contentPackSchema } from '@rampart/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contentRows } from '../../../../test/content-rows.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.js';
import {
  buildPackDocument,
  packFiles,
  removeTemporaryDirectories,
  temporaryDirectory,
  writePack,
} from '../../../../test/pack-factory.js';
import { createContentPackServices } from './index.js';

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});
afterEach(() => removeTemporaryDirectories());

/** Every file under a directory, by relative path, with its bytes. */
const readTree = (root: string): Record<string, Buffer> => {
  const tree: Record<string, Buffer> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    tree[path.relative(root, full)] = fs.readFileSync(full);
  }
  return tree;
};

const importOk = async (database: TestDatabase, paths: string[]) => {
  const result = await createContentPackServices(database.db).importFromPaths(paths);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.summary;
};

const exportOk = async (database: TestDatabase, uuid: string, directory: string) => {
  const result = await createContentPackServices(database.db).exporter.exportChapter(
    uuid,
    directory,
  );
  expect(result.ok).toBe(true);
};

describe('a pack round-trip', () => {
  it('imports, exports and re-imports without loss; a second export is byte-identical', async () => {
    const original = buildPackDocument();
    // Texts as authors write them: Markdown over several lines, quotes, a colon, accents.
    original.chapter.missions[0]!.scenario.fr =
      '« Tout a commencé un lundi : »\n\n1. lisez `access.log`\n2. notez l\'IP\n\n> "quoted"';
    // A hint with files of its own, one under another name, one shared with its objective.
    Object.assign(original.chapter.missions[0]!.objectives[0]!.hints![1]!, {
      files: [
        { path: 'files/hints/union.txt' },
        { path: 'files/hints/payload.bin', name: 'payload.txt' },
        { path: 'files/access.log' },
      ],
    });
    const files = {
      ...packFiles(),
      'files/hints/union.txt': "' UNION SELECT 1 --\n",
      'files/hints/payload.bin': Buffer.from([0, 1, 2, 255]),
    };
    await importOk(first, [writePack(original, files)]);
    expect(
      (
        await first.db
          .selectFrom('hint_file')
          .select(['name', 'hint_uuid'])
          .orderBy('position')
          .execute()
      ).map((row) => row.name),
    ).toEqual(['union.txt', 'payload.txt', 'access.log']);

    const exported = temporaryDirectory();
    await exportOk(first, original.chapter.uuid, exported);
    const tree = readTree(exported);
    expect(Object.keys(tree).sort()).toEqual([
      'chapter.yaml',
      'files/access.log',
      'files/hints/payload.bin',
      'files/hints/union.txt',
      'files/notes.txt',
    ]);
    for (const [relative, content] of Object.entries(files))
      expect(tree[relative]!.equals(Buffer.from(content))).toBe(true);
    // The exported document says what the original said, defaults included.
    expect(contentPackSchema.parse(parse(tree['chapter.yaml']!.toString()))).toEqual(
      contentPackSchema.parse(original),
    );

    await importOk(second, [exported]);
    expect(await contentRows(second.db)).toEqual(await contentRows(first.db));

    const again = temporaryDirectory();
    await exportOk(second, original.chapter.uuid, again);
    expect(readTree(again)).toEqual(tree);
  });

  it('writes a document that starts with the schema hint and keeps long texts as blocks', async () => {
    const document = buildPackDocument();
    await importOk(first, [writePack(document)]);
    const exported = temporaryDirectory();
    await exportOk(first, document.chapter.uuid, exported);
    const text = fs.readFileSync(path.join(exported, 'chapter.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '# yaml-language-server: $schema=../chapter.schema.json',
      'format: rampart.chapter/v1',
    ]);
    expect(text).toContain('scenario:\n        en: |-\n          Our shop was attacked.\n');
    expect(text).not.toMatch(/[&*]a\d/);
  });

  it('carries an objective’s explanation where the pack gives one, and nothing where it does not', async () => {
    const document = buildPackDocument();
    const [explained, plain] = document.chapter.missions[0]!.objectives;
    await importOk(first, [writePack(document)]);
    const stored = await first.db
      .selectFrom('objective')
      .select(['uuid', 'explanation'])
      .where('uuid', 'in', [explained!.uuid, plain!.uuid])
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.uuid, row.explanation]))).toEqual({
      [explained!.uuid]: explained!.explanation,
      [plain!.uuid]: null,
    });

    const exported = temporaryDirectory();
    await exportOk(first, document.chapter.uuid, exported);
    const written = contentPackSchema.parse(
      parse(fs.readFileSync(path.join(exported, 'chapter.yaml'), 'utf8')),
    ).chapter.missions[0]!.objectives;
    expect(written[0]!.explanation).toEqual(explained!.explanation);
    expect(written[1]).not.toHaveProperty('explanation');

    // Removed from the pack, it is removed from the database on the next import.
    delete explained!.explanation;
    await importOk(first, [writePack(document)]);
    const again = await first.db
      .selectFrom('objective')
      .select('explanation')
      .where('uuid', '=', explained!.uuid)
      .executeTakeFirstOrThrow();
    expect(again.explanation).toBeNull();
  });

  it('carries a mission’s answer reveal when it is off, and turns it back on without it', async () => {
    const document = buildPackDocument();
    const mission = document.chapter.missions[0]!;
    mission.revealAnswersAfterGame = false;
    await importOk(first, [writePack(document)]);
    const revealIn = async (database: TestDatabase) =>
      (
        await database.db
          .selectFrom('mission')
          .select('reveal_answers_after_game')
          .where('uuid', '=', mission.uuid)
          .executeTakeFirstOrThrow()
      ).reveal_answers_after_game;
    expect(await revealIn(first)).toBe(false);

    const exported = temporaryDirectory();
    await exportOk(first, document.chapter.uuid, exported);
    const text = fs.readFileSync(path.join(exported, 'chapter.yaml'), 'utf8');
    expect(text).toContain('revealAnswersAfterGame: false');
    await importOk(second, [exported]);
    expect(await revealIn(second)).toBe(false);

    // The default is on: a pack that does not say it turns it on again.
    delete mission.revealAnswersAfterGame;
    await importOk(first, [writePack(document)]);
    expect(await revealIn(first)).toBe(true);
  });
});

describe('exporting', () => {
  it('refuses an unknown chapter and a directory that is not empty', async () => {
    const services = createContentPackServices(first.db);
    const document = buildPackDocument();
    await importOk(first, [writePack(document)]);
    expect(
      await services.exporter.exportChapter(
        '00000000-0000-4000-8000-000000000000',
        temporaryDirectory(),
      ),
    ).toEqual({ ok: false, reason: 'chapter_not_found' });

    const busy = temporaryDirectory();
    fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    expect(await services.exporter.exportChapter(document.chapter.uuid, busy)).toEqual({
      ok: false,
      reason: 'directory_not_empty',
    });
    expect(fs.readdirSync(busy)).toEqual(['keep.txt']);
    const forced = await services.exporter.exportChapter(document.chapter.uuid, busy, {
      overwrite: true,
    });
    expect(forced.ok).toBe(true);
    expect(fs.readdirSync(busy).sort()).toEqual(['chapter.yaml', 'files', 'keep.txt']);
  });
});
