import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { contentLimits } from '@rampart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { contentRows } from '../../../../test/content-rows.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.js';
import { snapshotDatabase } from '../../../../test/db-snapshot.js';
import { buildAccount } from '../../../../test/factories.js';
import {
  buildPackDocument,
  packFiles,
  removeTemporaryDirectories,
  temporaryDirectory,
  writePack,
  type PackDocument,
} from '../../../../test/pack-factory.js';
import { attachmentUuid } from './content-import.service.js';
import { createContentPackServices, type ContentPackServices, type PackError } from './index.js';

let database: TestDatabase;
let services: ContentPackServices;
/** A chapter already in the database, so "nothing changed" means something. */
let existing: PackDocument;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createContentPackServices(database.db);
  existing = buildPackDocument();
  const imported = await services.importFromPaths([writePack(existing)]);
  expect(imported.ok).toBe(true);
});

afterAll(async () => {
  await database.close();
  removeTemporaryDirectories();
});

type Objective = Record<string, unknown> & { uuid: string };
const objectives = (document: PackDocument, mission = 0) =>
  document.chapter.missions[mission]!.objectives as Objective[];

/** Imports, expects a refusal that left every table as it was, returns the errors. */
const refused = async (paths: string[]): Promise<PackError[]> => {
  const before = await snapshotDatabase(database.db);
  const result = await services.importFromPaths(paths);
  const after = await snapshotDatabase(database.db);
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  if (result.ok) throw new Error('the import was accepted');
  return result.errors;
};

/** A pack built from the valid one with one change, refused with exactly one error. */
const refusedChange = async (
  change: (document: PackDocument, directory: string) => void,
  files = packFiles(),
): Promise<PackError & { file: string }> => {
  const document = buildPackDocument();
  const directory = temporaryDirectory();
  change(document, directory);
  writePack(document, files, directory);
  const errors = await refused([directory]);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.file).toBe(path.join(directory, 'chapter.yaml'));
  return errors[0]!;
};

describe('importing a broken pack changes nothing and says where and what', () => {
  it('malformed YAML, with its line and column', async () => {
    const directory = writePack(
      'format: rampart.chapter/v1\nchapter:\n  uuid: 6f1c1e0e-8f0a-4c55-9a53-1b7f5d0b3c11\n  title:\n    en: Web\n   fr: Web\n',
    );
    const errors = await refused([directory]);
    expect(errors[0]).toMatchObject({
      file: path.join(directory, 'chapter.yaml'),
      path: '',
      line: 6,
      column: 1,
      message: expect.stringMatching(/^invalid YAML: /),
    });
  });

  it('a key given twice', async () => {
    const directory = writePack('format: rampart.chapter/v1\nformat: rampart.chapter/v1\n');
    const [error] = await refused([directory]);
    expect(error).toMatchObject({
      line: 2,
      column: 1,
      message: 'invalid YAML: Map keys must be unique',
    });
  });

  it('an alias bomb', async () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 8; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const [error] = await refused([writePack(lines.join('\n'))]);
    expect(error!.message).toMatch(/^invalid YAML: excessive alias count/);
  });

  it('a document over the size limit', async () => {
    const directory = writePack(`# ${'x'.repeat(contentLimits.documentBytes)}\n`);
    const [error] = await refused([directory]);
    expect(error!.message).toMatch(/a chapter document may be at most 1048576 bytes/);
  });

  it('a missing French text, at the path ending in .fr and its line', async () => {
    const error = await refusedChange(
      (d) => delete (objectives(d)[1]!.title as { fr?: string }).fr,
    );
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[1].title.fr',
      message: 'the French text is missing',
      line: expect.any(Number),
    });
  });

  it('an empty French text', async () => {
    const error = await refusedChange((d) => (d.chapter.missions[1]!.rules.fr = '   '));
    expect(error).toMatchObject({
      path: 'chapter.missions[1].rules.fr',
      message: 'the French text is empty',
    });
  });

  it('a duplicate uuid inside the pack', async () => {
    const error = await refusedChange((d) => (objectives(d, 1)[0]!.uuid = objectives(d)[2]!.uuid));
    expect(error).toMatchObject({
      path: 'chapter.missions[1].objectives[0].uuid',
      message: expect.stringMatching(
        /^duplicate uuid [0-9a-f-]{36}: already used at chapter\.missions\[0\]\.objectives\[2\]\.uuid$/,
      ),
    });
  });

  it('a mission uuid that belongs to another chapter in the database', async () => {
    const taken = existing.chapter.missions[1]!;
    const error = await refusedChange((d) => (d.chapter.missions[0]!.uuid = taken.uuid));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].uuid',
      message: `mission ${taken.uuid} ("${taken.title.en}") already belongs to chapter ${existing.chapter.uuid} in the database; give this mission a new uuid`,
    });
  });

  it('a mission removed from the pack that a gaming session plays', async () => {
    const played = existing.chapter.missions[1]!;
    const alsoPlayed = existing.chapter.missions[0]!;
    const trainer = await buildAccount(database.db, { role: 'trainer' });
    for (const mission of [played, alsoPlayed])
      await database.db
        .insertInto('gaming_session')
        .values({
          uuid: randomUUID(),
          name: 'Played',
          mission_uuid: mission.uuid,
          owner_id: trainer.id,
          owner_kind: 'trainer',
          max_teams: 2,
          players_per_team: 2,
          min_players_per_team: 1,
          duration_ms: 60_000,
          countdown_ms: 10_000,
          start_wait_ms: 120_000,
        })
        .execute();
    try {
      // The chapter already imported, again, without the played mission.
      const error = await refusedChange((d) => {
        d.chapter = structuredClone(existing.chapter);
        d.chapter.missions.splice(1, 1);
      });
      expect(error).toMatchObject({
        path: 'chapter.missions',
        message: `mission ${played.uuid} ("${played.title.en}") is played in 1 gaming session(s) and cannot be removed; keep it in the pack`,
      });
      const dropped = alsoPlayed.objectives.at(-1)!.uuid;
      const objectiveError = await refusedChange((d) => {
        d.chapter = structuredClone(existing.chapter);
        const mission = d.chapter.missions[0]!;
        mission.objectives = mission.objectives.filter((o) => o.uuid !== dropped);
        for (const o of mission.objectives)
          o.prerequisites = (o.prerequisites ?? []).filter((uuid) => uuid !== dropped);
      });
      expect(objectiveError).toMatchObject({
        path: 'chapter.missions[0]',
        message: `objective ${dropped} of mission ${alsoPlayed.uuid} is played in 1 gaming session(s) and cannot be removed; keep it in the pack`,
      });
    } finally {
      await database.db
        .deleteFrom('gaming_session')
        .where('mission_uuid', 'in', [played.uuid, alsoPlayed.uuid])
        .execute();
    }
  });

  it('an objective uuid that belongs to another mission in the database', async () => {
    const taken = objectives(existing)[0]!;
    const error = await refusedChange((d) => {
      objectives(d)[3]!.prerequisites = [taken.uuid, objectives(d)[1]!.uuid];
      objectives(d)[0]!.uuid = taken.uuid;
    });
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].uuid',
      message: expect.stringContaining(
        `objective ${taken.uuid} ("The attacker") already belongs to mission ${existing.chapter.missions[0]!.uuid}`,
      ),
    });
  });

  it('an objective of an unknown type, listing the known ones', async () => {
    const error = await refusedChange((d) => (objectives(d)[0]!.type = 'essay'));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].type',
      message: '"essay" is not allowed; expected one of flag, single_choice, multiple_choice',
    });
  });

  it('an unknown category', async () => {
    const error = await refusedChange((d) => (objectives(d)[1]!.category = 'hacking'));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[1].category',
      message:
        '"hacking" is not allowed; expected one of web, network, crypto, forensics, osint, system, reverse, misc',
    });
  });

  it('an unknown field', async () => {
    const error = await refusedChange((d) => Object.assign(d.chapter.missions[0]!, { hint: 'x' }));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].hint',
      message: 'unknown field "hint"',
    });
  });

  it('a correct choice pointing to no choice', async () => {
    const error = await refusedChange((d) => (objectives(d)[1]!.correctChoices = ['e']));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[1].correctChoices[0]',
      message: '"e" is not one of the choices a, b, c',
    });
  });

  it('two correct choices for a single choice', async () => {
    const error = await refusedChange((d) => (objectives(d)[1]!.correctChoices = ['a', 'c']));
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[1].correctChoices',
      message: 'a single_choice objective has exactly one correct choice (found 2)',
    });
  });

  it('a cycle of prerequisites', async () => {
    const error = await refusedChange((d) => {
      objectives(d)[1]!.locked = true;
      objectives(d)[1]!.prerequisites = [objectives(d)[3]!.uuid];
    });
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[1].prerequisites',
      message: 'prerequisites form a cycle: objectives[1] → objectives[3] → objectives[1]',
    });
  });

  it('an attachment path climbing out of the pack', async () => {
    const error = await refusedChange(
      (d) => (objectives(d)[0]!.files = [{ path: '../../etc/passwd' }]),
    );
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[0].path',
      message: 'must stay inside the pack directory (no "..", "." or empty segment)',
    });
  });

  it('an absolute attachment path', async () => {
    const directory = temporaryDirectory();
    const document = buildPackDocument();
    objectives(document)[0]!.files = [{ path: '/etc/passwd' }];
    const errors = await refused([writePack(document, packFiles(), directory)]);
    expect(errors).toContainEqual(
      expect.objectContaining({
        file: path.join(directory, 'chapter.yaml'),
        path: 'chapter.missions[0].objectives[0].files[0].path',
        message: 'must be a relative path with forward slashes',
      }),
    );
  });

  it('a symbolic link leading out of the pack', async () => {
    const outside = path.join(temporaryDirectory(), 'secret.txt');
    fs.writeFileSync(outside, 'secret');
    const error = await refusedChange((d, directory) => {
      objectives(d)[0]!.files = [{ path: 'files/secret.txt' }];
      fs.mkdirSync(path.join(directory, 'files'));
      fs.symlinkSync(outside, path.join(directory, 'files/secret.txt'));
    });
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[0].path',
      message: 'files/secret.txt is a symbolic link to a file outside the pack directory',
    });
  });

  it('an attachment name that is not a plain file name', async () => {
    const error = await refusedChange(
      (d) => (objectives(d)[0]!.files = [{ path: 'files/access.log', name: '../passwd' }]),
    );
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[0].name',
      message: 'must be a plain file name: letters, digits, ".", "_" or "-", no directory',
    });
  });

  it('an attached file over the size limit', async () => {
    const error = await refusedChange(
      (d) => (objectives(d)[0]!.files = [{ path: 'files/big.bin' }]),
      { ...packFiles(), 'files/big.bin': Buffer.alloc(contentLimits.fileBytes + 1) },
    );
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[0].path',
      message: `files/big.bin is 5242881 bytes; an attached file may be at most 5 MB (5242880 bytes)`,
    });
  });

  it('attached files over the limit of a pack together', async () => {
    const files = packFiles();
    const error = await refusedChange((d) => {
      const list = Array.from({ length: 7 }, (_, index) => ({ path: `files/part${index}.bin` }));
      for (const file of list) files[file.path] = Buffer.alloc(4 * 1024 * 1024);
      objectives(d)[0]!.files = list;
    }, files);
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[6].path',
      message: "the pack's attached files together exceed 25 MB (26214400 bytes)",
    });
  });

  it('a missing attached file', async () => {
    const error = await refusedChange(
      (d) => (objectives(d)[0]!.files = [{ path: 'files/gone.log' }]),
    );
    expect(error).toMatchObject({
      path: 'chapter.missions[0].objectives[0].files[0].path',
      message: 'file not found: files/gone.log',
      line: expect.any(Number),
    });
  });

  it('every problem of a pack at once', async () => {
    const document = buildPackDocument();
    objectives(document)[0]!.type = 'essay';
    objectives(document)[1]!.correctChoices = ['z'];
    delete (document.chapter.summary as { fr?: string }).fr;
    const errors = await refused([writePack(document)]);
    expect(errors.map((error) => error.path)).toEqual([
      'chapter.summary.fr',
      'chapter.missions[0].objectives[0].type',
    ]);
  });

  it('a path that names no pack', async () => {
    const empty = temporaryDirectory();
    const errors = await refused([empty, path.join(empty, 'nowhere')]);
    expect(errors).toEqual([
      {
        file: empty,
        path: '',
        message: 'no chapter.yaml in this directory nor in its sub-directories',
      },
      { file: path.join(empty, 'nowhere'), path: '', message: 'no such file or directory' },
    ]);
  });
});

describe('importing several packs', () => {
  it('writes nothing when one of them is broken', async () => {
    const good = writePack();
    const broken = buildPackDocument();
    objectives(broken)[1]!.correctChoices = ['e'];
    const errors = await refused([good, writePack(broken)]);
    expect(errors.map((error) => error.path)).toEqual([
      'chapter.missions[0].objectives[1].correctChoices[0]',
    ]);
  });

  it('refuses a uuid used by two of them', async () => {
    const first = buildPackDocument();
    const second = buildPackDocument();
    second.chapter.missions[1]!.uuid = first.chapter.missions[0]!.uuid;
    const firstDirectory = writePack(first);
    const errors = await refused([firstDirectory, writePack(second)]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      path: 'chapter.missions[1].uuid',
      message: `uuid ${first.chapter.missions[0]!.uuid} is also used by ${path.join(firstDirectory, 'chapter.yaml')} at chapter.missions[0].uuid`,
    });
  });

  it('imports every pack of a directory of packs, the same pack named twice once', async () => {
    const root = temporaryDirectory();
    const first = buildPackDocument();
    const second = buildPackDocument();
    writePack(first, packFiles(), path.join(root, 'one'));
    writePack(second, packFiles(), path.join(root, 'two'));
    const result = await services.importFromPaths([root, path.join(root, 'two', 'chapter.yaml')]);
    expect(result.ok && result.summary.chapterUuids).toEqual([
      first.chapter.uuid,
      second.chapter.uuid,
    ]);
  });
});

describe('importing a pack again', () => {
  it('changes nothing when the pack is the same', async () => {
    const document = buildPackDocument();
    const directory = writePack(document);
    const first = await services.importFromPaths([directory]);
    expect(first.ok && first.summary).toMatchObject({
      chapters: { created: 1, updated: 0, removed: 0 },
      missions: { created: 2, updated: 0, removed: 0 },
      objectives: { created: 5, updated: 0, removed: 0 },
      files: { created: 3, updated: 0, removed: 0 },
    });
    const before = await contentRows(database.db);

    const second = await services.importFromPaths([directory]);
    expect(second.ok && second.summary).toMatchObject({
      chapters: { created: 0, updated: 1, removed: 0 },
      missions: { created: 0, updated: 2, removed: 0 },
      objectives: { created: 0, updated: 5, removed: 0 },
      files: { created: 0, updated: 3, removed: 0 },
    });
    expect(await contentRows(database.db)).toEqual(before);
  });

  it('updates in place: new order, removed and renamed parts, assignments kept', async () => {
    const document = buildPackDocument();
    const directory = writePack(document);
    expect((await services.importFromPaths([directory])).ok).toBe(true);
    const player = await buildAccount(database.db);
    await database.db
      .insertInto('chapter_assignment')
      .values({ chapter_uuid: document.chapter.uuid, account_id: player.id, assigned_by: null })
      .execute();

    // Missions swapped, the multiple choice removed, two objectives swapped, a file renamed.
    const [first, second] = document.chapter.missions;
    document.chapter.missions = [second!, first!];
    const [flag, single, , locked] = objectives(document, 1);
    first!.objectives = [single!, flag!, locked!] as never;
    flag!.files = [{ path: 'files/access.log', name: 'server.log' }];
    document.chapter.title.en = 'Web security, again';
    fs.writeFileSync(path.join(directory, 'chapter.yaml'), stringify(document));

    const again = await services.importFromPaths([directory]);
    expect(again.ok && again.summary).toMatchObject({
      missions: { created: 0, updated: 2, removed: 0 },
      objectives: { created: 0, updated: 4, removed: 1 },
      files: { created: 1, updated: 1, removed: 2 },
    });

    const missions = await database.db
      .selectFrom('mission')
      .select(['uuid', 'position'])
      .where('chapter_uuid', '=', document.chapter.uuid)
      .orderBy('position')
      .execute();
    expect(missions.map((mission) => mission.uuid)).toEqual([second!.uuid, first!.uuid]);
    const kept = await database.db
      .selectFrom('objective')
      .select(['uuid', 'position'])
      .where('mission_uuid', '=', first!.uuid)
      .orderBy('position')
      .execute();
    expect(kept).toEqual([
      { uuid: single!.uuid, position: 0 },
      { uuid: flag!.uuid, position: 1 },
      { uuid: locked!.uuid, position: 2 },
    ]);
    const files = await database.db
      .selectFrom('objective_file')
      .select(['uuid', 'name'])
      .where('objective_uuid', '=', flag!.uuid)
      .execute();
    expect(files).toEqual([{ uuid: attachmentUuid(flag!.uuid, 'server.log'), name: 'server.log' }]);
    const chapter = await database.db
      .selectFrom('chapter')
      .select('title')
      .where('uuid', '=', document.chapter.uuid)
      .executeTakeFirstOrThrow();
    expect(chapter.title.en).toBe('Web security, again');
    const assignments = await database.db
      .selectFrom('chapter_assignment')
      .select('account_id')
      .where('chapter_uuid', '=', document.chapter.uuid)
      .execute();
    expect(assignments).toEqual([{ account_id: player.id }]);
  });

  it('stores answers apart from what players see of the choices', async () => {
    const document = buildPackDocument();
    expect((await services.importFromPaths([writePack(document)])).ok).toBe(true);
    const rows = await database.db
      .selectFrom('objective')
      .select(['uuid', 'choices', 'answer', 'expected_answers', 'prerequisites'])
      .where(
        'uuid',
        'in',
        objectives(document).map((objective) => objective.uuid),
      )
      .execute();
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    const [flag, single, multiple, locked] = objectives(document);
    expect(byUuid.get(flag!.uuid)).toMatchObject({
      choices: [],
      answer: { kind: 'flag', accepted: ['203.0.113.7'], caseInsensitive: false },
      expected_answers: 1,
    });
    expect(byUuid.get(single!.uuid)).toMatchObject({
      choices: [
        { id: 'a', text: { en: 'SQL injection', fr: 'Injection SQL' } },
        { id: 'b', text: { en: 'XSS', fr: 'XSS' } },
        { id: 'c', text: { en: 'CSRF', fr: 'CSRF' } },
      ],
      answer: { kind: 'choices', correct: ['a'] },
      expected_answers: 1,
    });
    expect(byUuid.get(multiple!.uuid)).toMatchObject({
      answer: { kind: 'choices', correct: ['prepared', 'least'] },
      expected_answers: 2,
    });
    expect(byUuid.get(locked!.uuid)!.prerequisites).toEqual([flag!.uuid, single!.uuid]);
  });
});

describe('hints in a pack', () => {
  const hintRows = (objectiveUuid: string) =>
    database.db
      .selectFrom('objective_hint')
      .select(['uuid', 'position', 'text', 'cost'])
      .where('objective_uuid', '=', objectiveUuid)
      .orderBy('position')
      .execute();

  it('keeps their order and uuids across re-imports; one without a uuid gets a stable one', async () => {
    const document = buildPackDocument();
    const flag = objectives(document)[0]!;
    const [first, second] = flag.hints as { uuid: string; text: object; cost: number }[];
    flag.hints = [second, { text: { en: 'No uuid', fr: 'Sans uuid' }, cost: 0 }, first];
    const directory = writePack(document);
    expect((await services.importFromPaths([directory])).ok).toBe(true);
    const stored = await hintRows(flag.uuid);
    expect(stored.map((row) => [row.uuid, row.position, row.cost])).toEqual([
      [second!.uuid, 0, 25],
      [expect.any(String), 1, 0],
      [first!.uuid, 2, 10],
    ]);
    const derived = stored[1]!.uuid;
    // The same pack again: the same rows; without the second hint, it is gone.
    expect((await services.importFromPaths([directory])).ok).toBe(true);
    expect(await hintRows(flag.uuid)).toEqual(stored);
    flag.hints = [first];
    fs.writeFileSync(path.join(directory, 'chapter.yaml'), stringify(document));
    expect((await services.importFromPaths([directory])).ok).toBe(true);
    expect((await hintRows(flag.uuid)).map((row) => row.uuid)).toEqual([first!.uuid]);
    expect(derived).not.toBe(first!.uuid);
  });

  it('refuses a negative cost, an empty French text and too many hints, placed', async () => {
    const cost = await refusedChange((document) => {
      (objectives(document)[0]!.hints as { cost: number }[])[1]!.cost = -5;
    });
    expect(cost.path).toBe('chapter.missions[0].objectives[0].hints[1].cost');
    const french = await refusedChange((document) => {
      (objectives(document)[0]!.hints as { text: { fr: string } }[])[0]!.text.fr = ' ';
    });
    expect(french.path).toBe('chapter.missions[0].objectives[0].hints[0].text.fr');
    const many = await refusedChange((document) => {
      objectives(document)[0]!.hints = Array.from(
        { length: contentLimits.hintsPerObjective + 1 },
        () => ({ text: { en: 'h', fr: 'h' }, cost: 1 }),
      );
    });
    expect(many.path).toBe('chapter.missions[0].objectives[0].hints');
    const duplicate = await refusedChange((document) => {
      const hints = objectives(document)[0]!.hints as { uuid: string }[];
      hints[1]!.uuid = hints[0]!.uuid;
    });
    expect(duplicate.message).toContain('duplicate uuid');
  });
});
