import { randomBytes } from 'node:crypto';
import { getChapterDocument, putChapterDocument, type ContentPackInput } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { buildPackDocument } from '../../../test/pack-factory.js';
import { createTeamOk, createTrainerSession } from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';

const clock = testClock();

/** A pack document without files: files travel apart from the editor's document. */
const newDocument = (): ContentPackInput => {
  const document = buildPackDocument();
  for (const mission of document.chapter.missions)
    for (const objective of mission.objectives) delete objective.files;
  return document;
};

describe(`a trainer's edit of an objective in play (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const sessionOf = async (missionUuid: string, start: boolean) => {
    const session = await createTrainerSession(trainer, {
      missionUuid,
      maxTeams: 1,
      playersPerTeam: 1,
    });
    const account = await buildAccount(database.db);
    const player = new TestBrowser(app);
    await player.login(account.username, account.password);
    await createTeamOk(player, session.uuid, 'Blue');
    if (start) {
      const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
        force: true,
      });
      expect(started.statusCode, started.body).toBe(200);
    }
    return { uuid: session.uuid, player };
  };

  const updatesIn = async (session: string) =>
    (await readEventsAfter(database.db, sessionStream(session), 0, 1000)).filter(
      (event) => event.type === 'objective.updated',
    );

  it('reaches the players of a session in play, naming the objective only, never its answer', async () => {
    const document = newDocument();
    const created = await trainer.put(`/api/trainer/chapters/${document.chapter.uuid}/document`, {
      document,
      revision: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    let { revision } = putChapterDocument.responses[200].parse(created.json());
    const mission = document.chapter.missions[0]!;
    const [flag, choice] = mission.objectives as [
      (typeof mission.objectives)[number],
      (typeof mission.objectives)[number],
    ];
    const playing = await sessionOf(mission.uuid, true);
    const waiting = await sessionOf(mission.uuid, false);
    clock.advance(10_000);

    const stream = await openEventStream(`${base}/api/sessions/${playing.uuid}/events`, {
      cookie: playing.player.cookieHeader(),
    });
    try {
      const save = async (edit: (objectives: typeof mission.objectives) => void) => {
        const edited = structuredClone(document);
        edit(edited.chapter.missions[0]!.objectives);
        const saved = await trainer.put(`/api/trainer/chapters/${document.chapter.uuid}/document`, {
          document: edited,
          revision,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        revision = putChapterDocument.responses[200].parse(saved.json()).revision;
        Object.assign(document, edited);
      };
      const received = () =>
        stream.messages.filter((message) => message.event === 'objective.updated');

      // Points, text and choices: one event per objective changed, with its uuid alone.
      const canary = `RAMPART{${randomBytes(6).toString('hex')}}`;
      await save((objectives) => {
        objectives[0]!.points = 150;
        objectives[0]!.flag = { accepted: [canary] };
        objectives[1]!.title.en = 'The flaw, again';
        objectives[1]!.choices![1]!.text.en = 'Stored XSS';
        objectives[1]!.correctChoices = ['b'];
      });
      await stream.waitUntil(() => received().length >= 2);
      expect(received().map((message) => message.data)).toEqual([
        expect.objectContaining({ payload: { objectiveUuid: flag.uuid } }),
        expect.objectContaining({ payload: { objectiveUuid: choice.uuid } }),
      ]);
      expect(JSON.stringify(stream.messages)).not.toContain(canary);
      expect(JSON.stringify(received())).not.toContain('correct');

      // The players' own view has the new points and text.
      const objectives = await playing.player.get(`/api/sessions/${playing.uuid}/objectives`);
      expect(objectives.statusCode).toBe(200);
      const shown = objectives.json().objectives as {
        uuid: string;
        points: number;
        title: string;
      }[];
      expect(shown.find((objective) => objective.uuid === flag.uuid)?.points).toBe(150);
      expect(shown.find((objective) => objective.uuid === choice.uuid)?.title).toBe(
        'The flaw, again',
      );

      // An answer changed alone is no change players can see: nothing is announced.
      await save((objectives) => {
        objectives[0]!.flag = { accepted: ['RAMPART{other}'] };
      });
      // A file attached is one: announced too.
      const form = multipart({
        file: { filename: 'hint.txt', contentType: 'text/plain', data: Buffer.from('look') },
      });
      const attached = await trainer.post(
        `/api/trainer/objectives/${choice.uuid}/files`,
        form.payload,
        { headers: form.headers },
      );
      expect(attached.statusCode, attached.body).toBe(201);
      await stream.waitUntil(() => received().length >= 3);
      expect(received()[2]!.data).toEqual(
        expect.objectContaining({ payload: { objectiveUuid: choice.uuid } }),
      );
      expect((await updatesIn(playing.uuid)).map((event) => event.payload)).toEqual([
        { objectiveUuid: flag.uuid },
        { objectiveUuid: choice.uuid },
        { objectiveUuid: choice.uuid },
      ]);
      // A session still in its lobby shows no objective yet: nothing on its stream.
      expect(await updatesIn(waiting.uuid)).toEqual([]);
      expect(
        getChapterDocument.responses[200]
          .parse(
            (await trainer.get(`/api/trainer/chapters/${document.chapter.uuid}/document`)).json(),
          )
          .liveSessions.map((session) => session.uuid),
      ).toContain(playing.uuid);
    } finally {
      await stream.close();
    }
  });
});
