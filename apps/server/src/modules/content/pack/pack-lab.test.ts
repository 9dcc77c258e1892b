import fs from 'node:fs';
import path from 'node:path';
import {
  contentPackSchema,
  getChapterDocument,
  labTemplateSchema,
  type LabTemplateInput,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp } from '../../../../test/app.js';
import { TestBrowser } from '../../../../test/browser.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/database.js';
import { buildAccount } from '../../../../test/factories.js';
import {
  buildPackDocument,
  removeTemporaryDirectories,
  temporaryDirectory,
  writePack,
} from '../../../../test/pack-factory.js';
import { createContentPackServices } from './index.js';

/** A mission's lab as an author writes it: defaults left out. */
const authoredLab: LabTemplateInput = {
  machines: [
    { name: 'kali', image: 'rampart/workstation:1' },
    {
      name: 'shop',
      image: 'rampart/vulnerable-shop:1',
      ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }],
      env: { FLAG_SQLI: 'RAMPART{un10n_s3l3ct}' },
    },
  ],
  consoleMachine: 'kali',
  vpn: true,
  ttlSeconds: 3600,
  maxTtlSeconds: 7200,
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(() => removeTemporaryDirectories());

const services = () => createContentPackServices(database.db);

const labOf = async (missionUuid: string) =>
  (
    await database.db
      .selectFrom('mission')
      .select('lab')
      .where('uuid', '=', missionUuid)
      .executeTakeFirstOrThrow()
  ).lab;

const exportedDocument = async (chapterUuid: string) => {
  const directory = temporaryDirectory();
  expect((await services().exporter.exportChapter(chapterUuid, directory)).ok).toBe(true);
  return parse(fs.readFileSync(path.join(directory, 'chapter.yaml'), 'utf8')) as {
    chapter: { missions: Record<string, unknown>[] };
  };
};

describe('a mission’s lab in a content pack', () => {
  it('is stored with its defaults, exported back, and absent from missions without one', async () => {
    const document = buildPackDocument();
    document.chapter.missions[0]!.lab = authoredLab;
    const imported = await services().importFromPaths([writePack(document)]);
    expect(imported.ok, JSON.stringify(imported)).toBe(true);

    const [withLab, withoutLab] = document.chapter.missions.map((mission) => mission.uuid);
    const stored = await labOf(withLab!);
    expect(stored).toEqual(labTemplateSchema.parse(authoredLab));
    expect(stored).toMatchObject({
      readyTimeoutSeconds: 120,
      resources: { cpuMillis: 500, memoryMiB: 512, pids: 256, diskMiB: 256 },
    });
    expect(await labOf(withoutLab!)).toBeNull();

    const exported = await exportedDocument(document.chapter.uuid);
    expect(contentPackSchema.parse(exported)).toEqual(contentPackSchema.parse(document));
    expect(exported.chapter.missions[1]).not.toHaveProperty('lab');
  });

  it('goes when a re-import no longer declares it', async () => {
    const document = buildPackDocument();
    document.chapter.missions[0]!.lab = authoredLab;
    expect((await services().importFromPaths([writePack(document)])).ok).toBe(true);
    delete document.chapter.missions[0]!.lab;
    expect((await services().importFromPaths([writePack(document)])).ok).toBe(true);
    expect(await labOf(document.chapter.missions[0]!.uuid)).toBeNull();
  });

  it.each([
    [
      'a console machine the lab does not have',
      { ...authoredLab, consoleMachine: 'web' },
      'chapter.missions[0].lab.consoleMachine',
    ],
    [
      'two machines with one name',
      { ...authoredLab, machines: [authoredLab.machines[0]!, authoredLab.machines[0]!] },
      'chapter.missions[0].lab.machines[1].name',
    ],
    [
      'a max lifetime shorter than the lifetime',
      { ...authoredLab, maxTtlSeconds: 600 },
      'chapter.missions[0].lab.maxTtlSeconds',
    ],
    [
      'an image with a space',
      { ...authoredLab, machines: [{ name: 'kali', image: 'rm -rf /' }] },
      'chapter.missions[0].lab.machines[0].image',
    ],
    [
      'an unknown field',
      { ...authoredLab, privileged: true },
      'chapter.missions[0].lab.privileged',
    ],
  ])('is refused with %s, where it is', async (_case, lab, where) => {
    const document = buildPackDocument();
    document.chapter.missions[0]!.lab = lab as LabTemplateInput;
    const result = await services().importFromPaths([writePack(document)]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.path)).toEqual([where]);
    expect(await labOf(document.chapter.missions[0]!.uuid).catch(() => 'absent')).toBe('absent');
  });
});

describe('a mission’s lab on the trainer’s chapter screen', () => {
  let app: FastifyInstance;
  let trainer: TestBrowser;

  beforeAll(async () => {
    app = await createTestApp(database);
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
  });

  afterAll(async () => {
    await app.close();
  });

  it('is read with the chapter and kept by a save that edits something else', async () => {
    const document = buildPackDocument();
    for (const mission of document.chapter.missions)
      for (const objective of mission.objectives) delete objective.files;
    document.chapter.missions[0]!.lab = authoredLab;
    const uuid = document.chapter.uuid;
    const created = await trainer.put(`/api/trainer/chapters/${uuid}/document`, {
      document,
      revision: null,
    });
    expect(created.statusCode, created.body).toBe(200);

    const read = getChapterDocument.responses[200].parse(
      (await trainer.get(`/api/trainer/chapters/${uuid}/document`)).json(),
    );
    expect(read.document.chapter.missions[0]!.lab).toEqual(labTemplateSchema.parse(authoredLab));
    const edited = structuredClone(read.document);
    edited.chapter.missions[0]!.title.en = 'The leaking shop, revised';
    const saved = await trainer.put(`/api/trainer/chapters/${uuid}/document`, {
      document: edited,
      revision: read.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await labOf(document.chapter.missions[0]!.uuid)).toEqual(
      labTemplateSchema.parse(authoredLab),
    );
  });
});
