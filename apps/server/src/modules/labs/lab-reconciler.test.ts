import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildLabSession, labTemplate } from '../../../test/lab-factories.js';
import { createLocalEventBus } from '../../realtime/event-bus.js';
import { createEventWriter } from '../../realtime/event-writer.js';
import { createEnvironmentManager } from './environment-manager.js';
import { createLabReconciler } from './lab-reconciler.js';
import { GLOBAL_SCOPE, createLabsRepository, sessionScope } from './labs.repository.js';
import { FakeProvider } from './providers/fake-provider.js';

const silent = { warn: () => {} };

describe(`lab reconciler: expiry, session end, stuck, orphans, lost (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  /** A manager and reconciler of their own (clock, provider) per test. */
  const setUp = (maxEnvironmentsPerSession = 1000) => {
    const clock = testClock();
    const provider = new FakeProvider({ clock });
    const repo = createLabsRepository(database.db);
    const manager = createEnvironmentManager({
      repo,
      provider,
      events: createEventWriter({ db: database.db, bus: createLocalEventBus() }),
      limits: {
        maxEnvironments: 1000,
        maxEnvironmentsPerSession,
        maxExtensions: 2,
        retryAfterSeconds: 30,
      },
      clock,
      logger: silent,
    });
    const reconciler = createLabReconciler({
      db: database.db,
      repo,
      manager,
      provider,
      clock,
      logger: silent,
    });
    const allocate = (session: Awaited<ReturnType<typeof buildLabSession>>, team: number) =>
      manager.allocate({
        sessionUuid: session.uuid,
        teamUuid: session.teamUuids[team]!,
        missionUuid: session.missionUuid,
        template: labTemplate(),
      });
    return { clock, provider, manager, reconciler, allocate };
  };

  const rowOf = (id: string) =>
    database.db
      .selectFrom('lab_environment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const sessionCounter = async (sessionUuid: string) =>
    (
      await database.db
        .selectFrom('lab_capacity')
        .select('in_use')
        .where('scope', '=', sessionScope(sessionUuid))
        .executeTakeFirst()
    )?.in_use;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('releases environments past their expiry, in the database and the provider', async () => {
    const { clock, provider, reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db, { durationMs: 24 * 3600_000 });
    const { environment } = await allocate(session, 0);
    expect((await reconciler.reconcile()).expired).toBe(0);
    clock.advance(1800_000);
    const report = await reconciler.reconcile();
    expect(report.expired).toBe(1);
    expect(await rowOf(environment.id)).toMatchObject({ phase: 'Released' });
    expect(await provider.status(environment.id)).toBeNull();
    expect(await sessionCounter(session.uuid)).toBe(0);
    expect((await reconciler.reconcile()).expired).toBe(0);
  });

  it('releases the environments of a session that ended, and of an eliminated team', async () => {
    const { clock, reconciler, allocate } = setUp();
    const ending = await buildLabSession(database.db, { durationMs: 600_000 });
    const running = await buildLabSession(database.db, { durationMs: 24 * 3600_000, teams: 2 });
    const ended = await allocate(ending, 0);
    const kept = await allocate(running, 0);
    const eliminated = await allocate(running, 1);
    await database.db
      .updateTable('gaming_session_team')
      .set({ eliminated_at: clock.now(), elimination_reason: 'cheating' })
      .where('uuid', '=', running.teamUuids[1]!)
      .execute();
    clock.advance(601_000);
    const report = await reconciler.reconcile();
    expect(report.sessionEnded).toBe(2);
    expect((await rowOf(ended.environment.id)).phase).toBe('Released');
    expect((await rowOf(eliminated.environment.id)).phase).toBe('Released');
    expect((await rowOf(kept.environment.id)).phase).toBe('Ready');
  });

  it('fails an environment stuck provisioning past its ready timeout; one that got ready is Ready', async () => {
    const { clock, provider, reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db, { teams: 2 });
    provider.setReadyAfter(30_000);
    const quick = await allocate(session, 0);
    provider.setReadyAfter(10 * 60_000);
    const stuck = await allocate(session, 1);
    expect(stuck.environment.phase).toBe('Provisioning');
    clock.advance(31_000);
    expect((await reconciler.reconcile()).stuck).toBe(0);
    expect((await rowOf(quick.environment.id)).phase).toBe('Ready');
    clock.advance(30_000); // past the template's 60 s
    expect((await reconciler.reconcile()).stuck).toBe(1);
    expect(await rowOf(stuck.environment.id)).toMatchObject({
      phase: 'Failed',
      last_error: 'not ready after 60 s',
    });
    expect(await provider.status(stuck.environment.id)).toBeNull();
  });

  it('follows the provider when a machine goes down and comes back', async () => {
    const { provider, reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db);
    const { environment } = await allocate(session, 0);
    provider.setDegraded(environment.id, true);
    expect((await reconciler.reconcile()).phaseChanged).toBeGreaterThanOrEqual(1);
    expect((await rowOf(environment.id)).phase).toBe('Degraded');
    provider.setDegraded(environment.id, false);
    await reconciler.reconcile();
    expect((await rowOf(environment.id)).phase).toBe('Ready');
  });

  it('removes orphans from the provider and fails live rows the provider lost', async () => {
    const { clock, provider, reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db, { teams: 2 });
    const kept = await allocate(session, 0);
    const lost = await allocate(session, 1);
    const orphan = randomUUID();
    await provider.allocate({
      envId: orphan,
      sessionUuid: session.uuid,
      teamUuid: randomUUID(),
      template: { ...labTemplate(), id: 'orphan' },
      expiresAt: new Date(clock.now().getTime() + 3600_000),
    });
    provider.drop(lost.environment.id);
    clock.advance(1000);
    const report = await reconciler.reconcile();
    // Rows of earlier tests are lost too: each test's provider is a new one.
    expect(report.orphans).toBe(1);
    expect(report.missing).toBeGreaterThanOrEqual(1);
    expect(await provider.status(orphan)).toBeNull();
    expect(await rowOf(lost.environment.id)).toMatchObject({
      phase: 'Failed',
      last_error: 'the environment disappeared from the provider',
    });
    expect((await rowOf(kept.environment.id)).phase).toBe('Ready');
    expect(await sessionCounter(session.uuid)).toBe(1);
  });

  it('gives back the capacity of a team deleted with its environment at the next pass', async () => {
    const { reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db, { teams: 2 });
    await allocate(session, 0);
    await allocate(session, 1);
    expect(await sessionCounter(session.uuid)).toBe(2);
    // A team left empty in the lobby is deleted, its environment row with it.
    await database.db
      .deleteFrom('gaming_session_team')
      .where('uuid', '=', session.teamUuids[1]!)
      .execute();
    await reconciler.reconcile();
    expect(await sessionCounter(session.uuid)).toBe(1);
  });

  it('keeps the counters true when it recounts while thirty teams race for ten places', async () => {
    const { reconciler, allocate } = setUp(10);
    const session = await buildLabSession(database.db, { teams: 30 });
    const racing = Promise.allSettled(session.teamUuids.map((_, team) => allocate(session, team)));
    const passes = Promise.all([reconciler.reconcile(), reconciler.reconcile()]);
    const [outcomes] = await Promise.all([racing, passes]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const live = await database.db
      .selectFrom('lab_environment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('session_uuid', '=', session.uuid)
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(live.count)).toBe(10);
    expect(await sessionCounter(session.uuid)).toBe(10);
  });

  it('takes an allocation finishing during its pass for neither lost nor orphan', async () => {
    const { clock, provider, reconciler, allocate } = setUp();
    const session = await buildLabSession(database.db);
    // The worst interleaving: the provider's list is taken before the environment exists, and
    // the allocation completes (row Ready) before the pass reads the database again.
    const held = provider.holdAllocations();
    const allocation = allocate(session, 0);
    const list = provider.list.bind(provider);
    provider.list = async () => {
      const snapshot = await list();
      held.letGo();
      await allocation;
      return snapshot;
    };
    await held.reached;
    clock.advance(1000); // the row is older than the pass
    const report = await reconciler.reconcile();
    const { environment } = await allocation;
    expect(report.orphans).toBe(0);
    expect((await rowOf(environment.id)).phase).toBe('Ready');
    expect(await provider.status(environment.id)).not.toBeNull();
  });

  it('repairs the database at start-up: counters recounted, environments of a restarted provider failed', async () => {
    const before = setUp();
    const session = await buildLabSession(database.db, { teams: 2 });
    await before.allocate(session, 0);
    await before.allocate(session, 1);
    await database.db
      .updateTable('lab_capacity')
      .set({ in_use: 77 })
      .where('scope', 'in', [GLOBAL_SCOPE, sessionScope(session.uuid)])
      .execute();
    // A restart: a new provider that remembers nothing.
    const after = setUp();
    after.clock.advance(1000);
    const report = await after.reconciler.reconcile();
    expect(report.missing).toBeGreaterThanOrEqual(2);
    expect(await sessionCounter(session.uuid)).toBe(0);
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
  });
});
