import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildLabSession, labTemplate } from '../../../test/lab-factories.js';
import { createLocalEventBus } from '../../realtime/event-bus.js';
import { createEventWriter } from '../../realtime/event-writer.js';
import { createSessionsRepository } from '../sessions/sessions.repository.js';
import { createEnvironmentManager, type ManagerLimits } from './environment-manager.js';
import { createLabSessionStarter } from './lab-session-start.js';
import { createLabSessionStartsRepository } from './lab-session-starts.repository.js';
import { createLabsRepository } from './labs.repository.js';
import { FakeProvider } from './providers/fake-provider.js';

const silent = { warn: () => {} };

describe(`labs at a session's start: every team's environment, once (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  const clock = testClock();

  const setUp = (limits: Partial<ManagerLimits> = {}) => {
    const provider = new FakeProvider({ clock });
    const manager = createEnvironmentManager({
      repo: createLabsRepository(database.db),
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
    const starter = createLabSessionStarter({
      starts: createLabSessionStartsRepository(database.db),
      sessions: createSessionsRepository(database.db),
      manager,
      clock,
      concurrency: 3,
      logger: silent,
    });
    return { manager, provider, starter };
  };

  const liveRowsOf = (sessionUuid: string) =>
    database.db
      .selectFrom('lab_environment')
      .selectAll()
      .where('session_uuid', '=', sessionUuid)
      .where('released_at', 'is', null)
      .execute();

  const allocationsOf = (provider: FakeProvider) =>
    provider.calls.filter((call) => call.operation === 'allocate').length;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('gives each team still in the game one environment when the session starts, and no more on later passes', async () => {
    const { starter, provider } = setUp();
    const session = await buildLabSession(database.db, { teams: 4, startsAt: clock.now() });
    await database.db
      .updateTable('gaming_session_team')
      .set({ eliminated_at: clock.now(), elimination_reason: 'trainer' })
      .where('uuid', '=', session.teamUuids[3]!)
      .execute();

    const handled = await starter.allocateStartedSessions();
    expect(handled.find((start) => start.sessionUuid === session.uuid)?.report).toEqual({
      allocated: 3,
      noCapacity: 0,
      failed: 0,
    });
    const rows = await liveRowsOf(session.uuid);
    expect(rows.map((row) => row.team_uuid).sort()).toEqual(session.teamUuids.slice(0, 3).sort());
    expect(rows.every((row) => row.phase === 'Ready')).toBe(true);

    await starter.allocateStartedSessions();
    expect(await liveRowsOf(session.uuid)).toHaveLength(3);
    expect(allocationsOf(provider)).toBe(3);
  });

  it('waits for the countdown: nothing is allocated before the session runs', async () => {
    const { starter } = setUp();
    const session = await buildLabSession(database.db, {
      teams: 2,
      startsAt: new Date(clock.now().getTime() + 60_000),
    });
    await starter.allocateStartedSessions();
    expect(await liveRowsOf(session.uuid)).toHaveLength(0);
    clock.advance(61_000);
    await starter.allocateStartedSessions();
    expect(await liveRowsOf(session.uuid)).toHaveLength(2);
  });

  it('gives each team exactly one environment when the start races the teams’ first use of the Console tab', async () => {
    const { starter, manager, provider } = setUp();
    provider.setAllocateDelay(20);
    const session = await buildLabSession(database.db, { teams: 5, startsAt: clock.now() });
    const firstUses = session.teamUuids.flatMap((teamUuid) =>
      [0, 1].map(() =>
        manager.allocate({
          sessionUuid: session.uuid,
          teamUuid,
          missionUuid: session.missionUuid,
          template: labTemplate(),
        }),
      ),
    );
    await Promise.all([starter.allocateStartedSessions(), ...firstUses]);
    const rows = await liveRowsOf(session.uuid);
    expect(rows.map((row) => row.team_uuid).sort()).toEqual([...session.teamUuids].sort());
    expect(allocationsOf(provider)).toBe(5);
  });

  it('allocates exactly the session’s capacity and leaves the other teams to their first use', async () => {
    const { starter, manager } = setUp({ maxEnvironmentsPerSession: 2 });
    const session = await buildLabSession(database.db, { teams: 5, startsAt: clock.now() });
    const handled = await starter.allocateStartedSessions();
    expect(handled.find((start) => start.sessionUuid === session.uuid)?.report).toEqual({
      allocated: 2,
      noCapacity: 3,
      failed: 0,
    });
    const rows = await liveRowsOf(session.uuid);
    expect(rows).toHaveLength(2);
    const recorded = await createLabSessionStartsRepository(database.db).find(session.uuid);
    expect(recorded).toMatchObject({ allocated: 2, no_capacity: 3 });

    // Capacity given back: a team left out gets its environment on first use.
    const leftOut = session.teamUuids.find((team) => !rows.some((row) => row.team_uuid === team))!;
    await manager.release(rows[0]!, 'trainer');
    const { created } = await manager.allocate({
      sessionUuid: session.uuid,
      teamUuid: leftOut,
      missionUuid: session.missionUuid,
      template: labTemplate(),
    });
    expect(created).toBe(true);
  });

  it('allocates nothing for a mission without a lab, nor for a session that ended unseen', async () => {
    const { starter, provider } = setUp();
    const plain = await buildLabSession(database.db, { lab: null, startsAt: clock.now() });
    const ended = await buildLabSession(database.db, {
      startsAt: new Date(clock.now().getTime() - 7200_000),
      durationMs: 3600_000,
    });
    await starter.allocateStartedSessions();
    expect(await liveRowsOf(plain.uuid)).toHaveLength(0);
    expect(await liveRowsOf(ended.uuid)).toHaveLength(0);
    expect(allocationsOf(provider)).toBe(0);
    expect(await createLabSessionStartsRepository(database.db).find(ended.uuid)).toMatchObject({
      allocated: 0,
    });
  });
});
