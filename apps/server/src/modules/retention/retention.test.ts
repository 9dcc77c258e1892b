import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app.js';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { buildLabSession, labTemplate } from '../../../test/lab-factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { sha256 } from '../../lib/secrets.js';
import { sessionStream } from '../../realtime/streams.js';
import { RANKING_INTERVAL_MS } from '../play/ranking-announcer.js';
import { RETENTION_LOCK_KEY } from './retention.repository.js';

const FLAG = 'RAMPART{r3t41n}';
const DAY_MS = 24 * 3600_000;

/** An app on its own log, whose lines the test reads. */
const appWithLog = async (
  database: TestDatabase,
  environment: Record<string, string>,
  sessionClock?: ReturnType<typeof testClock>,
) => {
  const lines: string[] = [];
  const config = testConfig({ LOG_LEVEL: 'info', ...environment });
  const app = await buildApp({
    config,
    database,
    logger: { ...loggerOptions(config), stream: { write: (line: string) => lines.push(line) } },
    ...(sessionClock ? { sessionClock } : {}),
  });
  await app.ready();
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, logged };
};

describe(`retention of old sessions' event logs (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logged: () => Record<string, unknown>[];
  const clock = testClock();
  let trainer: TestBrowser;
  let missionUuid: string;
  let objectiveUuid: string;

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  const eventsOf = async (sessionUuid: string) =>
    Number(
      (
        await database.db
          .selectFrom('event_log')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('stream', '=', sessionStream(sessionUuid))
          .executeTakeFirstOrThrow()
      ).count,
    );

  /**
   * Whether the stream's newest ranking says what the teams' scores are: a ranking deferred by
   * the answers goes out at the end of its interval, in a transaction of its own, before or
   * after the stop's events; until then the log is not complete.
   */
  const rankingCaughtUp = async (sessionUuid: string) => {
    const newest = await database.db
      .selectFrom('event_log')
      .select('payload')
      .where('stream', '=', sessionStream(sessionUuid))
      .where('type', '=', 'ranking.changed')
      .orderBy('sequence', 'desc')
      .limit(1)
      .executeTakeFirst();
    const announced = new Map(
      (
        (newest?.payload as { teams?: { uuid: string; score: number }[] } | undefined)?.teams ?? []
      ).map((team) => [team.uuid, team.score]),
    );
    const teams = await database.db
      .selectFrom('gaming_session_team')
      .select(['uuid', 'score'])
      .where('session_uuid', '=', sessionUuid)
      .execute();
    return teams.every((team) => announced.get(team.uuid) === team.score);
  };

  const logComplete = async (sessionUuid: string) => {
    for (let tries = 0; !(await rankingCaughtUp(sessionUuid)); tries++) {
      if (tries > 200) throw new Error(`the ranking of ${sessionUuid} never caught up`);
      await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS));
    }
  };

  /** A game played and stopped: a wrong answer, a solve, and the trainer's stop. */
  const playedSession = async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams: 2,
    });
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    const path = `/api/sessions/${uuid}/objectives/${objectiveUuid}/answers`;
    expect((await alice!.post(path, { answer: 'RAMPART{nope}' })).statusCode).toBe(200);
    expect((await alice!.post(path, { answer: FLAG })).statusCode).toBe(200);
    expect((await bob!.post(path, { answer: FLAG })).statusCode).toBe(200);
    clock.advance(60_000);
    const stopped = await trainer.post(`/api/trainer/sessions/${uuid}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    // A wall-clock wait for the deferred ranking alone ran short on a loaded machine.
    await logComplete(uuid);
    return { uuid, alice: alice!, bob: bob! };
  };

  /** Everything the debrief, the exports and the results answer about a session over. */
  const debriefOf = async (session: Awaited<ReturnType<typeof playedSession>>) => {
    const read = async (browser: TestBrowser, url: string) => {
      const response = await browser.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.body;
    };
    const { uuid, alice, bob } = session;
    const detail = JSON.parse(await read(bob, `/api/sessions/${uuid}`)) as {
      session: { serverTime?: string };
    };
    // The session as its player reads it, but for the time of the reading.
    delete detail.session.serverTime;
    const exported = JSON.parse(
      await read(trainer, `/api/trainer/sessions/${uuid}/exports/session.json`),
    ) as { exportedAt?: string };
    delete exported.exportedAt;
    return {
      playerStats: await read(alice, `/api/sessions/${uuid}/stats`),
      trainerStats: await read(trainer, `/api/trainer/sessions/${uuid}/stats`),
      ranking: await read(trainer, `/api/trainer/sessions/${uuid}/exports/ranking.csv`),
      submissions: await read(trainer, `/api/trainer/sessions/${uuid}/exports/submissions.csv`),
      session: exported,
      detail,
      history: await read(alice, '/api/profile/history'),
      survey: await read(trainer, `/api/trainer/sessions/${uuid}/survey`),
      chat: await read(alice, `/api/session/${uuid}/chat/threads`),
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, logged } = await appWithLog(database, { EVENT_RETENTION_DAYS: '30' }, clock));
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(account.username, account.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              type: 'flag',
              points: 100,
              penalty: 10,
              firstBloodBonus: 20,
              flag: { accepted: [FLAG] },
            },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    objectiveUuid = chapter.missions[0]!.objectives[0]!.uuid;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('prunes the events of a session over for longer than the retention, and its debrief, exports and results stay the same', async () => {
    const old = await playedSession();
    const before = await debriefOf(old);
    expect(await eventsOf(old.uuid)).toBeGreaterThan(5);

    clock.advance(31 * DAY_MS);
    const recent = await playedSession();
    const recentEvents = await eventsOf(recent.uuid);
    clock.advance(29 * DAY_MS);
    const recentBefore = await debriefOf(recent);
    const head = await database.db
      .selectFrom('event_stream')
      .select('last_sequence')
      .where('stream', '=', sessionStream(old.uuid))
      .executeTakeFirstOrThrow();
    const oldEvents = await eventsOf(old.uuid);
    await app.retention.prune();

    expect(await eventsOf(old.uuid)).toBe(0);
    // The stream's counter stays: a client resuming from an old id is not taken for one ahead.
    expect(
      await database.db
        .selectFrom('event_stream')
        .select('last_sequence')
        .where('stream', '=', sessionStream(old.uuid))
        .executeTakeFirstOrThrow(),
    ).toEqual(head);
    expect(await debriefOf(old)).toEqual(before);
    // Over for 29 days: kept whole.
    expect(await eventsOf(recent.uuid)).toBe(recentEvents);
    expect(await debriefOf(recent)).toEqual(recentBefore);
    const reports = logged().filter((line) => String(line.msg).startsWith('retention: deleted'));
    expect(reports.at(-1)).toMatchObject({
      skipped: false,
      retentionDays: 30,
      sessions: 1,
      events: oldEvents,
    });
  });

  it('lets two nodes prune at once: each event is deleted once, and neither fails', async () => {
    const session = await playedSession();
    const other = await appWithLog(database, { EVENT_RETENTION_DAYS: '30' }, clock);
    // Its first run, at its start, done before the session is old enough.
    await other.app.retention.prune();
    clock.advance(31 * DAY_MS);
    try {
      const allEvents = async () =>
        Number(
          (
            await database.db
              .selectFrom('event_log')
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      const before = await allEvents();
      const lastReport = (log: () => Record<string, unknown>[]) =>
        log()
          .filter((line) => String(line.msg).startsWith('retention:'))
          .at(-1)!;
      await Promise.all([app.retention.prune(), other.app.retention.prune()]);
      const reports = [lastReport(logged), lastReport(other.logged)];
      expect(await eventsOf(session.uuid)).toBe(0);
      // What the two nodes say they deleted is what went: no row counted twice.
      const deleted = before - (await allEvents());
      expect(deleted).toBeGreaterThan(0);
      expect(reports.reduce((sum, report) => sum + Number(report.events), 0)).toBe(deleted);
      expect([...logged(), ...other.logged()].filter((line) => line.job)).toEqual([]);
    } finally {
      await other.app.close();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'skips the prune while another node holds the retention lock, and runs once it is free',
    async () => {
      const session = await playedSession();
      clock.advance(31 * DAY_MS);
      const events = await eventsOf(session.uuid);
      // Another node in the middle of its prune: the lock held by a connection of its own.
      const other = new pg.Client({ connectionString: database.url! });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
        await app.retention.prune();
        expect(await eventsOf(session.uuid)).toBe(events);
        expect(logged().at(-1)).toMatchObject({
          msg: 'retention: another node is pruning',
          skipped: true,
        });
        await other.query('select pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
        await app.retention.prune();
        expect(await eventsOf(session.uuid)).toBe(0);
      } finally {
        await other.end();
      }
    },
  );

  it('keeps every event when the retention is 0 (for ever)', async () => {
    const { app: keeping } = await appWithLog(database, { EVENT_RETENTION_DAYS: '0' }, clock);
    try {
      const session = await playedSession();
      const events = await eventsOf(session.uuid);
      clock.advance(3650 * DAY_MS);
      await keeping.retention.prune();
      expect(await eventsOf(session.uuid)).toBe(events);
    } finally {
      await keeping.close();
    }
  });
});

describe(`retention of expired tickets and links, and the vacuum (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  const dbNow = async () =>
    (await sql<{ now: Date }>`select now() as now`.execute(database.db)).rows[0]!.now;

  it('deletes expired console tickets and login links, and keeps the valid ones', async () => {
    const { app, logged } = await appWithLog(database, {});
    try {
      const account = await buildAccount(database.db, { role: 'trainer' });
      const trainer = new TestBrowser(app);
      await trainer.login(account.username, account.password, 'trainer');
      const links: Record<'valid' | 'justExpired' | 'longExpired', string> = {
        valid: '',
        justExpired: '',
        longExpired: '',
      };
      for (const name of Object.keys(links) as (keyof typeof links)[]) {
        const player = await buildAccount(database.db);
        const issued = await trainer.post(`/api/trainer/players/${player.id}/magic-links`);
        expect(issued.statusCode, issued.body).toBe(201);
        links[name] = issued.json().token;
      }
      const now = await dbNow();
      const expire = (token: string, at: Date) =>
        database.db
          .updateTable('magic_link')
          .set({ expires_at: at })
          .where('token_hash', '=', sha256(token))
          .execute();
      await expire(links.justExpired, new Date(now.getTime() - 3600_000));
      await expire(links.longExpired, new Date(now.getTime() - 2 * DAY_MS));

      const lab = await buildLabSession(database.db, { lab: labTemplate() });
      const environmentId = randomUUID();
      await database.db
        .insertInto('lab_environment')
        .values({
          id: environmentId,
          session_uuid: lab.uuid,
          team_uuid: lab.teamUuids[0]!,
          mission_uuid: lab.missionUuid,
          template: JSON.stringify(labTemplate()),
          provider: 'fake',
          phase: 'Ready',
          created_at: now,
          expires_at: new Date(now.getTime() + 3600_000),
        })
        .execute();
      const ticket = (expiresAt: Date) => ({
        hash: randomBytes(32).toString('hex'),
        account_id: account.id,
        session_uuid: lab.uuid,
        team_uuid: lab.teamUuids[0]!,
        environment_id: environmentId,
        machine: 'web',
        origin: 'http://localhost',
        expires_at: expiresAt,
      });
      const valid = ticket(new Date(now.getTime() + 30_000));
      const expired = ticket(new Date(now.getTime() - 1000));
      await database.db.insertInto('lab_console_ticket').values([valid, expired]).execute();

      await app.retention.prune();

      const tickets = await database.db.selectFrom('lab_console_ticket').select('hash').execute();
      expect(tickets.map((row) => row.hash)).toEqual([valid.hash]);
      const remaining = await database.db.selectFrom('magic_link').select('token_hash').execute();
      expect(remaining.map((row) => row.token_hash).sort()).toEqual(
        [sha256(links.valid), sha256(links.justExpired)].sort(),
      );
      // A link expired within the day still says so; the valid one still signs in.
      const player = new TestBrowser(app);
      expect(
        (await player.post('/api/auth/magic-login', { token: links.justExpired })).statusCode,
      ).toBe(410);
      expect((await player.post('/api/auth/magic-login', { token: links.valid })).statusCode).toBe(
        200,
      );
      const reports = logged().filter((line) => String(line.msg).startsWith('retention:'));
      expect(reports.at(-1)).toMatchObject({ consoleTickets: 1, magicLinks: 1 });
    } finally {
      await app.close();
    }
  });

  it.runIf(testDatabaseKind() === 'pglite')(
    'vacuums the embedded database and logs its size before and after',
    async () => {
      const { app, logged } = await appWithLog(database, { PGLITE_VACUUM_HOURS: '1' });
      try {
        await app.retention.vacuum();
        const line = logged().find((entry) => entry.msg?.toString().startsWith('vacuum:'));
        expect(line).toMatchObject({ level: 30 });
        expect(Number(line!.beforeBytes)).toBeGreaterThan(0);
        expect(Number(line!.afterBytes)).toBeGreaterThan(0);
        expect(logged().filter((entry) => entry.job !== undefined)).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );

  it.runIf(testDatabaseKind() === 'pglite')(
    'checkpoints the embedded database: a restart replays the log from there on',
    async () => {
      const { app, logged } = await appWithLog(database, {});
      try {
        const redo = async () =>
          (
            await sql<{ lsn: string }>`
              select redo_lsn::text as lsn from pg_control_checkpoint()`.execute(database.db)
          ).rows[0]!.lsn;
        await buildAccount(database.db);
        const before = await redo();
        await app.retention.checkpoint();
        const { rows } = await sql<{ moved: boolean }>`
          select redo_lsn > ${before}::pg_lsn as moved from pg_control_checkpoint()`.execute(
          database.db,
        );
        expect(rows[0]!.moved).toBe(true);
        expect(logged().filter((entry) => entry.job !== undefined)).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );
});
