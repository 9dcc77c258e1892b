import { randomUUID } from 'node:crypto';
import {
  auditEntrySchema,
  sessionEnvironmentsSchema,
  teamEnvironmentSchema,
} from '@rampart/contracts';
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
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { GLOBAL_SCOPE } from './labs.repository.js';
import { FakeProvider } from './providers/fake-provider.js';

describe(`lab environment routes: players’ own team, trainers’ actions (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  const clock = testClock();
  const provider = new FakeProvider({ clock });
  let labMission: string;
  let plainMission: string;

  const startApp = async () => {
    const started = await buildApp({
      config: testConfig({
        LAB_MAX_EXTENSIONS: '2',
        LAB_RETRY_AFTER_SECONDS: '45',
        // These tests follow first use; the start's allocation has its own tests.
        LAB_ALLOCATE_AT_START: 'false',
      }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: provider,
    });
    await started.ready();
    return started;
  };

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const game = async (
    options: { teams?: number; size?: number; start?: boolean; mission?: string } = {},
  ) => {
    const { uuid, members, teamUuids } = await sessionWithTeams({
      trainer,
      missionUuid: options.mission ?? labMission,
      signIn: signedIn,
      clock,
      teams: options.teams ?? 2,
      size: options.size ?? 1,
      start: options.start ?? true,
      settings: { durationMinutes: 600 },
    });
    return { uuid, members, teamUuids };
  };

  const environmentOf = (player: TestBrowser, session: string) =>
    player.get(`/api/sessions/${session}/environment`);
  const allocate = (player: TestBrowser, session: string) =>
    player.post(`/api/sessions/${session}/environment`);
  const errorOf = (response: { statusCode: number; json(): { error: { code: string } } }) => ({
    status: response.statusCode,
    code: response.json().error.code,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startApp();
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, { missions: [{}, {}] });
    labMission = chapter.missions[0]!.uuid;
    plainMission = chapter.missions[1]!.uuid;
    await setMissionLab(database.db, labMission, labTemplate());
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('a player', () => {
    it('reads the lab’s shape before first use, never its images or flags', async () => {
      const { uuid, members } = await game();
      const response = await environmentOf(members[0]![0]!, uuid);
      expect(response.statusCode, response.body).toBe(200);
      const body = teamEnvironmentSchema.parse(response.json());
      expect(body.environment).toBeNull();
      expect(body.lab).toEqual({
        machines: [
          { name: 'workstation', ports: [] },
          { name: 'web', ports: [80] },
        ],
        consoleMachine: 'workstation',
        vpn: false,
        ttlSeconds: 1800,
        maxTtlSeconds: 3600,
      });
      expect(response.body).not.toContain('RAMPART{lab}');
      expect(response.body).not.toContain('rampart/web');
    });

    it('allocates the team’s environment on first use; teammates share it, other teams never see it', async () => {
      const { uuid, members } = await game({ teams: 2, size: 2 });
      const [[alice, bob], [carol]] = members as [[TestBrowser, TestBrowser], [TestBrowser]];
      const first = await allocate(alice, uuid);
      expect(first.statusCode, first.body).toBe(200);
      const environment = teamEnvironmentSchema.parse(first.json()).environment!;
      expect(environment.phase).toBe('Ready');
      const again = await allocate(bob, uuid);
      expect(again.json().environment.uuid).toBe(environment.uuid);
      expect((await environmentOf(bob, uuid)).json().environment.uuid).toBe(environment.uuid);
      // The other team reads its own (none yet), by the same URL: no id reaches another's.
      const other = await environmentOf(carol, uuid);
      expect(other.json().environment).toBeNull();
      expect(other.body).not.toContain(environment.uuid);
      const own = await allocate(carol, uuid);
      expect(own.json().environment.uuid).not.toBe(environment.uuid);
    });

    it('tells the team and the trainers, never the other teams, of each change of its environment', async () => {
      const { uuid, members, teamUuids } = await game();
      const environment = (await allocate(members[0]![0]!, uuid)).json().environment;
      await trainer.post(`/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/environment/extend`);
      await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`);
      const changes = (await readEventsAfter(database.db, sessionStream(uuid), 0, 1000)).filter(
        (event) => event.type === 'lab.environment_changed',
      );
      const seenBy = (audience: string) =>
        changes
          .filter((event) => event.audience === audience)
          .map((event) => (event.payload as { phase: string }).phase);
      expect(seenBy(`team:${teamUuids[0]}`)).toEqual([
        'Provisioning',
        'Ready',
        'Ready',
        'Released',
      ]);
      expect(seenBy('trainers')).toEqual(['Provisioning', 'Ready', 'Ready', 'Released']);
      expect(seenBy(`team:${teamUuids[1]}`)).toEqual([]);
      expect(changes.filter((event) => event.audience === 'session')).toEqual([]);
      expect(changes[0]!.payload).toMatchObject({
        teamUuid: teamUuids[0],
        environmentUuid: environment.uuid,
      });
      expect(JSON.stringify(changes)).not.toContain('RAMPART{lab}');
    });

    it('gets a fresh environment after the previous one expired, even before the reconciler ran', async () => {
      const { uuid, members } = await game();
      const player = members[0]![0]!;
      const first = (await allocate(player, uuid)).json().environment;
      clock.advance(1800_000);
      expect((await environmentOf(player, uuid)).json().environment).toBeNull();
      const second = (await allocate(player, uuid)).json().environment;
      expect(second.uuid).not.toBe(first.uuid);
      expect(second.phase).toBe('Ready');
      clock.advance(1800_000);
      const third = (await allocate(player, uuid)).json().environment;
      expect(third.uuid).not.toBe(second.uuid);
    });

    it('gets an empty state when the mission has no lab, and a clear refusal on allocation', async () => {
      const { uuid, members } = await game({ mission: plainMission });
      const read = await environmentOf(members[0]![0]!, uuid);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ lab: null, environment: null });
      expect(errorOf(await allocate(members[0]![0]!, uuid))).toEqual({
        status: 404,
        code: 'lab.not_configured',
      });
    });

    it('is refused outside a running game, from an eliminated team, or outside the session', async () => {
      const lobby = await game({ start: false });
      expect(errorOf(await allocate(lobby.members[0]![0]!, lobby.uuid))).toEqual({
        status: 409,
        code: 'session.not_running',
      });

      const { uuid, members, teamUuids } = await game();
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/pause`)).statusCode).toBe(200);
      expect(errorOf(await allocate(members[0]![0]!, uuid))).toEqual({
        status: 423,
        code: 'session.paused',
      });
      expect((await trainer.post(`/api/trainer/sessions/${uuid}/resume`)).statusCode).toBe(200);
      const eliminated = await trainer.post(
        `/api/trainer/sessions/${uuid}/teams/${teamUuids[1]}/eliminate`,
        { reason: 'Out of scope scanning' },
      );
      expect(eliminated.statusCode, eliminated.body).toBe(200);
      expect(errorOf(await allocate(members[1]![0]!, uuid))).toEqual({
        status: 403,
        code: 'team.eliminated',
      });
      const stranger = await signedIn();
      expect(errorOf(await allocate(stranger, uuid))).toEqual({
        status: 403,
        code: 'session.not_joined',
      });
      expect(errorOf(await environmentOf(stranger, uuid))).toEqual({
        status: 403,
        code: 'session.not_joined',
      });
      expect(errorOf(await environmentOf(stranger, randomUUID()))).toEqual({
        status: 404,
        code: 'session.not_found',
      });
      expect((await environmentOf(stranger, 'not-a-uuid')).statusCode).toBe(422);

      expect((await trainer.post(`/api/trainer/sessions/${uuid}/stop`)).statusCode).toBe(200);
      expect(errorOf(await allocate(members[0]![0]!, uuid))).toEqual({
        status: 409,
        code: 'session.ended',
      });
    });

    it('reads "No environment available, try again later" when capacity is exhausted', async () => {
      const { uuid, members } = await game();
      provider.setCapacity(0);
      try {
        const refused = await allocate(members[0]![0]!, uuid);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('45');
        expect(refused.json().error).toEqual({
          code: 'lab.no_capacity',
          message: 'No environment available, try again later',
        });
      } finally {
        provider.setCapacity(null);
      }
      expect((await allocate(members[0]![0]!, uuid)).statusCode).toBe(200);
    });

    it('reads "Game connection error: contact the administrator" when the provider fails', async () => {
      const { uuid, members } = await game();
      provider.failNext('allocate', 'Unavailable');
      const refused = await allocate(members[0]![0]!, uuid);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toEqual({
        code: 'lab.connection_error',
        message: 'Game connection error: contact the administrator',
      });
      // Nothing of the infrastructure leaks to the player.
      expect(refused.body).not.toContain('injected');
      expect((await environmentOf(members[0]![0]!, uuid)).json().environment).toBeNull();
    });

    it('is slowed down after six allocations in a minute against a failing provider', async () => {
      const { uuid, members } = await game();
      provider.failNext('allocate', 'Unavailable', 10);
      try {
        for (let attempt = 0; attempt < 6; attempt += 1)
          expect((await allocate(members[0]![0]!, uuid)).statusCode).toBe(502);
        const slowed = await allocate(members[0]![0]!, uuid);
        expect(errorOf(slowed)).toEqual({ status: 429, code: 'request.rate_limited' });
        expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        provider.clearFaults();
      }
    });

    it('cannot use the trainer’s routes, nor a trainer the players’', async () => {
      const { uuid, members, teamUuids } = await game();
      const player = members[0]![0]!;
      for (const [method, url] of [
        ['GET', `/api/trainer/sessions/${uuid}/environments`],
        ['POST', `/api/trainer/sessions/${uuid}/environments/prewarm`],
        ['POST', `/api/trainer/sessions/${uuid}/environments/release`],
        ['POST', `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/environment/extend`],
      ] as const) {
        const response = await player.request({ method, url, payload: {} });
        expect(response.statusCode, url).toBe(401);
      }
      expect((await trainer.get(`/api/sessions/${uuid}/environment`)).statusCode).toBe(401);
      expect((await trainer.post(`/api/sessions/${uuid}/environment`)).statusCode).toBe(401);
    });
  });

  describe('a trainer', () => {
    const auditOf = async (session: string) => {
      const response = await trainer.get(`/api/trainer/sessions/${session}/audit`);
      return (response.json().entries as unknown[]).map((entry) => auditEntrySchema.parse(entry));
    };

    it('pre-warms every team in the lobby, reads each team’s state, extends and releases, all audited', async () => {
      const { uuid, teamUuids } = await game({ teams: 3, start: false });
      const warmed = await trainer.post(`/api/trainer/sessions/${uuid}/environments/prewarm`);
      expect(warmed.statusCode, warmed.body).toBe(200);
      expect(warmed.json()).toEqual({ allocated: 3, failed: [] });
      expect(
        (await trainer.post(`/api/trainer/sessions/${uuid}/environments/prewarm`)).json(),
      ).toEqual({
        allocated: 0,
        failed: [],
      });

      const listed = sessionEnvironmentsSchema.parse(
        (await trainer.get(`/api/trainer/sessions/${uuid}/environments`)).json(),
      );
      expect(listed.provider).toBe('fake');
      expect(listed.capacity.session).toEqual({ inUse: 3, limit: 20 });
      expect(listed.teams.map((team) => team.environment?.phase)).toEqual([
        'Ready',
        'Ready',
        'Ready',
      ]);

      const extended = await trainer.post(
        `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/environment/extend`,
        { minutes: 10 },
      );
      expect(extended.statusCode, extended.body).toBe(200);
      const environment = extended.json().environment;
      expect(environment.renewCount).toBe(1);
      expect(
        new Date(environment.expiresAt).getTime() - new Date(environment.createdAt).getTime(),
      ).toBe(2400_000);
      // Up to the max lifetime, then no further.
      expect(
        (
          await trainer.post(
            `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/environment/extend`,
          )
        ).json().environment.expiresAt,
      ).toBe(environment.expiresAtLatest);
      expect(
        errorOf(
          await trainer.post(
            `/api/trainer/sessions/${uuid}/teams/${teamUuids[0]}/environment/extend`,
          ),
        ),
      ).toEqual({ status: 409, code: 'lab.extension_limit' });

      const one = await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {
        teamUuid: teamUuids[1],
      });
      expect(one.json()).toEqual({ released: 1 });
      expect(
        (await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`)).json(),
      ).toEqual({
        released: 2,
      });
      const after = sessionEnvironmentsSchema.parse(
        (await trainer.get(`/api/trainer/sessions/${uuid}/environments`)).json(),
      );
      expect(after.teams.map((team) => team.environment?.phase)).toEqual([
        'Released',
        'Released',
        'Released',
      ]);
      expect(after.capacity.session.inUse).toBe(0);

      const actions = (await auditOf(uuid)).map((entry) => entry.action);
      expect(actions.filter((action) => action.startsWith('lab.'))).toEqual([
        'lab.released',
        'lab.released',
        'lab.extended',
        'lab.extended',
        'lab.prewarmed',
        'lab.prewarmed',
      ]);
    });

    it('pre-warms what capacity allows and names the teams left without, with why', async () => {
      const { uuid, teamUuids } = await game({ teams: 3, start: false });
      // Room for one more than the environments the provider still runs.
      const running = (await provider.list()).filter((status) => status.phase !== 'Released');
      provider.setCapacity(running.length + 1);
      try {
        const warmed = await trainer.post(`/api/trainer/sessions/${uuid}/environments/prewarm`);
        expect(warmed.statusCode, warmed.body).toBe(200);
        expect(warmed.json()).toEqual({
          allocated: 1,
          failed: [
            { teamUuid: teamUuids[1], code: 'lab.no_capacity' },
            { teamUuid: teamUuids[2], code: 'lab.no_capacity' },
          ],
        });
      } finally {
        provider.setCapacity(null);
      }
    });

    it('gets clear codes for bad input, never a 5xx', async () => {
      const { uuid, teamUuids } = await game();
      const extend = (team: string, body?: unknown) =>
        trainer.post(`/api/trainer/sessions/${uuid}/teams/${team}/environment/extend`, body);
      for (const body of [
        { minutes: 100_000 },
        { minutes: 0 },
        { minutes: -5 },
        { minutes: 1.5 },
        { days: 1 },
      ])
        expect(errorOf(await extend(teamUuids[0]!, body)), JSON.stringify(body)).toEqual({
          status: 422,
          code: 'request.invalid',
        });
      expect(errorOf(await extend(randomUUID()))).toEqual({ status: 404, code: 'team.not_found' });
      expect(errorOf(await extend(teamUuids[0]!))).toEqual({ status: 404, code: 'lab.not_found' });
      expect(
        errorOf(
          await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {
            teamUuid: randomUUID(),
          }),
        ),
      ).toEqual({ status: 404, code: 'team.not_found' });
      expect(
        errorOf(
          await trainer.post(`/api/trainer/sessions/${uuid}/environments/prewarm`, {
            teamUuid: 'nope',
          }),
        ),
      ).toEqual({ status: 422, code: 'request.invalid' });
      expect(
        errorOf(await trainer.get(`/api/trainer/sessions/${randomUUID()}/environments`)),
      ).toEqual({ status: 404, code: 'session.not_found' });
      const plain = await game({ mission: plainMission });
      expect(
        errorOf(await trainer.post(`/api/trainer/sessions/${plain.uuid}/environments/prewarm`)),
      ).toEqual({ status: 404, code: 'lab.not_configured' });
    });
  });

  it('releases an expired environment on its own interval, with no request, and stops with the server', async () => {
    const { uuid, members } = await game();
    const environment = (await allocate(members[0]![0]!, uuid)).json().environment;
    const ticking = await buildApp({
      config: testConfig({ LAB_RECONCILE_SECONDS: '1', LAB_ALLOCATE_AT_START: 'false' }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: provider,
    });
    await ticking.ready();
    try {
      clock.advance(1800_000);
      const phase = async () =>
        (
          await database.db
            .selectFrom('lab_environment')
            .select('phase')
            .where('id', '=', environment.uuid)
            .executeTakeFirstOrThrow()
        ).phase;
      const deadline = Date.now() + 5000;
      while ((await phase()) !== 'Released' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await phase()).toBe('Released');
      expect(await provider.status(environment.uuid)).toBeNull();
    } finally {
      await ticking.close();
    }
  });

  it('repairs the capacity counters when the server starts', async () => {
    await database.db
      .updateTable('lab_capacity')
      .set({ in_use: 999 })
      .where('scope', '=', GLOBAL_SCOPE)
      .execute();
    const restarted = await startApp();
    try {
      const live = await database.db
        .selectFrom('lab_environment')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('released_at', 'is', null)
        .executeTakeFirstOrThrow();
      const global = await database.db
        .selectFrom('lab_capacity')
        .select('in_use')
        .where('scope', '=', GLOBAL_SCOPE)
        .executeTakeFirstOrThrow();
      expect(global.in_use).toBe(Number(live.count));
    } finally {
      await restarted.close();
    }
  });
});
