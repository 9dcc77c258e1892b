import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { spawnServer, type ServerProcess } from '../../../test/process.js';
import { sessionWithTeams, signedInPlayer } from '../../../test/session-factories.js';
import type { Database } from '../../db/schema.js';
import { RANKING_INTERVAL_MS } from './ranking-announcer.js';

const FLAG = 'RAMPART{last-ranking}';

/** Each team's score, as the ledger has it and as the session stream's newest ranking says. */
const standings = async (db: Kysely<Database>, sessionUuid: string) => {
  const latest = await db
    .selectFrom('event_log')
    .select('payload')
    .where('stream', '=', `session:${sessionUuid}`)
    .where('type', '=', 'ranking.changed')
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  const teams = await db
    .selectFrom('gaming_session_team')
    .select(['uuid', 'score'])
    .where('session_uuid', '=', sessionUuid)
    .orderBy('uuid')
    .execute();
  const announced = new Map(
    (
      (latest?.payload as { teams: { uuid: string; score: number }[] } | undefined)?.teams ?? []
    ).map((team) => [team.uuid, team.score]),
  );
  return {
    ledger: teams.map((team) => [team.uuid, Number(team.score)]),
    stream: teams.map((team) => [team.uuid, announced.get(team.uuid) ?? null]),
  };
};

/** A mission of one flag objective per team, worth 10 points each. */
const buildMission = async (db: Kysely<Database>, teams: number) => {
  const chapter = await buildChapter(db, {
    missions: [
      {
        objectives: Array.from({ length: teams }, () => ({
          type: 'flag' as const,
          points: 10,
          flag: { accepted: [FLAG] },
        })),
      },
    ],
  });
  return chapter.missions[0]!;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('the last ranking of a burst of solves', () => {
  it('is announced by a graceful stop: the stream ends on the ledger', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const clock = testClock();
    const app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    const trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const mission = await buildMission(database.db, 4);
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      signIn: () => signedInPlayer(app, database.db),
      clock,
      teams: 4,
    });
    await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS + 50));

    // A burst: the first solve is announced at once, the others within its interval wait for
    // its end; the node is stopped before it comes.
    for (const [index, team] of members.entries()) {
      const solved = await team[0]!.post(
        `/api/sessions/${uuid}/objectives/${mission.objectives[index]!.uuid}/answers`,
        { answer: FLAG },
      );
      expect(solved.statusCode, solved.body).toBe(200);
    }
    await app.close();

    const { ledger, stream } = await standings(database.db, uuid);
    expect(ledger.every(([, score]) => score === 10)).toBe(true);
    expect(stream).toEqual(ledger);
  });
});

/**
 * A node killed (SIGKILL) right after a burst: what it was about to announce is lost with it,
 * and the next node to start announces it. A real server process on the test's PostgreSQL
 * database; the session is set up in this process, on the same database.
 */
describe.runIf(testDatabaseKind() === 'postgres')('the last ranking after a crash', () => {
  it('is announced by the next node to start', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const processes: ServerProcess[] = [];
    cleanups.push(async () => {
      for (const node of processes) {
        node.child.kill('SIGKILL');
        await node.exited;
      }
    });
    const startNode = async () => {
      const node = spawnServer({
        DATABASE_URL: database.url!,
        PORT: '0',
        SEED_DEMO_ACCOUNTS: 'false',
      });
      processes.push(node);
      return { node, base: await node.listening };
    };

    const clock = testClock();
    const setupApp = await createTestApp(database, {}, undefined, undefined, clock);
    cleanups.push(() => setupApp.close());
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    const trainer = new TestBrowser(setupApp);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const mission = await buildMission(database.db, 2);
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      signIn: async () => {
        const player = await signedInPlayer(setupApp, database.db);
        await player.get('/api/csrf-cookie');
        return player;
      },
      clock,
      teams: 2,
    });
    // Past the countdown on the nodes' clock (the database's).
    await sql`update gaming_session set starts_at = now() - interval '1 second' where uuid = ${uuid}`.execute(
      database.db,
    );

    const first = await startNode();
    const solve = async (base: string, index: number) => {
      const player = members[index]![0]!;
      const response = await fetch(
        `${base}/api/sessions/${uuid}/objectives/${mission.objectives[index]!.uuid}/answers`,
        {
          method: 'POST',
          headers: {
            cookie: player.cookieHeader(),
            'x-xsrf-token': player.xsrf!,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ answer: FLAG }),
        },
      );
      expect(response.status, await response.clone().text()).toBe(200);
    };
    // The first solve is announced at once; the second, within its interval, is left for the
    // interval's end, which the node does not live to see.
    await solve(first.base, 0);
    await solve(first.base, 1);
    first.node.child.kill('SIGKILL');
    await first.node.exited;
    const lost = await standings(database.db, uuid);
    expect(lost.ledger).toEqual(lost.ledger.map(([team]) => [team, 10]));
    expect(lost.stream).not.toEqual(lost.ledger);

    await startNode();
    const repaired = await standings(database.db, uuid);
    expect(repaired.stream).toEqual(repaired.ledger);
  }, 60_000);
});
