import { Kysely, PostgresDialect } from 'kysely';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { answerResultSchema } from '@rampart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams, signedInPlayer } from '../../../test/session-factories.js';
import { watchWire } from '../../../test/wire.js';
import type { Database } from '../../db/schema.js';
import { pipelineBegin } from '../../db/perf/pipelined-begin.js';
import { RANKING_GRACE_MS, RANKING_INTERVAL_MS } from './ranking-announcer.js';

const FLAG = 'RAMPART{fl1ghts}';

/**
 * The answer batches' traffic on PostgreSQL, as the server sees it: "o" for what a connection
 * sends before it hears anything back, "i" for each answer (a ReadyForQuery ends each).
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('answers: the round trips of a batch', () => {
  let database: TestDatabase;
  let batches: Kysely<Database>;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let missionUuid: string;
  let objectiveUuid: string;
  let otherUuid: string;
  const clock = testClock();
  let flow = '';
  /** The statements the main pool ran (a deferred ranking announcement runs there). */
  const mainStatements: string[] = [];
  /** The statements the batches' pool ran. */
  const batchStatements: string[] = [];
  const recordInto = (list: string[]) => (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const [first] = args as [string | { text?: string }];
      list.push(typeof first === 'string' ? first : (first.text ?? ''));
      return query(...args);
    };
  };
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // The batches' pool as the server builds it (pipelined, BEGIN sent with the first
    // statement), watched.
    const pool = new pg.Pool({ connectionString: database.url!, max: 5, pipeline: true });
    pipelineBegin(pool);
    pool.on('connect', (client) =>
      watchWire(client, {
        sent: () => {
          if (!flow.endsWith('o')) flow += 'o';
        },
        answered: () => (flow += 'i'),
      }),
    );
    pool.on('connect', recordInto(batchStatements));
    batches = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const mainPool = new pg.Pool({ connectionString: database.url!, max: 4 });
    mainPool.on('connect', recordInto(mainStatements));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: mainPool }) });
    app = await createTestApp({ ...database, db, batches }, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', points: 100, firstBloodBonus: 20, flag: { accepted: [FLAG] } },
            { type: 'flag', points: 50, penalty: 0, flag: { accepted: ['OTHER'] } },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    [objectiveUuid, otherUuid] = chapter.missions[0]!.objectives.map((o) => o.uuid) as [
      string,
      string,
    ];
  });

  afterAll(async () => {
    await app.close();
    await batches.destroy();
    await db.destroy();
    await database.close();
  });

  it('appends the events with the write unless an answer may win a first blood', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: () => signedInPlayer(app, database.db),
      clock,
      teams: 3,
    });
    const submit = async (player: TestBrowser, objective: string, answer: string) => {
      // Each correct answer announces the ranking at once, in its own batch.
      await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS + 50));
      flow = '';
      const response = await player.post(`/api/sessions/${uuid}/objectives/${objective}/answers`, {
        answer,
      });
      expect(response.statusCode, response.body).toBe(200);
      return { result: answerResultSchema.parse(response.json()), flow };
    };
    const [alice, bob, carol] = members.map((team) => team[0]!);

    // The first blood is free: only the write can tell whether this answer won it, so the
    // events (which say so) wait for its answer. BEGIN with the locks; the write; the events;
    // the ranking, read once the stream is held; the ranking's event with the commit.
    const first = await submit(alice!, objectiveUuid, FLAG);
    expect(first.result).toMatchObject({ points: 120, firstBlood: true, score: 120 });
    expect(first.flow).toBe('oii' + 'oi' + 'oi' + 'oi' + 'oii');

    // Taken: no answer of the batch can win it, and the write appends the events itself.
    for (const player of [bob!, carol!]) {
      const next = await submit(player, objectiveUuid, FLAG);
      expect(next.result).toMatchObject({ points: 100, firstBlood: false, score: 100 });
      expect(next.flow).toBe('oii' + 'oi' + 'oi' + 'oii');
    }

    // A wrong answer without penalty moves no ranking: BEGIN with the locks; what they do not
    // protect (the team's earlier wrong answers); the write, its events and the commit.
    const wrong = await submit(alice!, otherUuid, 'NOT IT');
    expect(wrong.result).toMatchObject({ correct: false, points: 0, attempts: 1 });
    expect(wrong.flow).toBe('oii' + 'oi' + 'oii');

    const ledger = await database.db
      .selectFrom('score_entry')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('rows')])
      .where('objective_uuid', '=', objectiveUuid)
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(ledger).toEqual([
      { kind: 'first_blood', rows: 1 },
      { kind: 'solve', rows: 3 },
    ]);
    // Every answer's events are in the session's log, each once, in order.
    const types = await database.db
      .selectFrom('event_log')
      .select('type')
      .where('stream', '=', `session:${uuid}`)
      .where('type', 'in', ['objective.solved', 'objective.attempted', 'ranking.changed'])
      .orderBy('sequence')
      .execute();
    expect(types.map((row) => row.type)).toEqual([
      ...['objective.solved', 'ranking.changed'],
      ...['objective.solved', 'ranking.changed'],
      ...['objective.solved', 'ranking.changed'],
      'objective.attempted',
    ]);
  });

  it('announces the rankings of a steady stream of answers with its batches, not in transactions of their own', async () => {
    const objectives = 10;
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: Array.from({ length: objectives }, () => ({
            type: 'flag' as const,
            points: 10,
            penalty: 1,
            flag: { accepted: ['RAMPART{steady}'] },
          })),
        },
      ],
    });
    const mission = chapter.missions[0]!;
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      signIn: () => signedInPlayer(app, database.db),
      clock,
      teams: 6,
    });
    await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS + 100));
    const lockStream = /insert into event_stream as s/;
    const standings = /'ranking', \(select coalesce/;
    const deferredBefore = mainStatements.filter((text) => lockStream.test(text)).length;
    const inBatchBefore = batchStatements.filter((text) => standings.test(text)).length;

    // One answer after another, each a penalty (a new wrong answer) or a solve: the ranking
    // changes all along, for five intervals, and a batch of the session is never far away. The
    // teams take turns, and the last team never solves: its score stays below every other
    // team's, so the ranking always has something to tell (with every team solving, a fast
    // machine could stop where all six had the same score).
    const started = performance.now();
    const sentAt: number[] = [];
    for (let turn = 0; performance.now() - started < RANKING_INTERVAL_MS * 5; turn += 1) {
      sentAt.push(performance.now());
      const index = turn % members.length;
      const objective = mission.objectives[Math.floor(turn / members.length) % objectives]!;
      const solves = turn % 7 === 0 && index !== members.length - 1;
      const response = await members[index]![0]!.post(
        `/api/sessions/${uuid}/objectives/${objective.uuid}/answers`,
        { answer: solves ? 'RAMPART{steady}' : `wrong-${turn}` },
      );
      expect([200, 409], response.body).toContain(response.statusCode);
    }
    const intervals = (performance.now() - started) / RANKING_INTERVAL_MS;
    // The last changes are announced at the end of their interval, by a transaction of its own.
    await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS * 3));

    const deferred = mainStatements.filter((text) => lockStream.test(text)).length - deferredBefore;
    const inBatch = batchStatements.filter((text) => standings.test(text)).length - inBatchBefore;
    // Nearly one per interval. One of their own for the end of the stream, and one at most
    // for each pause longer than the grace a deferred announcement gives the batches (none on
    // an idle machine; a loaded one leaves a few between answers): with answers coming, the
    // batches announce.
    const pauses = sentAt.filter(
      (at, index) => index > 0 && at - sentAt[index - 1]! > RANKING_GRACE_MS,
    );
    expect(inBatch).toBeGreaterThanOrEqual(Math.floor(intervals / 2));
    expect(deferred).toBeLessThanOrEqual(pauses.length + 1);
    // And the last ranking announced is the standing in the database.
    const last = await database.db
      .selectFrom('event_log')
      .select('payload')
      .where('stream', '=', `session:${uuid}`)
      .where('type', '=', 'ranking.changed')
      .orderBy('sequence', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const teams = await database.db
      .selectFrom('gaming_session_team')
      .select(['uuid', 'score'])
      .where('session_uuid', '=', uuid)
      .execute();
    const announced = new Map(
      (last.payload as { teams: { uuid: string; score: number }[] }).teams.map((team) => [
        team.uuid,
        team.score,
      ]),
    );
    expect(teams.every((team) => announced.get(team.uuid) === Number(team.score))).toBe(true);
    expect(new Set(teams.map((team) => Number(team.score))).size).toBeGreaterThan(1);
  });
});
