import { randomUUID } from 'node:crypto';
import { answerResultSchema, getObjectives, rankingSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChapter } from '../../../test/content-factories.js';
import {
  createTestDatabase,
  testDatabaseKind,
  untilLockWaits,
  type TestDatabase,
} from '../../../test/database.js';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import { buildAccount } from '../../../test/factories.js';
import {
  createTeamOk,
  createTrainerSession,
  sessionWithTeams,
} from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';
import { RANKING_INTERVAL_MS } from './ranking-announcer.js';
import { testClock } from '../../../test/clock.js';

const FLAG = 'RAMPART{t34_c4ddy}';

describe(`play: answers, scores and the ranking (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  const clock = testClock();
  let missionUuid: string;
  let objective: Record<'flag' | 'single' | 'multiple' | 'locked' | 'free', string>;

  const signedIn = async (avatarId: string | null = null) => {
    const account = await buildAccount(database.db, { avatarId });
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  /** A running session of `mission` with `teams` teams of `size` players each. */
  const runningSession = async (teams = 2, size = 1, settings = {}, mission = missionUuid) => {
    const { uuid, members, teamUuids } = await sessionWithTeams({
      trainer,
      missionUuid: mission,
      signIn: () => signedIn(),
      clock,
      teams,
      size,
      settings,
    });
    return { uuid, members, teamUuids };
  };

  const answer = (player: TestBrowser, session: string, objectiveUuid: string, value: unknown) =>
    player.post(`/api/sessions/${session}/objectives/${objectiveUuid}/answers`, { answer: value });

  /** A submission with the player's id, as the web app sends it (and sends again on a retry). */
  const answerWithId = (
    player: TestBrowser,
    session: string,
    objectiveUuid: string,
    value: unknown,
    clientId: string,
  ) =>
    player.post(`/api/sessions/${session}/objectives/${objectiveUuid}/answers`, {
      answer: value,
      clientId,
    });

  /** A team's ledger rows, oldest first. */
  const ledgerOf = (team: string) =>
    database.db
      .selectFrom('score_entry')
      .select(['kind', 'points'])
      .where('team_uuid', '=', team)
      .orderBy('id')
      .execute();

  /** The attempts a team has spent on an objective. */
  const attemptsOf = async (team: string, objectiveUuid: string) =>
    (
      await database.db
        .selectFrom('team_objective_state')
        .select('attempts')
        .where('team_uuid', '=', team)
        .where('objective_uuid', '=', objectiveUuid)
        .executeTakeFirstOrThrow()
    ).attempts;

  /** The submissions a team made with a client id. */
  const submissionsWithId = (team: string, clientId: string) =>
    database.db
      .selectFrom('submission')
      .select('id')
      .where('team_uuid', '=', team)
      .where('client_id', '=', clientId)
      .execute();

  const answerOk = async (...args: Parameters<typeof answer>) => {
    const response = await answer(...args);
    expect(response.statusCode, response.body).toBe(200);
    return answerResultSchema.parse(response.json());
  };

  /**
   * Every team's score recomputed from the ledger equals its stored score and the ranking, and
   * its count of solved objectives is the number of objectives it solved.
   */
  const expectLedgerConsistent = async (sessionUuid: string, reader: TestBrowser) => {
    const solved = await database.db
      .selectFrom('gaming_session_team as t')
      .leftJoin('team_objective_state as s', (join) =>
        join.onRef('s.team_uuid', '=', 't.uuid').on('s.solved_at', 'is not', null),
      )
      .select([
        't.uuid',
        't.completed_objectives',
        (eb) => eb.fn.count<number>('s.objective_uuid').as('count'),
      ])
      .where('t.session_uuid', '=', sessionUuid)
      .groupBy(['t.uuid', 't.completed_objectives'])
      .execute();
    const ranking = rankingSchema.parse(
      (await reader.get(`/api/sessions/${sessionUuid}/ranking`)).json(),
    );
    // The solved count is one column, kept by the batch: it equals the states', and the ranking
    // shows it.
    for (const team of solved) {
      expect(team.completed_objectives, team.uuid).toBe(Number(team.count));
      expect(ranking.teams.find((ranked) => ranked.uuid === team.uuid)?.completed_objectives).toBe(
        Number(team.count),
      );
    }
    const ledger = await database.db
      .selectFrom('gaming_session_team as t')
      .leftJoin('score_entry as e', 'e.team_uuid', 't.uuid')
      .select([
        't.uuid',
        't.score',
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('e.points'), eb.lit(0)).as('sum'),
      ])
      .where('t.session_uuid', '=', sessionUuid)
      .groupBy(['t.uuid', 't.score'])
      .execute();
    for (const team of ledger) {
      expect(Number(team.sum), team.uuid).toBe(team.score);
      expect(ranking.teams.find((ranked) => ranked.uuid === team.uuid)?.score).toBe(team.score);
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const flagUuid = randomUUID();
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              uuid: flagUuid,
              type: 'flag',
              points: 100,
              penalty: 10,
              maxAttempts: 3,
              firstBloodBonus: 20,
              flag: { accepted: [FLAG] },
            },
            { type: 'single_choice', points: 50, penalty: 5, correctChoices: ['b'] },
            { type: 'multiple_choice', points: 80, correctChoices: ['a', 'c'] },
            {
              type: 'flag',
              points: 200,
              locked: true,
              prerequisites: [flagUuid],
              flag: { accepted: ['LOCKED'] },
              files: [{ name: 'vault.txt', content: 'behind the lock\n' }],
            },
            { type: 'flag', points: 100, flag: { accepted: ['FREE'] }, maxAttempts: null },
          ],
        },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    const [flag, single, multiple, locked, free] = chapter.missions[0]!.objectives.map(
      (o) => o.uuid,
    );
    objective = { flag: flag!, single: single!, multiple: multiple!, locked: locked!, free: free! };
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('scores a correct flag once, then says "The flag has already been found"', async () => {
    const { uuid, members } = await runningSession(2);
    const [alice] = members[0]!;
    const first = await answerOk(alice!, uuid, objective.flag, `  ${FLAG}\n`);
    expect(first).toMatchObject({
      correct: true,
      result: 'answer.correct',
      points: 120,
      firstBlood: true,
      score: 120,
      completed_objectives: 1,
      total_objectives: 5,
      progress_percentage: 20,
    });
    const again = await answer(alice!, uuid, objective.flag, FLAG);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'answer.flag_already_found',
      message: 'The flag has already been found',
    });
    // The session carries the spec's progress fields and the team's rank.
    const [bob] = members[1]!;
    const detail = async (player: TestBrowser) =>
      (await player.get(`/api/sessions/${uuid}`)).json().session;
    expect(await detail(alice!)).toMatchObject({
      completed_objectives: 1,
      total_objectives: 5,
      progress_percentage: 20,
      gaming_session_user: { gaming_session_team: { rank: 1, score: 120 } },
    });
    expect(await detail(bob!)).toMatchObject({
      completed_objectives: 0,
      gaming_session_user: { gaming_session_team: { rank: 2, score: 0 } },
    });
    // The second team solves it too, without the first blood.
    expect(await answerOk(bob!, uuid, objective.flag, FLAG)).toMatchObject({
      points: 100,
      firstBlood: false,
    });
    await expectLedgerConsistent(uuid, alice!);
  });

  it('charges a wrong answer once, the same one twice nothing, and closes at max attempts', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    expect(await answerOk(alice!, uuid, objective.flag, 'nope')).toMatchObject({
      correct: false,
      result: 'answer.wrong',
      points: -10,
      attempts: 1,
      attemptsLeft: 2,
      score: -10,
    });
    expect(await answerOk(alice!, uuid, objective.flag, ' nope ')).toMatchObject({
      result: 'answer.repeated',
      points: 0,
      attempts: 1,
      score: -10,
    });
    await answerOk(alice!, uuid, objective.flag, 'second');
    expect(await answerOk(alice!, uuid, objective.flag, 'third')).toMatchObject({
      attempts: 3,
      attemptsLeft: 0,
      score: -30,
    });
    const closed = await answer(alice!, uuid, objective.flag, FLAG);
    expect(closed.json().error).toMatchObject({
      code: 'answer.max_attempts',
      message: 'Maximum number of attempts reached',
    });
    await expectLedgerConsistent(uuid, alice!);
  });

  it('charges the same wrong answer once however its capitals, on a flag that ignores them', async () => {
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              type: 'flag',
              points: 30,
              penalty: 3,
              maxAttempts: null,
              flag: { accepted: ['Quiet{Fox}'], caseInsensitive: true },
            },
            {
              type: 'flag',
              points: 30,
              penalty: 3,
              maxAttempts: null,
              flag: { accepted: ['Quiet{Fox}'] },
            },
          ],
        },
      ],
    });
    const [folded, exact] = chapter.missions[0]!.objectives.map((o) => o.uuid);
    const { uuid, members } = await runningSession(1, 1, {}, chapter.missions[0]!.uuid);
    const [alice] = members[0]!;
    const expectAnswer = async (uuidOf: string, value: string, expected: object) =>
      expect(await answerOk(alice!, uuid, uuidOf, value)).toMatchObject(expected);
    await expectAnswer(folded!, 'loud{fox}', { result: 'answer.wrong', attempts: 1, score: -3 });
    await expectAnswer(folded!, 'LOUD{Fox}', { result: 'answer.repeated', attempts: 1, score: -3 });
    // Where capitals count, the same letters otherwise written are another answer.
    await expectAnswer(exact!, 'loud{fox}', { result: 'answer.wrong', attempts: 1, score: -6 });
    await expectAnswer(exact!, 'LOUD{Fox}', { result: 'answer.wrong', attempts: 2, score: -9 });
    await expectAnswer(exact!, 'LOUD{Fox}', { result: 'answer.repeated', attempts: 2, score: -9 });
    await expectLedgerConsistent(uuid, alice!);
  });

  it('lists an objective out of attempts among the closed ones, saying why', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    const states = async () => {
      const response = await alice!.get(`/api/sessions/${uuid}/objectives`);
      expect(response.statusCode, response.body).toBe(200);
      const found = getObjectives.responses[200].parse(response.json()).objectives;
      return Object.fromEntries(
        found.map((o) => [o.uuid, { inProgress: o.inProgress, closedReason: o.closedReason }]),
      );
    };
    await answerOk(alice!, uuid, objective.flag, 'first');
    await answerOk(alice!, uuid, objective.free, 'FREE');
    expect(await states()).toMatchObject({
      [objective.flag]: { inProgress: true, closedReason: null },
      [objective.free]: { inProgress: false, closedReason: 'solved' },
    });
    await answerOk(alice!, uuid, objective.flag, 'second');
    await answerOk(alice!, uuid, objective.flag, 'third');
    expect((await states())[objective.flag]).toEqual({
      inProgress: false,
      closedReason: 'no_attempts_left',
    });
  });

  it('checks choices: the right type, ids of this objective, exactly the expected number', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    for (const [target, value] of [
      [objective.single, ['b']],
      [objective.single, 'z'],
      [objective.multiple, 'a'],
      [objective.multiple, ['a', 'a']],
      [objective.multiple, []],
      [objective.flag, ['a']],
      [objective.flag, '   '],
      [objective.single, { id: 'b' }],
      [objective.single, 42],
    ] as const) {
      const response = await answer(alice!, uuid, target, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
    }
    expect(await answerOk(alice!, uuid, objective.single, 'a')).toMatchObject({ points: -5 });
    expect(await answerOk(alice!, uuid, objective.single, 'b')).toMatchObject({ points: 50 });
    const solvedChoice = await answer(alice!, uuid, objective.single, 'b');
    expect(solvedChoice.json().error).toMatchObject({
      code: 'answer.already_solved',
      message: 'Challenge already solved',
    });
    expect(await answerOk(alice!, uuid, objective.multiple, ['c', 'a'])).toMatchObject({
      correct: true,
      points: 80,
    });
  });

  it('keeps a locked objective closed until its prerequisite is solved, or a trainer opens it', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    const list = async (player: TestBrowser) =>
      getObjectives.responses[200].parse(
        (await player.get(`/api/sessions/${uuid}/objectives`)).json(),
      ).objectives;
    const lockedView = (await list(alice!)).find((o) => o.uuid === objective.locked)!;
    expect(lockedView).toMatchObject({ locked: true, description: '', files: [] });
    const refused = await answer(alice!, uuid, objective.locked, 'LOCKED');
    expect(refused.statusCode).toBe(423);
    expect(refused.json().error.code).toBe('objective.locked');

    const file = await database.db
      .selectFrom('objective_file')
      .select('uuid')
      .where('objective_uuid', '=', objective.locked)
      .executeTakeFirstOrThrow();
    const download = `/api/objectives/${objective.locked}/files/${file.uuid}`;
    expect((await alice!.get(download)).statusCode).toBe(404);

    await answerOk(alice!, uuid, objective.flag, FLAG);
    const opened = (await list(alice!)).find((o) => o.uuid === objective.locked)!;
    expect(opened.locked).toBe(false);
    expect(opened.files.map((f) => f.url)).toEqual([download]);
    expect((await alice!.get(download)).body).toBe('behind the lock\n');
    expect((await bob!.get(download)).statusCode).toBe(404);
    expect(await answerOk(alice!, uuid, objective.locked, 'LOCKED')).toMatchObject({ points: 200 });
    // Bob's team has not solved the prerequisite: still closed for them, until the trainer opens it.
    expect((await answer(bob!, uuid, objective.locked, 'LOCKED')).statusCode).toBe(423);
    const unlocked = await trainer.post(
      `/api/trainer/sessions/${uuid}/objectives/${objective.locked}/unlock`,
    );
    expect(unlocked.statusCode).toBe(200);
    expect(await answerOk(bob!, uuid, objective.locked, 'LOCKED')).toMatchObject({ points: 200 });
    // Who solved what is public, first solver first (the challenge-teams view).
    const solvedBy = (await list(bob!)).find((o) => o.uuid === objective.locked)!.solvedBy;
    expect(solvedBy.map((solve) => solve.teamUuid)).toEqual(teamUuids);
  });

  it('awards nothing while paused, after the end, or to an eliminated team', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    await trainer.post(`/api/trainer/sessions/${uuid}/pause`);
    const paused = await answer(alice!, uuid, objective.free, 'FREE');
    expect(paused.statusCode).toBe(423);
    expect(paused.json().error.code).toBe('session.paused');
    await trainer.post(`/api/trainer/sessions/${uuid}/resume`);

    const eliminated = await trainer.post(
      `/api/trainer/sessions/${uuid}/teams/${teamUuids[1]}/eliminate`,
      { reason: 'Attacked the scoring server' },
    );
    expect(eliminated.statusCode, eliminated.body).toBe(200);
    const out = await answer(bob!, uuid, objective.free, 'FREE');
    expect(out.json().error.code).toBe('team.eliminated');
    expect(out.statusCode).toBe(403);
    const events = await readEventsAfter(database.db, sessionStream(uuid), 0, 500);
    // The session learns the team is out; why, only the team and the trainers.
    expect(
      events
        .filter((event) => event.type === 'team.eliminated')
        .map((event) => [event.audience, (event.payload as { reason: unknown }).reason]),
    ).toEqual([
      ['session', null],
      [`team:${teamUuids[1]}`, 'Attacked the scoring server'],
      ['trainers', 'Attacked the scoring server'],
    ]);
    // The eliminated team reads why on its own session, for as long as it looks; the other
    // teams see it eliminated, without the reason.
    const detail = async (player: TestBrowser) => {
      const response = await player.get(`/api/sessions/${uuid}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().session;
    };
    expect((await detail(bob!)).gaming_session_user.gaming_session_team).toMatchObject({
      eliminated: true,
      eliminationReason: 'Attacked the scoring server',
    });
    const seenByAlice = await detail(alice!);
    expect(seenByAlice.gaming_session_user.gaming_session_team).toMatchObject({
      eliminated: false,
      eliminationReason: null,
    });
    const bobsTeam = seenByAlice.teams.find((team: { uuid: string }) => team.uuid === teamUuids[1]);
    expect(bobsTeam).toMatchObject({ eliminated: true });
    expect(bobsTeam).not.toHaveProperty('eliminationReason');
    const ranking = rankingSchema.parse((await alice!.get(`/api/sessions/${uuid}/ranking`)).json());
    expect(ranking.teams.at(-1)).toMatchObject({ uuid: teamUuids[1], eliminated: true });

    clock.advance(31 * 60_000);
    const late = await answer(alice!, uuid, objective.free, 'FREE');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('session.not_running');
    const scores = await database.db
      .selectFrom('score_entry')
      .select('id')
      .where('session_uuid', '=', uuid)
      .execute();
    expect(scores).toEqual([]);
  });

  it('runs a speedrun on an unsolved objective: a point less per second of play, paused time excluded', async () => {
    const { uuid, members } = await runningSession(2);
    const [alice] = members[0]!;
    const launched = await trainer.post(`/api/trainer/sessions/${uuid}/speedruns`, {
      objectiveUuid: objective.free,
      title: 'Sprint',
      description: 'First to the flag',
    });
    expect(launched.statusCode, launched.body).toBe(201);
    clock.advance(20_000);
    await trainer.post(`/api/trainer/sessions/${uuid}/pause`);
    clock.advance(60_000); // paused: the speedrun's clock stops too
    await trainer.post(`/api/trainer/sessions/${uuid}/resume`);
    clock.advance(5_000);
    expect(await answerOk(alice!, uuid, objective.free, 'FREE')).toMatchObject({ points: 75 });
    const entry = await database.db
      .selectFrom('score_entry')
      .select(['kind', 'points'])
      .where('session_uuid', '=', uuid)
      .execute();
    expect(entry).toEqual([{ kind: 'speedrun', points: 75 }]);

    const onSolved = await trainer.post(`/api/trainer/sessions/${uuid}/speedruns`, {
      objectiveUuid: objective.free,
      title: 'Again',
      description: '',
    });
    expect(onSolved.statusCode).toBe(409);
    expect(onSolved.json().error.code).toBe('objective.already_solved_by_a_team');
  });

  it('gives the +5 % extra-time avatar a slower speedrun clock', async () => {
    const { uuid } = await createTrainerSession(trainer, { missionUuid });
    const sentinel = await signedIn('sentinel');
    await createTeamOk(sentinel, uuid, 'Sentinels');
    await trainer.post(`/api/trainer/sessions/${uuid}/start`);
    clock.advance(10_000);
    await trainer.post(`/api/trainer/sessions/${uuid}/speedruns`, {
      objectiveUuid: objective.free,
      title: 'Sprint',
      description: '',
    });
    clock.advance(42_000);
    expect(await answerOk(sentinel, uuid, objective.free, 'FREE')).toMatchObject({ points: 60 });
  });

  it('refuses an objective of another mission, a 1 MB answer, and players outside the team', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    const other = await buildChapter(database.db);
    const foreign = await answer(alice!, uuid, other.missions[0]!.objectives[0]!.uuid, 'x');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('objective.not_found');
    // Rankings of earlier tests are announced up to RANKING_INTERVAL_MS after their last change:
    // let them land before taking the picture of the database.
    await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS * 3));
    const before = await snapshotDatabase(database.db);
    const huge = await answer(alice!, uuid, objective.flag, 'A'.repeat(1024 * 1024));
    expect([413, 422]).toContain(huge.statusCode);
    expect(await snapshotDatabase(database.db)).toEqual(before);
    const stranger = await signedIn();
    const outside = await answer(stranger, uuid, objective.flag, FLAG);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe('session.not_joined');
  });

  it('answers a retried submission with its first result, never deciding it twice', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    const wrongId = randomUUID();
    const wrong = await answerWithId(alice!, uuid, objective.flag, 'nope', wrongId);
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ result: 'answer.wrong', points: -10, attempts: 1 });
    // The acknowledgement lost, the player sends it again: the same answer, not a repeat.
    const wrongAgain = await answerWithId(alice!, uuid, objective.flag, 'nope', wrongId);
    expect(wrongAgain.statusCode).toBe(200);
    expect(wrongAgain.json()).toEqual(wrong.json());

    const solveId = randomUUID();
    const solved = await answerWithId(alice!, uuid, objective.flag, FLAG, solveId);
    expect(solved.statusCode, solved.body).toBe(200);
    expect(solved.json()).toMatchObject({ correct: true, points: 120, firstBlood: true });
    // The team's score moves on; a retry still tells what the submission did, as it did then.
    await answerOk(alice!, uuid, objective.free, 'FREE');
    const solvedAgain = await answerWithId(alice!, uuid, objective.flag, FLAG, solveId);
    expect(solvedAgain.statusCode, solvedAgain.body).toBe(200);
    expect(solvedAgain.json()).toEqual(solved.json());
    // The same id on another objective is the same submission too.
    const elsewhere = await answerWithId(alice!, uuid, objective.single, 'b', solveId);
    expect(elsewhere.json()).toEqual(solved.json());
    // A new id is a new submission.
    const fresh = await answerWithId(alice!, uuid, objective.flag, FLAG, randomUUID());
    expect(fresh.json().error.code).toBe('answer.flag_already_found');

    // Another team's submission with the same ids is its own.
    const bobWrong = await answerWithId(bob!, uuid, objective.flag, FLAG, wrongId);
    expect(bobWrong.json()).toMatchObject({ correct: true, points: 100, firstBlood: false });
    // Alice's solve is not Bob's: his second submission of the found flag is refused.
    const bobSolve = await answerWithId(bob!, uuid, objective.flag, FLAG, solveId);
    expect(bobSolve.json().error.code).toBe('answer.flag_already_found');

    expect(await attemptsOf(teamUuids[0]!, objective.flag)).toBe(1);
    const ledger = await ledgerOf(teamUuids[0]!);
    expect(ledger).toEqual([
      { kind: 'penalty', points: -10 },
      { kind: 'solve', points: 100 },
      { kind: 'first_blood', points: 20 },
      { kind: 'solve', points: 100 },
    ]);
    expect(await submissionsWithId(teamUuids[0]!, wrongId)).toHaveLength(1);
    expect(await submissionsWithId(teamUuids[0]!, solveId)).toHaveLength(1);
    expect(await submissionsWithId(teamUuids[1]!, wrongId)).toHaveLength(1);
    await expectLedgerConsistent(uuid, alice!);
  });

  it('refuses a client id of another format with the error shape', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    for (const clientId of ['', 'a b', 'x'.repeat(65), 42]) {
      const response = await answerWithId(alice!, uuid, objective.flag, 'nope', clientId as string);
      expect(response.statusCode, String(clientId)).toBe(422);
      expect(response.json().error).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
  });

  it('limits brute force on one objective per team, with a translated code and Retry-After', async () => {
    const { uuid, members } = await runningSession(1);
    const [alice] = members[0]!;
    const responses = [];
    for (let attempt = 0; attempt < 32; attempt += 1)
      responses.push(await answer(alice!, uuid, objective.free, `guess-${attempt}`));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
    for (const limited of responses.slice(30)) {
      expect(limited.json().error.code).toBe('answer.rate_limited');
      // Whole seconds until the minute that counted the answers is over.
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it('counts a minute of answers per team and objective: a retry is not counted, the next minute starts again', async () => {
    const { uuid, members, teamUuids } = await runningSession(1);
    const [alice] = members[0]!;
    const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
    const sent = randomUUID();
    expect(await status(answerWithId(alice!, uuid, objective.free, 'guess-0', sent))).toBe(200);
    // The web app sending an answer again (its response was lost): the result again, uncounted.
    for (let retry = 0; retry < 5; retry += 1)
      expect(await status(answerWithId(alice!, uuid, objective.free, 'guess-0', sent))).toBe(200);
    for (let attempt = 1; attempt < 30; attempt += 1)
      expect(await status(answer(alice!, uuid, objective.free, `guess-${attempt}`))).toBe(200);
    expect(await status(answer(alice!, uuid, objective.free, 'guess-30'))).toBe(429);
    // Another objective is counted apart.
    expect(await status(answer(alice!, uuid, objective.flag, 'nope'))).toBe(200);
    // The minute is over (its end moved into the past behind the server's back): from zero.
    await database.db
      .updateTable('team_objective_state')
      .set({ answer_window_ends_at: new Date(Date.now() - 1000) })
      .where('team_uuid', '=', teamUuids[0]!)
      .where('objective_uuid', '=', objective.free)
      .execute();
    for (let attempt = 31; attempt < 61; attempt += 1)
      expect(await status(answer(alice!, uuid, objective.free, `guess-${attempt}`))).toBe(200);
    const limited = await answer(alice!, uuid, objective.free, 'guess-61');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('serves the ranking from memory: ordered, and rebuilt only when scores change', async () => {
    const { uuid, members, teamUuids } = await runningSession(2);
    const [alice] = members[0]!;
    const [bob] = members[1]!;
    await answerOk(bob!, uuid, objective.free, 'FREE');
    const read = async () =>
      rankingSchema.parse((await alice!.get(`/api/sessions/${uuid}/ranking`)).json()).teams;
    const first = await read();
    expect(first.map((team) => [team.uuid, team.rank, team.score])).toEqual([
      [teamUuids[1], 1, 100],
      [teamUuids[0], 2, 0],
    ]);
    // Cluster mode announces the answer's event through NOTIFY, a moment after commit: let that
    // announcement arrive before changing the table behind the app's back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await read();
    // A change behind the app's back (no event) is not seen: reads do not query.
    await database.db
      .updateTable('gaming_session_team')
      .set({ score: 9999 })
      .where('uuid', '=', teamUuids[0]!)
      .execute();
    expect((await read())[1]!.score).toBe(0);
    await database.db
      .updateTable('gaming_session_team')
      .set({ score: 0 })
      .where('uuid', '=', teamUuids[0]!)
      .execute();
    // An answer announces the change: the next read is the new table.
    await answerOk(alice!, uuid, objective.flag, FLAG);
    expect((await read()).map((team) => [team.uuid, team.score])).toEqual([
      [teamUuids[0], 120],
      [teamUuids[1], 100],
    ]);
    const events = await readEventsAfter(database.db, sessionStream(uuid), 0, 500);
    const solved = events.filter((event) => event.type === 'objective.solved');
    expect(solved.map((event) => event.payload)).toMatchObject([
      { teamUuid: teamUuids[1], points: 100, firstBlood: false },
      { teamUuid: teamUuids[0], points: 120, firstBlood: true },
    ]);
    expect(JSON.stringify(events)).not.toContain(FLAG);
  });

  it('announces the ranking with a lone change, and a burst of changes together soon after', async () => {
    const { uuid, members } = await runningSession(10);
    const announcements = async () =>
      (await readEventsAfter(database.db, sessionStream(uuid), 0, 500))
        .filter((event) => event.type === 'ranking.changed')
        .map((event) => (event.payload as { teams: { score: number }[] }).teams);
    await answerOk(members[0]![0]!, uuid, objective.free, 'FREE');
    // The first change is announced with the answer itself.
    const first = await announcements();
    expect(first).toHaveLength(1);
    expect(first[0]!.filter((team) => team.score > 0)).toHaveLength(1);
    // Nine more solves, one batch each: announced together, the last table has them all.
    for (const [player] of members.slice(1)) await answerOk(player!, uuid, objective.free, 'FREE');
    await expect
      .poll(async () => (await announcements()).at(-1)!.filter((team) => team.score > 0).length)
      .toBe(10);
    expect((await announcements()).length).toBeLessThan(10);
  });

  describe('races', () => {
    it('100 concurrent correct answers from one team: one solve, points once', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 5);
      const team = members[0]!;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          answer(team[index % 5]!, uuid, objective.free, 'FREE'),
        ),
      );
      const codes = answers.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      // The others are refused: already found, or past the team's brute-force limit.
      expect(codes.filter((code) => code === 409 || code === 429)).toHaveLength(99);
      expect(codes.filter((code) => code === 409).length).toBeGreaterThan(0);
      const rows = await ledgerOf(teamUuids[0]!);
      expect(rows).toEqual([{ kind: 'solve', points: 100 }]);
      await expectLedgerConsistent(uuid, team[0]!);
    });

    it('32 teams racing on a fresh objective: exactly one first blood', async () => {
      const { uuid, members, teamUuids } = await runningSession(32);
      const answers = await Promise.all(
        members.map(([captain]) => answerOk(captain!, uuid, objective.flag, FLAG)),
      );
      expect(answers.filter((result) => result.firstBlood)).toHaveLength(1);
      // Each answer tells its team's score and progress as the database holds them.
      const scores = await database.db
        .selectFrom('gaming_session_team')
        .select(['uuid', 'score'])
        .where('session_uuid', '=', uuid)
        .execute();
      answers.forEach((result, index) => {
        const stored = scores.find((team) => team.uuid === teamUuids[index])!.score;
        expect(result).toMatchObject({ score: stored, completed_objectives: 1 });
        expect(result.score).toBe(result.firstBlood ? 120 : 100);
      });
      const firstBloods = await database.db
        .selectFrom('score_entry')
        .select('team_uuid')
        .where('session_uuid', '=', uuid)
        .where('kind', '=', 'first_blood')
        .execute();
      expect(firstBloods).toHaveLength(1);
      await expectLedgerConsistent(uuid, members[0]![0]!);
    });

    it('never announces a ranking older than the solves announced before it', async () => {
      /** Every ranking in the log has at least the points of the solves logged before it. */
      const expectRankingsUpToDate = async (sessionUuid: string) => {
        const solvedSoFar = new Map<string, number>();
        for (const event of await readEventsAfter(
          database.db,
          sessionStream(sessionUuid),
          0,
          1000,
        )) {
          if (event.type === 'objective.solved') {
            const { teamUuid, points } = event.payload as { teamUuid: string; points: number };
            solvedSoFar.set(teamUuid, (solvedSoFar.get(teamUuid) ?? 0) + points);
          } else if (event.type === 'ranking.changed') {
            for (const team of (event.payload as { teams: { uuid: string; score: number }[] })
              .teams)
              expect(team.score, `ranking #${event.sequence}`).toBeGreaterThanOrEqual(
                solvedSoFar.get(team.uuid) ?? 0,
              );
          }
        }
      };
      // A wave of solves announced at once (the interval has passed), and a second wave a few
      // milliseconds later, while the first is being written: its ranking must include the first.
      for (const delay of [0, 1, 2, 3, 5, 8]) {
        const { uuid, members } = await runningSession(21);
        await answerOk(members[0]![0]!, uuid, objective.free, 'FREE');
        await new Promise((resolve) => setTimeout(resolve, RANKING_INTERVAL_MS + 20));
        const wave = (captains: typeof members) =>
          Promise.all(
            captains.map(([captain]) => answerOk(captain!, uuid, objective.free, 'FREE')),
          );
        const first = wave(members.slice(1, 11));
        await new Promise((resolve) => setTimeout(resolve, delay));
        await Promise.all([first, wave(members.slice(11))]);
        await expectRankingsUpToDate(uuid);
        await expectLedgerConsistent(uuid, members[0]![0]!);
      }
    });

    it('50 concurrent wrong answers with max attempts 3: exactly 3 counted and charged', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 5);
      const team = members[0]!;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          answer(team[index % 5]!, uuid, objective.flag, `wrong-${index}`),
        ),
      );
      const accepted = answers.filter((response) => response.statusCode === 200);
      expect(accepted).toHaveLength(3);
      // The last of them tells the score after all three penalties.
      expect(Math.min(...accepted.map((response) => response.json().score as number))).toBe(-30);
      const state = await database.db
        .selectFrom('team_objective_state')
        .select('attempts')
        .where('team_uuid', '=', teamUuids[0]!)
        .executeTakeFirstOrThrow();
      expect(state.attempts).toBe(3);
      const penalties = await database.db
        .selectFrom('score_entry')
        .select('points')
        .where('team_uuid', '=', teamUuids[0]!)
        .execute();
      expect(penalties.map((row) => row.points)).toEqual([-10, -10, -10]);
      await expectLedgerConsistent(uuid, team[0]!);
    });

    it('20 concurrent copies of one submission: decided once, each answered its result', async () => {
      const { uuid, members, teamUuids } = await runningSession(1, 2);
      const [alice, ally] = members[0]!;
      for (const [objectiveUuid, value] of [
        [objective.flag, 'nope'],
        [objective.flag, FLAG],
      ] as const) {
        const clientId = randomUUID();
        const copies = await Promise.all(
          Array.from({ length: 20 }, () =>
            answerWithId(alice!, uuid, objectiveUuid, value, clientId),
          ),
        );
        expect(copies.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
        expect(new Set(copies.map((response) => response.body)).size).toBe(1);
        expect(await submissionsWithId(teamUuids[0]!, clientId)).toHaveLength(1);
        // A teammate's copy (the id passed on) answers the same, decided once too.
        const teammate = await answerWithId(ally!, uuid, objectiveUuid, value, clientId);
        expect(teammate.body).toBe(copies[0]!.body);
      }
      const ledger = await ledgerOf(teamUuids[0]!);
      expect(ledger).toEqual([
        { kind: 'penalty', points: -10 },
        { kind: 'solve', points: 100 },
        { kind: 'first_blood', points: 20 },
      ]);
      await expectLedgerConsistent(uuid, alice!);
    });

    describe('on two nodes sharing the database', () => {
      // A node gathers concurrent answers into one transaction; two nodes run two transactions
      // at once, which only the database's locks and constraints keep apart.
      let secondNode: FastifyInstance;
      const onSecondNode = (player: TestBrowser) => {
        const moved = new TestBrowser(secondNode);
        for (const [name, value] of player.cookies) moved.cookies.set(name, value);
        return moved;
      };
      beforeAll(async () => {
        secondNode = await createTestApp(database, {}, undefined, undefined, clock);
      });
      afterAll(async () => {
        await secondNode.close();
      });

      it('32 teams racing on a fresh objective through both: exactly one first blood', async () => {
        const { uuid, members } = await runningSession(32);
        const answers = await Promise.all(
          members.map(([captain], index) =>
            answerOk(
              index % 2 === 0 ? captain! : onSecondNode(captain!),
              uuid,
              objective.flag,
              FLAG,
            ),
          ),
        );
        expect(answers.filter((result) => result.firstBlood)).toHaveLength(1);
        const firstBloods = await database.db
          .selectFrom('score_entry')
          .select('team_uuid')
          .where('session_uuid', '=', uuid)
          .where('kind', '=', 'first_blood')
          .execute();
        expect(firstBloods).toHaveLength(1);
        await expectLedgerConsistent(uuid, members[0]![0]!);
      });

      it('copies of submissions racing through both: each decided once, retries tell the truth', async () => {
        const { uuid, members, teamUuids } = await runningSession(16);
        // Every team's captain answers the first-blood flag, each submission sent four times at
        // once, through both nodes; then once more, as a retry after a lost acknowledgement.
        const ids = members.map(() => randomUUID());
        const send = (index: number, player: TestBrowser) =>
          answerWithId(player, uuid, objective.flag, FLAG, ids[index]!);
        const racing = await Promise.all(
          members.flatMap(([captain], index) =>
            [captain!, onSecondNode(captain!), captain!, onSecondNode(captain!)].map((player) =>
              send(index, player),
            ),
          ),
        );
        expect(racing.every((response) => response.statusCode === 200)).toBe(true);
        const results = members.map((_, index) => racing[index * 4]!.json());
        members.forEach((_, index) => {
          for (const copy of racing.slice(index * 4, index * 4 + 4))
            expect(copy.json(), `team ${index}`).toEqual(results[index]);
        });
        expect(results.filter((result) => result.firstBlood)).toHaveLength(1);
        const retries = await Promise.all(
          members.map(([captain], index) => send(index, onSecondNode(captain!))),
        );
        expect(retries.map((response) => response.json())).toEqual(results);
        const scores = await database.db
          .selectFrom('gaming_session_team')
          .select(['uuid', 'score'])
          .where('session_uuid', '=', uuid)
          .execute();
        teamUuids.forEach((team, index) =>
          expect(results[index].score).toBe(scores.find((row) => row.uuid === team)!.score),
        );
        const submissions = await database.db
          .selectFrom('submission')
          .select('team_uuid')
          .where('session_uuid', '=', uuid)
          .execute();
        expect(submissions).toHaveLength(16);
        await expectLedgerConsistent(uuid, members[0]![0]!);
      });

      it.skipIf(testDatabaseKind() !== 'postgres')(
        'the same wrong answer from two teammates on two nodes at once costs one penalty',
        async () => {
          const { uuid, members, teamUuids } = await runningSession(1, 2);
          const [alice, bob] = members[0]!;
          // Both batches' first statements begin (their snapshots taken) while the session's
          // row is held; then one records the wrong answer and commits while the other waits
          // for the team's state: its first statement cannot see that answer, the statement it
          // reads once the locks are held does.
          const answered = await database.db.connection().execute(async (connection) => {
            await sql`begin`.execute(connection);
            await sql`select 1 from gaming_session where uuid = ${uuid} for update`.execute(
              connection,
            );
            const sent = Promise.all([
              answer(alice!, uuid, objective.flag, 'FLAG{guess}'),
              answer(onSecondNode(bob!), uuid, objective.flag, 'FLAG{guess}'),
            ]);
            await untilLockWaits(database.db, 2);
            await sql`rollback`.execute(connection);
            return sent;
          });
          expect(answered.map((response) => response.statusCode)).toEqual([200, 200]);
          expect(answered.map((response) => response.json().result).sort()).toEqual([
            'answer.repeated',
            'answer.wrong',
          ]);
          const ledger = await ledgerOf(teamUuids[0]!);
          expect(ledger).toEqual([{ kind: 'penalty', points: -10 }]);
          expect(await attemptsOf(teamUuids[0]!, objective.flag)).toBe(1);
          await expectLedgerConsistent(uuid, alice!);
        },
      );

      it.skipIf(testDatabaseKind() !== 'postgres')(
        'a copy whose batch waited for the first one to commit answers its result',
        async () => {
          const { uuid, members, teamUuids } = await runningSession(1);
          const [alice] = members[0]!;
          // Both copies' first statements begin (their snapshot taken) while the session's row
          // is held, then one commits first: the other sees its writes only through its locks.
          for (const value of ['nope', FLAG]) {
            const clientId = randomUUID();
            const copies = await database.db.connection().execute(async (connection) => {
              await sql`begin`.execute(connection);
              await sql`select 1 from gaming_session where uuid = ${uuid} for update`.execute(
                connection,
              );
              const sent = Promise.all([
                answerWithId(alice!, uuid, objective.flag, value, clientId),
                answerWithId(onSecondNode(alice!), uuid, objective.flag, value, clientId),
              ]);
              await untilLockWaits(database.db, 2);
              await sql`rollback`.execute(connection);
              return sent;
            });
            expect(copies.map((response) => response.statusCode)).toEqual([200, 200]);
            expect(copies[1]!.json()).toEqual(copies[0]!.json());
            expect(await submissionsWithId(teamUuids[0]!, clientId)).toHaveLength(1);
          }
          const ledger = await ledgerOf(teamUuids[0]!);
          expect(ledger).toEqual([
            { kind: 'penalty', points: -10 },
            { kind: 'solve', points: 100 },
            { kind: 'first_blood', points: 20 },
          ]);

          // Two teams racing for a first blood, each batch unaware of the other's: the one that
          // loses it learns so from its write, and its retry is answered without it too.
          const race = await runningSession(2);
          const captains = race.members.map(([captain]) => captain!);
          const ids = [randomUUID(), randomUUID()];
          const firsts = await database.db.connection().execute(async (connection) => {
            await sql`begin`.execute(connection);
            await sql`select 1 from gaming_session where uuid = ${race.uuid} for update`.execute(
              connection,
            );
            const sent = Promise.all([
              answerWithId(captains[0]!, race.uuid, objective.flag, FLAG, ids[0]!),
              answerWithId(onSecondNode(captains[1]!), race.uuid, objective.flag, FLAG, ids[1]!),
            ]);
            await untilLockWaits(database.db, 2);
            await sql`rollback`.execute(connection);
            return sent;
          });
          const results = firsts.map((response) => response.json());
          expect(results.map((result) => result.firstBlood).sort()).toEqual([false, true]);
          const retries = await Promise.all(
            captains.map((captain, index) =>
              answerWithId(captain, race.uuid, objective.flag, FLAG, ids[index]!),
            ),
          );
          expect(retries.map((response) => response.json())).toEqual(results);
          await expectLedgerConsistent(race.uuid, captains[0]!);
        },
      );

      it('one team answering through both: one solve, max attempts and repeated answers hold', async () => {
        const { uuid, members, teamUuids } = await runningSession(1, 4);
        const team = members[0]!.flatMap((player) => [player, onSecondNode(player)]);
        const wrong = await Promise.all(
          Array.from({ length: 24 }, (_, index) =>
            // Each wrong answer twice (24 stays under the brute-force limit of 30 a minute): a repeat costs nothing, on whichever node it lands.
            answer(team[index % team.length]!, uuid, objective.flag, `wrong-${index >> 1}`),
          ),
        );
        expect(wrong.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
        const counted = wrong.filter(
          (response) => response.statusCode === 200 && response.json().result === 'answer.wrong',
        );
        expect(counted).toHaveLength(3);
        const solves = await Promise.all(
          team.map((player) => answer(player, uuid, objective.free, 'FREE')),
        );
        expect(solves.filter((response) => response.statusCode === 200)).toHaveLength(1);
        const rows = await ledgerOf(teamUuids[0]!);
        expect(rows).toEqual([
          { kind: 'penalty', points: -10 },
          { kind: 'penalty', points: -10 },
          { kind: 'penalty', points: -10 },
          { kind: 'solve', points: 100 },
        ]);
        await expectLedgerConsistent(uuid, team[0]!);
      });
    });

    it('a correct answer racing a pause: accepted before it or refused, and the answer tells the truth', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { uuid, members, teamUuids } = await runningSession(1);
        const [alice] = members[0]!;
        const [submitted] = await Promise.all([
          answer(alice!, uuid, objective.free, 'FREE'),
          trainer.post(`/api/trainer/sessions/${uuid}/pause`),
        ]);
        const solves = await database.db
          .selectFrom('score_entry')
          .select('id')
          .where('team_uuid', '=', teamUuids[0]!)
          .execute();
        if (submitted.statusCode === 200) {
          expect(submitted.json().correct).toBe(true);
          expect(solves).toHaveLength(1);
        } else {
          expect(submitted.json().error.code).toBe('session.paused');
          expect(solves).toHaveLength(0);
        }
      }
    });

    it.skipIf(testDatabaseKind() !== 'postgres')(
      "answers of a session on the other lane are decided while a session's batch waits for a lock",
      async () => {
        const laneOf = (uuid: string) => Number.parseInt(uuid.slice(-4), 16) % 2;
        const held = await runningSession(1);
        let other = await runningSession(1);
        while (laneOf(other.uuid) === laneOf(held.uuid)) other = await runningSession(1);
        const settled = <T>(promise: Promise<T>) => {
          const state = { done: false };
          void promise.finally(() => (state.done = true));
          return state;
        };
        // A trainer's statement holding the session's row: the batch of its answer waits in
        // its first statement, its lane held.
        await database.db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection);
          await sql`select 1 from gaming_session where uuid = ${held.uuid} for update`.execute(
            connection,
          );
          const waiting = answer(held.members[0]![0]!, held.uuid, objective.free, 'FREE');
          const waited = settled(waiting);
          const meanwhile = await Promise.race([
            answer(other.members[0]![0]!, other.uuid, objective.free, 'FREE'),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
          ]);
          expect(meanwhile?.statusCode, 'decided meanwhile').toBe(200);
          expect(waited.done).toBe(false);
          await sql`rollback`.execute(connection);
          expect((await waiting).statusCode).toBe(200);
        });
        await expectLedgerConsistent(held.uuid, held.members[0]![0]!);
        await expectLedgerConsistent(other.uuid, other.members[0]![0]!);
      },
    );

    it.skipIf(testDatabaseKind() !== 'postgres')(
      'a batch that waited for a speedrun launch to commit scores the speedrun',
      async () => {
        const { uuid, members } = await runningSession(1);
        // A launch as the trainer's transaction makes it: the session's row held, the speedrun
        // written and counted; the answer's batch waits for the row, then reads it as it is.
        const submitted = await database.db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection);
          await sql`select 1 from gaming_session where uuid = ${uuid} for update`.execute(
            connection,
          );
          await sql`insert into speedrun
              (uuid, session_uuid, objective_uuid, title, description, launched_at,
               paused_ms_at_launch)
            values (${randomUUID()}, ${uuid}, ${objective.free}, 'Sprint', '',
              ${clock.now().toISOString()}::timestamptz - interval '30 seconds', 0)`.execute(
            connection,
          );
          await sql`update gaming_session set speedruns_launched = speedruns_launched + 1
            where uuid = ${uuid}`.execute(connection);
          const waiting = answer(members[0]![0]!, uuid, objective.free, 'FREE');
          await untilLockWaits(database.db);
          await sql`commit`.execute(connection);
          return waiting;
        });
        expect(submitted.statusCode, submitted.body).toBe(200);
        expect(submitted.json()).toMatchObject({ correct: true, points: 70 });
        const entries = await database.db
          .selectFrom('score_entry')
          .select(['kind', 'points'])
          .where('session_uuid', '=', uuid)
          .execute();
        expect(entries).toEqual([{ kind: 'speedrun', points: 70 }]);
      },
    );
  });
});
