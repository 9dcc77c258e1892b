import { randomUUID } from 'node:crypto';
import { getSessionMission, getTrainerSessionMission } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { bilingual, buildChapter, type BuiltChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { createTrainerSession } from '../../../test/session-factories.js';

describe(`a session’s briefing (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  /** A chapter assigned to nobody: its own endpoint is closed to every player. */
  let reserved: BuiltChapter;

  const signedIn = async (locale: 'en' | 'fr' = 'en') => {
    const account = await buildAccount(database.db, { locale });
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const reservedSession = () =>
    createTrainerSession(trainer, { missionUuid: reserved.missions[0]!.uuid });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    reserved = await buildChapter(database.db, {
      visibility: 'assigned',
      missions: [
        {
          title: bilingual('Night shift', 'Garde de nuit'),
          brief: bilingual('An intrusion at **night**.', 'Une intrusion de **nuit**.'),
          scenario: bilingual('The SOC calls you.', 'Le SOC vous appelle.'),
          rules: bilingual('No scanning outside the range.', 'Aucun scan hors du périmètre.'),
        },
      ],
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets a player of the session read it although the chapter is not assigned to them', async () => {
    const session = await reservedSession();
    const player = await signedIn();
    expect((await player.post(`/api/sessions/${session.uuid}/join`)).statusCode).toBe(200);
    // The chapter's own endpoint stays closed to them: the session is what opens the briefing.
    expect((await player.get(`/api/chapters/${reserved.uuid}`)).statusCode).toBe(404);

    const response = await player.get(`/api/sessions/${session.uuid}/mission`);
    expect(response.statusCode, response.body).toBe(200);
    expect(getSessionMission.responses[200].parse(response.json())).toEqual({
      locale: 'en',
      mission: {
        uuid: reserved.missions[0]!.uuid,
        title: 'Night shift',
        brief: 'An intrusion at **night**.',
        scenario: 'The SOC calls you.',
        rules: 'No scanning outside the range.',
      },
    });
  });

  it('answers in the asked locale, else in the player’s own', async () => {
    const session = await reservedSession();
    const player = await signedIn('fr');
    await player.post(`/api/sessions/${session.uuid}/join`);

    const own = (await player.get(`/api/sessions/${session.uuid}/mission`)).json();
    expect(own).toMatchObject({ locale: 'fr', mission: { title: 'Garde de nuit' } });
    expect(own.mission.rules).toBe('Aucun scan hors du périmètre.');

    const english = (await player.get(`/api/sessions/${session.uuid}/mission?locale=en`)).json();
    expect(english).toMatchObject({ locale: 'en', mission: { title: 'Night shift' } });
  });

  it('refuses a player who did not join, as every session route does', async () => {
    const session = await reservedSession();
    const stranger = await signedIn();
    const response = await stranger.get(`/api/sessions/${session.uuid}/mission`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('session.not_joined');
    expect(response.body).not.toContain('intrusion');

    const unknown = await stranger.get(`/api/sessions/${randomUUID()}/mission`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('session.not_found');
  });

  it('lets a trainer read any session’s, in either language, and no player use that route', async () => {
    const session = await reservedSession();
    const response = await trainer.get(`/api/trainer/sessions/${session.uuid}/mission?locale=fr`);
    expect(response.statusCode, response.body).toBe(200);
    expect(getTrainerSessionMission.responses[200].parse(response.json()).mission).toMatchObject({
      title: 'Garde de nuit',
      brief: 'Une intrusion de **nuit**.',
    });

    const player = await signedIn();
    await player.post(`/api/sessions/${session.uuid}/join`);
    const asPlayer = await player.get(`/api/trainer/sessions/${session.uuid}/mission`);
    expect(asPlayer.statusCode).toBe(401);
  });
});
