import { sessionExportSchema, sessionStatsSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';

const explanation = {
  en: 'The injected requests all target `product.php`.',
  fr: 'Les requêtes injectées visent toutes `product.php`.',
};

describe(`an objective's explanation on the debrief (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let chapter: BuiltChapter;
  const clock = testClock();

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', explanation },
            { type: 'single_choice', correctChoices: ['b'] },
          ],
        },
      ],
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('comes with the resolution once the session is over, and not a word of it before', async () => {
    const game = await sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: signedIn,
      clock,
      teams: 1,
    });
    const player = game.members[0]![0]!;
    const [explained, plain] = chapter.missions[0]!.objectives.map((o) => o.uuid);

    const early = await player.get(`/api/sessions/${game.uuid}/stats`);
    expect(early.statusCode).toBe(409);
    expect(early.body).not.toContain(explanation.en);
    const live = await trainer.get(`/api/trainer/sessions/${game.uuid}/stats`);
    expect(live.statusCode).toBe(200);
    expect(live.body).not.toContain(explanation.en);
    expect(live.body).not.toContain(explanation.fr);

    expect((await trainer.post(`/api/trainer/sessions/${game.uuid}/stop`)).statusCode).toBe(200);
    const over = await player.get(`/api/sessions/${game.uuid}/stats`);
    expect(over.statusCode, over.body).toBe(200);
    const resolutions = new Map(
      sessionStatsSchema.parse(over.json()).objectives.map((o) => [o.uuid, o.resolution]),
    );
    expect(resolutions.get(explained!)?.explanation).toEqual(explanation);
    expect(resolutions.get(plain!)?.explanation).toBeNull();

    // The trainer's whole-session export carries it too, with the rest of the debrief.
    const exported = await trainer.get(`/api/trainer/sessions/${game.uuid}/exports/session.json`);
    expect(exported.statusCode).toBe(200);
    const objectives = sessionExportSchema.parse(exported.json()).stats.objectives;
    expect(objectives.find((o) => o.uuid === explained)?.resolution?.explanation).toEqual(
      explanation,
    );
  });
});
