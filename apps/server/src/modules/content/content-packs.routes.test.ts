import os from 'node:os';
import { contentPackLimits, errorBodySchema, postContentPacks } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import {
  buildPackDocument,
  packFiles,
  removeTemporaryDirectories,
  writePack,
} from '../../../test/pack-factory.js';
import { packDirectory } from './pack/pack-archive.js';

const zipOf = (entries: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(entries).map(([name, content]) => [
        name,
        typeof content === 'string' ? strToU8(content) : content,
      ]),
    ),
  );

describe(`content packs over HTTP (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let player: TestBrowser;

  const upload = (
    browser: TestBrowser,
    archive: Uint8Array,
    fields: Record<string, string> = {},
  ) => {
    const form = multipart({
      ...fields,
      archive: { filename: 'packs.zip', contentType: 'application/zip', data: archive },
    });
    return browser.post('/api/trainer/content-packs', form.payload, { headers: form.headers });
  };

  const errorOf = (response: { json: () => unknown }) =>
    errorBodySchema.parse(response.json()).error;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const playerAccount = await buildAccount(database.db);
    player = new TestBrowser(app);
    await player.login(playerAccount.username, playerAccount.password);
  });

  afterAll(async () => {
    removeTemporaryDirectories();
    await app?.close();
    await database?.close();
  });

  it('imports the packs of an archive, and exports a chapter that imports back unchanged', async () => {
    const document = buildPackDocument();
    const archive = await packDirectory(writePack(document), 'web-security');

    const dryRun = await upload(trainer, archive, { dryRun: 'true' });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(postContentPacks.responses[200].parse(dryRun.json()).import).toMatchObject({
      dryRun: true,
      chapters: { created: 1, updated: 0, removed: 0 },
    });
    expect(await database.db.selectFrom('chapter').select('uuid').execute()).toEqual([]);

    const imported = await upload(trainer, archive);
    expect(imported.statusCode, imported.body).toBe(200);
    const summary = postContentPacks.responses[200].parse(imported.json()).import;
    expect(summary).toMatchObject({
      dryRun: false,
      chapters: { created: 1 },
      files: {
        created: document.chapter.missions
          .flatMap((mission) => mission.objectives)
          .flatMap((objective) => objective.files ?? []).length,
      },
      chapterUuids: [document.chapter.uuid],
    });

    const audit = await database.db
      .selectFrom('trainer_audit')
      .select(['action', 'details'])
      .where('action', '=', 'content_pack.imported')
      .execute();
    expect(audit).toEqual([
      {
        action: 'content_pack.imported',
        details: expect.objectContaining({ chapterUuids: [document.chapter.uuid] }),
      },
    ]);

    const exported = await trainer.get(`/api/trainer/chapters/${document.chapter.uuid}/pack`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = unzipSync(new Uint8Array(exported.rawPayload));
    const prefix = `chapter-${document.chapter.uuid}`;
    expect(Object.keys(entries).sort()).toEqual(
      [
        `${prefix}/chapter.yaml`,
        ...Object.keys(packFiles()).map((file) => `${prefix}/${file}`),
      ].sort(),
    );

    const before = await snapshotDatabase(database.db);
    const again = await upload(trainer, new Uint8Array(exported.rawPayload));
    expect(again.statusCode, again.body).toBe(200);
    expect(postContentPacks.responses[200].parse(again.json()).import).toMatchObject({
      chapters: { created: 0, updated: 1, removed: 0 },
      missions: { created: 0, removed: 0 },
      objectives: { created: 0, removed: 0 },
      files: { created: 0, removed: 0 },
    });
    // The round trip changes nothing but the time of the update (and adds its audit row).
    const withoutUpdateTimes = ({
      trainer_audit: _audit,
      ...snapshot
    }: Record<string, unknown[]>) =>
      JSON.stringify(snapshot).replace(/\\"updated_at\\":\\"[^\\]+\\"/g, '');
    expect(withoutUpdateTimes(await snapshotDatabase(database.db))).toBe(
      withoutUpdateTimes(before),
    );
  });

  it('lists every problem of a broken pack with its place, and imports nothing', async () => {
    const document = buildPackDocument();
    const broken = structuredClone(document) as { chapter: { title: { fr?: string } } };
    delete broken.chapter.title.fr;
    const archive = await packDirectory(writePack(broken, {}), 'broken');
    const before = await snapshotDatabase(database.db);

    const response = await upload(trainer, archive);
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('content.pack_invalid');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: expect.stringMatching(/^broken\/chapter\.yaml:\d+/) }),
      ]),
    );
    // Paths are the archive's own: nothing of the server's disk shows.
    expect(JSON.stringify(error.issues)).not.toContain(os.tmpdir());
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it('refuses what is not a safe archive of packs, with a code, and writes nothing', async () => {
    const before = await snapshotDatabase(database.db);
    const cases: [string, Uint8Array, string][] = [
      ['not a zip', strToU8('just text'), 'content.archive_invalid'],
      ['a parent step', zipOf({ '../evil/chapter.yaml': 'x' }), 'content.archive_invalid'],
      ['an absolute path', zipOf({ '/tmp/evil.yaml': 'x' }), 'content.archive_invalid'],
      [
        'too many entries',
        zipOf(
          Object.fromEntries(
            Array.from({ length: contentPackLimits.entries + 1 }, (_, i) => [`f/${i}.txt`, '']),
          ),
        ),
        'content.archive_invalid',
      ],
      ['no chapter.yaml', zipOf({ 'pack/readme.txt': 'hello' }), 'content.pack_invalid'],
    ];
    for (const [label, archive, code] of cases) {
      const response = await upload(trainer, archive);
      expect({ label, status: response.statusCode < 500, code: errorOf(response).code }).toEqual({
        label,
        status: true,
        code,
      });
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it('refuses an archive that claims to unpack past the limit', async () => {
    // Zeros compress well: a few hundred kilobytes of archive, more than the limit unpacked.
    const zeros = new Uint8Array(contentPackLimits.unpackedBytes / 4);
    const archive = zipSync(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`pack/files/${i}.bin`, zeros])),
      { level: 1 },
    );
    expect(archive.byteLength).toBeLessThan(contentPackLimits.archiveBytes);
    const response = await upload(trainer, archive);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('content.archive_too_large');
  });

  it('is for trainers only', async () => {
    const archive = await packDirectory(writePack(), 'pack');
    expect((await upload(player, archive)).statusCode).toBe(401);
    const chapter = buildPackDocument().chapter.uuid;
    expect((await player.get(`/api/trainer/chapters/${chapter}/pack`)).statusCode).toBe(401);
    expect(
      (await trainer.get(`/api/trainer/chapters/00000000-0000-4000-8000-000000000000/pack`))
        .statusCode,
    ).toBe(404);
  });
});
