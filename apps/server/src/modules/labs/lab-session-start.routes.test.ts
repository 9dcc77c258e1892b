import { sessionEnvironmentsSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { labTemplate, setMissionLab } from '../../../test/lab-factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { buildApp } from '../../app.js';
import { FakeProvider } from './providers/fake-provider.js';

/** The app's own start pass, on its interval: a trainer starts, the teams' labs follow. */
describe(`labs allocated by the app when a session starts (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let labMission: string;
  const clock = testClock();
  const provider = new FakeProvider({ clock });

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const environmentsOf = async (session: string) => {
    const response = await trainer.get(`/api/trainer/sessions/${session}/environments`);
    expect(response.statusCode, response.body).toBe(200);
    return sessionEnvironmentsSchema.parse(response.json());
  };

  /** Polls the trainer's view until the start pass has run (it ticks every 2 s). */
  const afterStart = async (session: string) => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const view = await environmentsOf(session);
      if (view.startAllocation) return view;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the start was never handled');
  };

  /** Polls the trainer's view until no lab of the session is still provisioning. */
  const settled = async (session: string) => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const view = await environmentsOf(session);
      if (view.teams.every((team) => team.environment?.phase !== 'Provisioning')) return view;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the labs never left Provisioning');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ LAB_MAX_ENVIRONMENTS_PER_SESSION: '2', LAB_RECONCILE_SECONDS: '1' }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: provider,
    });
    await app.ready();
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db);
    labMission = chapter.missions[0]!.uuid;
    await setMissionLab(database.db, labMission, labTemplate());
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('gives teams their labs up to the session’s capacity and tells the trainer who was left out', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: labMission,
      signIn: signedIn,
      clock,
      teams: 3,
      settings: { durationMinutes: 600 },
    });
    expect((await afterStart(uuid)).startAllocation).toMatchObject({
      allocated: 2,
      noCapacity: 1,
      failed: 0,
    });
    // The pass allocates; the labs it started become ready on the provider's time after it.
    const view = await settled(uuid);
    const phases = view.teams.map((team) => team.environment?.phase ?? 'none').sort();
    expect(phases).toEqual(['Ready', 'Ready', 'none']);
    // The team left out allocates on first use once a place frees up.
    const leftOut = view.teams.findIndex((team) => team.environment === null);
    const refused = await members[leftOut]![0]!.post(`/api/sessions/${uuid}/environment`);
    expect(refused.json().error.code).toBe('lab.no_capacity');
  });

  it('releases every team’s lab once the trainer stops the session', async () => {
    const { uuid } = await sessionWithTeams({
      trainer,
      missionUuid: labMission,
      signIn: signedIn,
      clock,
      teams: 2,
      settings: { durationMinutes: 600 },
    });
    expect((await afterStart(uuid)).startAllocation).toMatchObject({ allocated: 2 });
    const stopped = await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const view = await environmentsOf(uuid);
      if (view.teams.every((team) => team.environment?.phase === 'Released')) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the labs of the stopped session were not released');
  });

  it('says nothing of a start in the lobby: nothing is allocated before the session runs', async () => {
    const { uuid } = await sessionWithTeams({
      trainer,
      missionUuid: labMission,
      signIn: signedIn,
      clock,
      teams: 1,
      start: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const view = await environmentsOf(uuid);
    expect(view.startAllocation).toBeUndefined();
    expect(view.teams[0]!.environment).toBeNull();
  });
});
