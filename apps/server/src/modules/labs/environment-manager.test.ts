import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildLabSession, labTemplate } from '../../../test/lab-factories.js';
import { AppError } from '../../lib/errors.js';
import { createLocalEventBus } from '../../realtime/event-bus.js';
import { createEventWriter } from '../../realtime/event-writer.js';
import { createEnvironmentManager, type ManagerLimits } from './environment-manager.js';
import { GLOBAL_SCOPE, createLabsRepository, sessionScope } from './labs.repository.js';
import { FakeProvider } from './providers/fake-provider.js';

const silent = { warn: () => {} };

describe(`environment manager: one per team, capacity, lifetimes (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  const clock = testClock();

  const setUp = async (
    limits: Partial<ManagerLimits> = {},
    provider = new FakeProvider({ clock }),
  ) => {
    const repo = createLabsRepository(database.db);
    const manager = createEnvironmentManager({
      repo,
      provider,
      events: createEventWriter({ db: database.db, bus: createLocalEventBus() }),
      limits: {
        maxEnvironments: 1000,
        maxEnvironmentsPerSession: 1000,
        maxExtensions: 2,
        retryAfterSeconds: 30,
        ...limits,
      },
      clock,
      logger: silent,
    });
    return { manager, provider, repo };
  };

  const rowsOf = (sessionUuid: string) =>
    database.db
      .selectFrom('lab_environment')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .orderBy('created_at')
      .execute();

  const counters = async (sessionUuid: string) => {
    const rows = await database.db
      .selectFrom('lab_capacity')
      .select(['scope', 'in_use'])
      .where('scope', 'in', [GLOBAL_SCOPE, sessionScope(sessionUuid)])
      .execute();
    return {
      global: rows.find((row) => row.scope === GLOBAL_SCOPE)?.in_use,
      session: rows.find((row) => row.scope === sessionScope(sessionUuid))?.in_use,
    };
  };

  /** Every test counts its own global usage from zero: the counter is shared by the file. */
  const resetGlobal = () =>
    database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('lab_environment')
        .set({ released_at: clock.now(), phase: 'Released' })
        .where('released_at', 'is', null)
        .execute();
      await createLabsRepository(database.db).recountCapacity(trx);
    });

  const allocateFor = (
    manager: Awaited<ReturnType<typeof setUp>>['manager'],
    session: Awaited<ReturnType<typeof buildLabSession>>,
    team: number,
  ) =>
    manager.allocate({
      sessionUuid: session.uuid,
      teamUuid: session.teamUuids[team]!,
      missionUuid: session.missionUuid,
      template: labTemplate(),
    });

  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('allocates a team one Ready environment that expires after its ttl', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const session = await buildLabSession(database.db);
    const { environment, created } = await allocateFor(manager, session, 0);
    expect(created).toBe(true);
    expect(environment.phase).toBe('Ready');
    expect(environment.provider).toBe('fake');
    expect(environment.provider_ref).toMatch(/^fake-/);
    expect(environment.expires_at.getTime() - environment.created_at.getTime()).toBe(1800_000);
    expect(provider.calls.filter((call) => call.operation === 'allocate')).toHaveLength(1);
    expect(await counters(session.uuid)).toEqual({ global: 1, session: 1 });
  });

  it('gives one environment to twenty concurrent allocations for one team', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const session = await buildLabSession(database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => allocateFor(manager, session, 0)),
    );
    const rows = await rowsOf(session.uuid);
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((result) => result.environment.id))).toEqual(new Set([rows[0]!.id]));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(provider.calls.filter((call) => call.operation === 'allocate')).toHaveLength(1);
    expect(await counters(session.uuid)).toEqual({ global: 1, session: 1 });
  });

  it('answers a call that arrives while the provider is still making the environment with that one', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const held = provider.holdAllocations();
    const session = await buildLabSession(database.db);
    const slow = allocateFor(manager, session, 0);
    await held.reached;
    const meanwhile = await allocateFor(manager, session, 0);
    expect(meanwhile).toMatchObject({ created: false, environment: { phase: 'Provisioning' } });
    held.letGo();
    const made = await slow;
    expect(made).toMatchObject({ created: true, environment: { phase: 'Ready' } });
    expect(meanwhile.environment.id).toBe(made.environment.id);
  });

  it('leaves nothing in the provider when the environment is released while being made', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const held = provider.holdAllocations();
    const session = await buildLabSession(database.db);
    const making = allocateFor(manager, session, 0);
    await held.reached;
    expect(await manager.releaseSession(session.uuid, 'trainer')).toBe(1);
    held.letGo();
    const made = await making;
    expect(made.environment.phase).toBe('Released');
    expect(await provider.list()).toEqual([]);
    expect(await counters(session.uuid)).toEqual({ global: 0, session: 0 });
  });

  it('lets exactly 10 of 30 teams racing for a capacity of 10 have one; the others hear no_capacity', async () => {
    await resetGlobal();
    const { manager } = await setUp({ maxEnvironments: 10 });
    const session = await buildLabSession(database.db, { teams: 30 });
    const outcomes = await Promise.allSettled(
      session.teamUuids.map((_, team) => allocateFor(manager, session, team)),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const outcome of refused) {
      const error = (outcome as PromiseRejectedResult).reason as AppError;
      expect(error.code).toBe('lab.no_capacity');
      expect(error.status).toBe(503);
      expect(error.headers).toEqual({ 'Retry-After': '30' });
      expect(error.message).toBe('No environment available, try again later');
    }
    const rows = await rowsOf(session.uuid);
    expect(rows.filter((row) => row.released_at === null)).toHaveLength(10);
    expect(new Set(rows.map((row) => row.team_uuid)).size).toBe(10);
    expect(await counters(session.uuid)).toEqual({ global: 10, session: 10 });
  });

  it('caps one session without starving another', async () => {
    await resetGlobal();
    const { manager } = await setUp({ maxEnvironmentsPerSession: 2 });
    const crowded = await buildLabSession(database.db, { teams: 3 });
    const other = await buildLabSession(database.db, { teams: 1 });
    expect(await codeOf(allocateFor(manager, crowded, 0))).toBe('ok');
    expect(await codeOf(allocateFor(manager, crowded, 1))).toBe('ok');
    expect(await codeOf(allocateFor(manager, crowded, 2))).toBe('lab.no_capacity');
    expect(await codeOf(allocateFor(manager, other, 0))).toBe('ok');
    expect(await counters(crowded.uuid)).toEqual({ global: 3, session: 2 });
  });

  it('gives the capacity back on release, once, and the team may then get a new one', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp({ maxEnvironments: 1 });
    const session = await buildLabSession(database.db);
    const first = await allocateFor(manager, session, 0);
    expect(await codeOf(allocateFor(manager, session, 1))).toBe('lab.no_capacity');
    const releases = await Promise.all([
      manager.release(first.environment, 'user'),
      manager.release(first.environment, 'user'),
    ]);
    expect(releases.filter(Boolean)).toHaveLength(1);
    expect(await provider.status(first.environment.id)).toBeNull();
    expect(await counters(session.uuid)).toEqual({ global: 0, session: 0 });
    clock.advance(1000);
    const second = await allocateFor(manager, session, 0);
    expect(second.environment.id).not.toBe(first.environment.id);
    const rows = await rowsOf(session.uuid);
    expect(rows.map((row) => row.phase)).toEqual(['Released', 'Ready']);
  });

  it('answers a provider failure with connection_error: the row failed with its reason, capacity back', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const session = await buildLabSession(database.db);
    provider.failNext('allocate', 'Unavailable');
    const refused = allocateFor(manager, session, 0);
    await expect(refused).rejects.toMatchObject({
      code: 'lab.connection_error',
      status: 502,
      message: 'Game connection error: contact the administrator',
    });
    const [row] = await rowsOf(session.uuid);
    expect(row).toMatchObject({
      phase: 'Failed',
      last_error: 'Unavailable: injected allocate failure',
    });
    expect(row!.released_at).not.toBeNull();
    expect(await counters(session.uuid)).toEqual({ global: 0, session: 0 });
    // The next try starts afresh and succeeds.
    expect((await allocateFor(manager, session, 0)).environment.phase).toBe('Ready');
  });

  it('answers the provider’s own NoCapacity with no_capacity, and retries Contention first', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp();
    const session = await buildLabSession(database.db);
    provider.failNext('allocate', 'NoCapacity');
    expect(await codeOf(allocateFor(manager, session, 0))).toBe('lab.no_capacity');
    provider.failNext('allocate', 'Contention', 2);
    expect(await codeOf(allocateFor(manager, session, 0))).toBe('ok');
    provider.failNext('allocate', 'Contention', 3);
    expect(await codeOf(allocateFor(manager, session, 1))).toBe('lab.no_capacity');
    expect(await counters(session.uuid)).toEqual({ global: 1, session: 1 });
  });

  it('extends within the renewal cap and the max lifetime, and refuses past them', async () => {
    await resetGlobal();
    const { manager, provider } = await setUp({ maxExtensions: 2 });
    const session = await buildLabSession(database.db);
    const { environment } = await allocateFor(manager, session, 0);
    const audited: string[] = [];
    const audit = async () => {
      audited.push('extended');
    };
    const teamUuid = session.teamUuids[0]!;
    const once = await manager.extend(session.uuid, teamUuid, 600, audit);
    expect(once.expires_at.getTime() - environment.expires_at.getTime()).toBe(600_000);
    expect(once.renew_count).toBe(1);
    expect((await provider.status(environment.id))?.expiresAt).toEqual(once.expires_at);
    // A day asked: the max lifetime (an hour after creation) is what it gets.
    const twice = await manager.extend(session.uuid, teamUuid, 86_400, audit);
    expect(twice.expires_at.getTime() - environment.created_at.getTime()).toBe(3600_000);
    expect(await codeOf(manager.extend(session.uuid, teamUuid, 60, audit))).toBe(
      'lab.extension_limit',
    );
    expect(audited).toHaveLength(2);
    // A provider that cannot extend leaves the row as it was.
    const other = await allocateFor(manager, session, 1);
    provider.failNext('extend', 'Unavailable');
    expect(await codeOf(manager.extend(session.uuid, session.teamUuids[1]!, 60, audit))).toBe(
      'lab.connection_error',
    );
    const row = (await rowsOf(session.uuid)).find((r) => r.id === other.environment.id);
    expect(row!.expires_at).toEqual(other.environment.expires_at);
    expect(row!.renew_count).toBe(0);
    expect(await codeOf(manager.extend(session.uuid, randomUUID(), 60, audit))).toBe(
      'lab.not_found',
    );
  });

  it('releases a whole session’s environments, or one team’s', async () => {
    await resetGlobal();
    const { manager } = await setUp();
    const session = await buildLabSession(database.db, { teams: 3 });
    for (const team of [0, 1, 2]) await allocateFor(manager, session, team);
    expect(await manager.releaseSession(session.uuid, 'trainer', session.teamUuids[0])).toBe(1);
    expect(await manager.releaseSession(session.uuid, 'trainer')).toBe(2);
    expect(await manager.releaseSession(session.uuid, 'trainer')).toBe(0);
    expect(await counters(session.uuid)).toEqual({ global: 0, session: 0 });
  });
});
