import { randomUUID } from 'node:crypto';
import {
  answerResultSchema,
  contentLimits,
  errorBodySchema,
  getChapterDocument,
  postObjectiveFile,
  putChapterDocument,
  type ContentPackInput,
} from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildPackDocument } from '../../../test/pack-factory.js';
import { createTeamOk, createTrainerSession } from '../../../test/session-factories.js';

/** A pack document without files: files travel apart from the editor's document. */
const newDocument = (): ContentPackInput => {
  const document = buildPackDocument();
  for (const mission of document.chapter.missions)
    for (const objective of mission.objectives) delete objective.files;
  return document;
};

type Document = ReturnType<typeof newDocument>;

describe(`content authoring on the trainer's screen (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let player: TestBrowser;
  let playerAccount: Awaited<ReturnType<typeof buildAccount>>;
  const clock = testClock();

  const errorOf = (response: { json: () => unknown }) =>
    errorBodySchema.parse(response.json()).error;

  const read = async (uuid: string) => {
    const response = await trainer.get(`/api/trainer/chapters/${uuid}/document`);
    expect(response.statusCode, response.body).toBe(200);
    return getChapterDocument.responses[200].parse(response.json());
  };

  const save = (document: unknown, uuid: string, revision: string | null, as = trainer) =>
    as.put(`/api/trainer/chapters/${uuid}/document`, { document, revision });

  const created = async (document: Document = newDocument()) => {
    const response = await save(document, document.chapter.uuid, null);
    expect(response.statusCode, response.body).toBe(200);
    return { document, ...putChapterDocument.responses[200].parse(response.json()) };
  };

  const attach = (objectiveUuid: string, filename: string, data: Uint8Array | string) => {
    const form = multipart({
      file: {
        filename,
        contentType: 'application/octet-stream',
        data: typeof data === 'string' ? Buffer.from(data) : data,
      },
    });
    return trainer.post(`/api/trainer/objectives/${objectiveUuid}/files`, form.payload, {
      headers: form.headers,
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    playerAccount = await buildAccount(database.db);
    player = new TestBrowser(app);
    await player.login(playerAccount.username, playerAccount.password);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates a chapter from a document and reads it back with every default filled in', async () => {
    const { document, import: summary, revision } = await created();
    expect(summary).toMatchObject({
      chapters: { created: 1 },
      missions: { created: 2 },
      chapterUuids: [document.chapter.uuid],
    });
    const read1 = await read(document.chapter.uuid);
    expect(read1.revision).toBe(revision);
    const objective = read1.document.chapter.missions[0]!.objectives[1]!;
    expect(objective).toMatchObject({
      type: 'single_choice',
      correctChoices: ['a'],
      penalty: 0,
      locked: false,
      files: [],
    });
    const audit = await database.db
      .selectFrom('trainer_audit')
      .select(['action', 'target_uuid'])
      .where('target_uuid', '=', document.chapter.uuid)
      .execute();
    expect(audit).toEqual([
      { action: 'content.chapter_saved', target_uuid: document.chapter.uuid },
    ]);
  });

  it('updates a field of an objective, and refuses a save from a stale revision', async () => {
    const { document, revision } = await created();
    const edited = structuredClone(document);
    edited.chapter.missions[0]!.objectives[0]!.title = { en: 'The intruder', fr: "L'intrus" };
    const first = await save(edited, document.chapter.uuid, revision);
    expect(first.statusCode, first.body).toBe(200);
    const after = await read(document.chapter.uuid);
    expect(after.document.chapter.missions[0]!.objectives[0]!.title.fr).toBe("L'intrus");
    expect(after.revision).not.toBe(revision);

    // A second trainer who read before the first saved.
    const stale = await save(document, document.chapter.uuid, revision);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('content.edit_conflict');
    const recreate = await save(document, document.chapter.uuid, null);
    expect(errorOf(recreate).code).toBe('content.edit_conflict');
    expect(
      (await read(document.chapter.uuid)).document.chapter.missions[0]!.objectives[0]!.title.en,
    ).toBe('The intruder');
  });

  it('lets one of two simultaneous saves of the same revision through and refuses the other', async () => {
    const { document, revision } = await created();
    const a = structuredClone(document);
    a.chapter.title = { en: 'From A', fr: 'De A' };
    const b = structuredClone(document);
    b.chapter.title = { en: 'From B', fr: 'De B' };
    const responses = await Promise.all([
      save(a, document.chapter.uuid, revision),
      save(b, document.chapter.uuid, revision),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.findIndex((response) => response.statusCode === 200);
    expect((await read(document.chapter.uuid)).document.chapter.title.en).toBe(
      winner === 0 ? 'From A' : 'From B',
    );
  });

  const badDocuments: [string, (document: Document, other: Document) => void, string][] = [
    [
      'a mission without its English title',
      (document) => {
        delete (document.chapter.missions[0]!.title as { en?: string }).en;
      },
      'chapter.missions[0].title.en',
    ],
    [
      'negative points',
      (document) => {
        document.chapter.missions[0]!.objectives[0]!.points = -5;
      },
      'chapter.missions[0].objectives[0].points',
    ],
    [
      'a flag objective without accepted flags',
      (document) => {
        document.chapter.missions[0]!.objectives[0]!.flag = { accepted: [] };
      },
      'chapter.missions[0].objectives[0].flag.accepted',
    ],
    [
      'two objectives with one uuid',
      (document) => {
        const [first, second] = document.chapter.missions[0]!.objectives;
        second!.uuid = first!.uuid;
      },
      'chapter.missions[0].objectives[1].uuid',
    ],
    [
      "the uuid of another chapter's mission",
      (document, other) => {
        document.chapter.missions[1]!.uuid = other.chapter.missions[0]!.uuid;
      },
      'chapter.missions[1].uuid',
    ],
    [
      'an explanation written in English only',
      (document) => {
        document.chapter.missions[0]!.objectives[1]!.explanation = { en: 'Why.', fr: ' ' };
      },
      'chapter.missions[0].objectives[1].explanation.fr',
    ],
    [
      'a chapter uuid other than the one saved',
      (document) => {
        document.chapter.uuid = randomUUID();
      },
      'chapter.uuid',
    ],
  ];
  for (const [label, breakIt, path] of badDocuments) {
    it(`refuses ${label} with a placed issue, and changes nothing`, async () => {
      const { document, revision } = await created();
      const { document: other } = await created();
      const before = await snapshotDatabase(database.db);
      const broken = structuredClone(document);
      breakIt(broken, other);
      const response = await save(broken, document.chapter.uuid, revision);
      expect(response.statusCode, response.body).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('content.pack_invalid');
      expect(error.issues?.map((issue) => issue.path)).toContain(path);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });
  }

  it('attaches and removes files, keeps them across saves and drops them with their objective', async () => {
    const { document, revision } = await created();
    const objectiveUuid = document.chapter.missions[1]!.objectives[0]!.uuid;
    const attached = await attach(objectiveUuid, 'capture.pcap', 'pcap bytes');
    expect(attached.statusCode, attached.body).toBe(201);
    const file = postObjectiveFile.responses[201].parse(attached.json()).file;
    expect(file).toMatchObject({ name: 'capture.pcap', size: 10 });
    const download = await trainer.get(file.url);
    expect(download.body).toBe('pcap bytes');

    // The revision names the document, not its files: the editor saves after an upload.
    const kept = await save(document, document.chapter.uuid, revision);
    expect(kept.statusCode, kept.body).toBe(200);
    const read1 = await read(document.chapter.uuid);
    expect(read1.document.chapter.missions[1]!.objectives[0]!.files.map((f) => f.name)).toEqual([
      'capture.pcap',
    ]);

    const removed = await trainer.delete(
      `/api/trainer/objectives/${objectiveUuid}/files/${file.uuid}`,
    );
    expect(removed.statusCode).toBe(204);
    const again = await trainer.delete(
      `/api/trainer/objectives/${objectiveUuid}/files/${file.uuid}`,
    );
    expect(errorOf(again).code).toBe('content.file_not_found');
    const audit = await database.db
      .selectFrom('trainer_audit')
      .select('action')
      .where('target_uuid', '=', objectiveUuid)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['content.file_added', 'content.file_removed']);

    expect((await attach(objectiveUuid, 'notes.txt', 'n')).statusCode).toBe(201);
    const withoutObjective = structuredClone(document);
    withoutObjective.chapter.missions[1]!.objectives = [
      { ...document.chapter.missions[0]!.objectives[0]!, uuid: randomUUID(), hints: [] },
    ];
    withoutObjective.chapter.missions[1]!.successRule = { kind: 'required_objectives' };
    const dropped = await save(withoutObjective, document.chapter.uuid, read1.revision);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(
      await database.db
        .selectFrom('objective_file')
        .select('uuid')
        .where('objective_uuid', '=', objectiveUuid)
        .execute(),
    ).toEqual([]);
  });

  const badFiles: [string, string, number, number, string][] = [
    ['a name with a space', 'my notes.txt', 3, 422, 'content.file_name_invalid'],
    ['a name starting with a dot', '.env', 3, 422, 'content.file_name_invalid'],
    ['a type that is not allowed', 'payload.exe', 3, 422, 'content.file_type_not_allowed'],
    [
      'a file over the limit',
      'big.log',
      contentLimits.fileBytes + 1,
      413,
      'content.file_too_large',
    ],
  ];
  for (const [label, name, size, status, code] of badFiles) {
    it(`refuses ${label} (${code}) and stores nothing`, async () => {
      const { document } = await created();
      const before = await snapshotDatabase(database.db);
      const response = await attach(
        document.chapter.missions[0]!.objectives[0]!.uuid,
        name,
        new Uint8Array(size),
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).code).toBe(code);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });
  }

  it('refuses a second file of the same name and a file for an unknown objective', async () => {
    const { document } = await created();
    const objectiveUuid = document.chapter.missions[0]!.objectives[0]!.uuid;
    expect((await attach(objectiveUuid, 'access.log', 'a')).statusCode).toBe(201);
    expect(errorOf(await attach(objectiveUuid, 'access.log', 'b')).code).toBe(
      'content.file_name_taken',
    );
    expect(errorOf(await attach(randomUUID(), 'access.log', 'b')).code).toBe(
      'content.objective_not_found',
    );
  });

  it('refuses a ninth file on an objective, and a file past what a pack of the chapter holds', async () => {
    const { document } = await created();
    const objectiveUuid = document.chapter.missions[0]!.objectives[0]!.uuid;
    for (let n = 0; n < contentLimits.filesPerObjective; n += 1)
      expect((await attach(objectiveUuid, `part-${n}.txt`, `${n}`)).statusCode).toBe(201);
    const ninth = await attach(objectiveUuid, 'part-9.txt', '9');
    expect(ninth.statusCode).toBe(409);
    expect(errorOf(ninth).code).toBe('content.too_many_files');

    // A file already near the limit (its recorded size is what the limit counts).
    const other = document.chapter.missions[1]!.objectives[0]!.uuid;
    await database.db
      .insertInto('objective_file')
      .values({
        uuid: randomUUID(),
        objective_uuid: other,
        position: 0,
        name: 'huge.pcap',
        pack_path: 'files/huge.pcap',
        content_type: 'application/vnd.tcpdump.pcap',
        size: contentLimits.packFileBytes - 10,
        sha256: '0'.repeat(64),
        content: new Uint8Array(1),
      })
      .execute();
    const over = await attach(other, 'more.txt', 'more than ten bytes');
    expect(over.statusCode).toBe(413);
    expect(errorOf(over).code).toBe('content.chapter_files_too_large');
  });

  it('answers 401 to a player cookie, a player token and no login on every authoring route, changing nothing', async () => {
    const { document, revision } = await created();
    const uuid = document.chapter.uuid;
    const objectiveUuid = document.chapter.missions[0]!.objectives[0]!.uuid;
    // A player's API token opens no authoring route either.
    const issued = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: {
        username: playerAccount.username,
        password: playerAccount.password,
        deviceName: 'script',
      },
    });
    const { token } = issued.json() as { token: string };
    const before = await snapshotDatabase(database.db);
    const form = multipart({
      file: { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') },
    });
    const responses = [
      await player.get(`/api/trainer/chapters/${uuid}/document`),
      await save(document, uuid, revision, player),
      await player.delete(`/api/trainer/chapters/${uuid}`),
      await player.post(`/api/trainer/objectives/${objectiveUuid}/files`, form.payload, {
        headers: form.headers,
      }),
      await player.delete(`/api/trainer/objectives/${objectiveUuid}/files/${randomUUID()}`),
      await new TestBrowser(app).get(`/api/trainer/chapters/${uuid}/document`),
    ];
    const client = new TestBrowser(app);
    responses.push(
      await client.get(`/api/trainer/chapters/${uuid}/document`, { bearer: token }),
      await client.put(
        `/api/trainer/chapters/${uuid}/document`,
        { document, revision },
        { bearer: token },
      ),
      await client.delete(`/api/trainer/chapters/${uuid}`, { bearer: token }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 9 }, () => 401),
    );
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it('applies an edit of a running session’s answer forward: judged answers stay, later ones meet it', async () => {
    const { document, revision } = await created();
    const mission = document.chapter.missions[0]!;
    const objective = mission.objectives[0]!;
    const session = await createTrainerSession(trainer, {
      missionUuid: mission.uuid,
      maxTeams: 1,
      playersPerTeam: 1,
    });
    const account = await buildAccount(database.db);
    const captain = new TestBrowser(app);
    await captain.login(account.username, account.password);
    await createTeamOk(captain, session.uuid, 'Blue');
    const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
      force: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    clock.advance(10_000);
    const answer = async (value: string) => {
      const response = await captain.post(
        `/api/sessions/${session.uuid}/objectives/${objective.uuid}/answers`,
        { answer: value },
      );
      expect(response.statusCode, response.body).toBe(200);
      return answerResultSchema.parse(response.json());
    };

    const before = await answer('RAMPART{new}');
    expect(before.correct).toBe(false);

    const read1 = await read(document.chapter.uuid);
    expect(read1.liveSessions).toEqual([
      expect.objectContaining({ uuid: session.uuid, status: 'running', missionUuid: mission.uuid }),
    ]);
    const edited = structuredClone(document);
    edited.chapter.missions[0]!.objectives[0]!.flag = { accepted: ['RAMPART{new}'] };
    const saved = await save(edited, document.chapter.uuid, revision);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(putChapterDocument.responses[200].parse(saved.json()).liveSessions).toEqual([
      expect.objectContaining({ uuid: session.uuid, missionUuid: mission.uuid }),
    ]);

    const after = await answer('RAMPART{new}');
    expect(after.correct).toBe(true);
    // The wrong answer judged before the edit is still on the ledger.
    expect(after.score).toBe(before.score + objective.points);

    // A chapter a session used cannot be deleted.
    const refused = await trainer.delete(`/api/trainer/chapters/${document.chapter.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('content.chapter_in_use');
  });

  it('deletes a chapter no session used, with an audit row', async () => {
    const { document } = await created();
    const response = await trainer.delete(`/api/trainer/chapters/${document.chapter.uuid}`);
    expect(response.statusCode).toBe(204);
    expect(
      (await trainer.get(`/api/trainer/chapters/${document.chapter.uuid}/document`)).statusCode,
    ).toBe(404);
    const audit = await database.db
      .selectFrom('trainer_audit')
      .select('action')
      .where('target_uuid', '=', document.chapter.uuid)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'content.chapter_saved',
      'content.chapter_deleted',
    ]);
  });
});
