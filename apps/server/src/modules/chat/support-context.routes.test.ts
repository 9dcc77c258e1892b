import { chatMessageSchema, supportContextSchema, type SupportContext } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { buildChatSession, signIn, type SignedIn } from '../../../test/chat-factories.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { createTeamOk, createTrainerSession } from '../../../test/session-factories.js';

const clock = testClock();

/**
 * A team asks for help from an objective's window: its support question names the objective,
 * checked on the server, and the trainers read the team's path on it beside the thread.
 */
describe(`support questions about an objective (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let session: string;
  let teams: string[];
  /** first: open; second: locked behind the first; third: of another session's mission. */
  let objectives: { first: string; second: string; foreign: string };
  /** The first objective's two hints, costing 20 and 30. */
  let hints: string[];
  let supportA: string;
  let supportB: string;
  let generalThread: string;

  const playerPath = (tail: string) => `/api/session/${session}/chat/${tail}`;
  const contextPath = (thread: string, sessionUuid = session) =>
    `/api/trainer/sessions/${sessionUuid}/chat/threads/${thread}/context`;
  const ask = (who: SignedIn, threadId: string, objectiveUuid: string, text = 'Help please') =>
    who.post(playerPath('messages'), { threadId, text, objectiveUuid });
  const answer = async (who: SignedIn, objective: string, text: string) => {
    const response = await who.post(`/api/sessions/${session}/objectives/${objective}/answers`, {
      answer: text,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { correct: boolean };
  };
  const contextOf = async (thread: string): Promise<SupportContext | null> => {
    const response = await trainer.get(contextPath(thread));
    expect(response.statusCode, response.body).toBe(200);
    const { context } = response.json() as { context: unknown };
    return context === null ? null : supportContextSchema.parse(context);
  };
  const threadOf = async (who: SignedIn, channel: string) => {
    const response = await who.get(playerPath('threads'));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().threads as { uuid: string; channel: string }[]).find(
      (thread) => thread.channel === channel,
    )!.uuid;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {}, undefined, undefined, clock);
    trainer = await signIn(app, database, 'trainer');
    const first = crypto.randomUUID();
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            {
              uuid: first,
              title: { en: 'Find the banner', fr: 'Trouver la bannière' },
              points: 100,
              maxAttempts: 5,
              flag: { accepted: ['RIGHT-1'] },
              hints: [
                { text: { en: 'Look at the banner', fr: 'Regardez la bannière' }, cost: 20 },
                { text: { en: 'Read the headers', fr: 'Lisez les en-têtes' }, cost: 30 },
              ],
            },
            { points: 50, locked: true, prerequisites: [first], flag: { accepted: ['RIGHT-2'] } },
          ],
        },
      ],
    });
    const foreign = await buildChapter(database.db);
    objectives = {
      first,
      second: chapter.missions[0]!.objectives[1]!.uuid,
      foreign: foreign.missions[0]!.objectives[0]!.uuid,
    };
    hints = chapter.missions[0]!.objectives[0]!.hints.map((hint) => hint.uuid);
    session = (
      await createTrainerSession(trainer, {
        missionUuid: chapter.missions[0]!.uuid,
        maxTeams: 2,
        playersPerTeam: 2,
      })
    ).uuid;
    [alice, bob, carol] = [
      await signIn(app, database),
      await signIn(app, database),
      await signIn(app, database),
    ];
    const teamA = await createTeamOk(alice, session, 'Team A');
    const joined = await bob.post(`/api/sessions/${session}/teams/join`, { token: teamA.token });
    expect(joined.statusCode, joined.body).toBe(200);
    const teamB = await createTeamOk(carol, session, 'Team B');
    teams = [teamA.uuid, teamB.uuid];
    supportA = await threadOf(alice, 'support');
    supportB = await threadOf(carol, 'support');
    generalThread = await threadOf(alice, 'general');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('before the game begins', () => {
    it('refuses to name an objective the teams cannot read yet', async () => {
      const early = await ask(alice, supportA, objectives.first);
      expect(early.statusCode, early.body).toBe(404);
      expect(early.json().error.code).toBe('objective.not_found');
    });
  });

  describe('during the game', () => {
    beforeAll(async () => {
      const started = await trainer.post(`/api/trainer/sessions/${session}/start`, {
        force: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      clock.advance(11_000);
    });

    it('has no context while no question names an objective', async () => {
      expect(
        (await alice.post(playerPath('messages'), { threadId: supportA, text: 'hi' })).statusCode,
      ).toBe(201);
      expect(await contextOf(supportA)).toBeNull();
    });

    it('records the objective of a question and shows the trainers the team’s wrong answers', async () => {
      expect((await answer(alice, objectives.first, 'wrong-one')).correct).toBe(false);
      expect((await answer(bob, objectives.first, 'wrong-two')).correct).toBe(false);
      const asked = await ask(alice, supportA, objectives.first, 'We are stuck');
      expect(asked.statusCode, asked.body).toBe(201);
      expect(chatMessageSchema.parse(asked.json().message).objectiveUuid).toBe(objectives.first);

      const context = (await contextOf(supportA))!;
      expect(context.team).toEqual({ uuid: teams[0], name: 'Team A' });
      expect(context.objective).toMatchObject({
        uuid: objectives.first,
        title: { en: 'Find the banner', fr: 'Trouver la bannière' },
        points: 100,
        locked: false,
      });
      expect(context).toMatchObject({
        state: 'open',
        attempts: 2,
        maxAttempts: 5,
        attemptsLeft: 3,
      });
      expect(context.wrongAnswers.map((row) => [row.pseudo, row.answer])).toEqual([
        [alice.account.pseudo, 'wrong-one'],
        [bob.account.pseudo, 'wrong-two'],
      ]);
      expect(context.firstAttemptAt).not.toBeNull();
      expect(Date.parse(context.firstAttemptAt!)).toBeLessThanOrEqual(
        Date.parse(context.wrongAnswers[1]!.createdAt),
      );
      expect(context.askedAt).toBe(asked.json().message.created_at);
      // Every hint of the objective, none of them the team's yet: the trainer may read them all.
      expect(context.hints).toEqual([
        {
          uuid: hints[0],
          position: 1,
          cost: 20,
          text: { en: 'Look at the banner', fr: 'Regardez la bannière' },
          unlock: null,
        },
        {
          uuid: hints[1],
          position: 2,
          cost: 30,
          text: { en: 'Read the headers', fr: 'Lisez les en-têtes' },
          unlock: null,
        },
      ]);
    });

    it('lists the hints the team bought with their price, and a trainer’s gift as free', async () => {
      const bought = await bob.post(
        `/api/sessions/${session}/objectives/${objectives.first}/hints/${hints[0]}/unlock`,
      );
      expect(bought.statusCode, bought.body).toBe(200);
      expect(bought.json().charged).toBe(20);
      let context = (await contextOf(supportA))!;
      expect(context.hints.map((hint) => hint.unlock)).toEqual([
        { charged: 20, free: false, by: bob.account.pseudo, at: expect.any(String) },
        null,
      ]);

      const given = await trainer.post(
        `/api/trainer/sessions/${session}/teams/${teams[0]}/hints/${hints[1]}/unlock`,
      );
      expect(given.statusCode, given.body).toBe(200);
      context = (await contextOf(supportA))!;
      expect(context.hints[1]!.unlock).toEqual({
        charged: 0,
        free: true,
        by: trainer.account.pseudo,
        at: expect.any(String),
      });
      // Team B's thread knows nothing of team A's hints.
      expect((await ask(carol, supportB, objectives.first)).statusCode).toBe(201);
      const ofB = (await contextOf(supportB))!;
      expect(ofB.hints.map((hint) => hint.unlock)).toEqual([null, null]);
    });

    it('follows the team’s later answers', async () => {
      await answer(bob, objectives.first, 'wrong-three');
      const context = (await contextOf(supportA))!;
      expect(context.wrongAnswers.map((row) => row.answer)).toEqual([
        'wrong-one',
        'wrong-two',
        'wrong-three',
      ]);
      expect(context.attemptsLeft).toBe(2);
    });

    it('shows its teammates which objective was asked about', async () => {
      const threads = (await bob.get(playerPath('threads'))).json().threads as {
        uuid: string;
        messages: { text: string; objectiveUuid?: string | null }[];
      }[];
      const support = threads.find((thread) => thread.uuid === supportA)!;
      expect(support.messages.at(-1)).toMatchObject({
        text: 'We are stuck',
        objectiveUuid: objectives.first,
      });
    });

    it('refuses another session’s objective and an unknown one, recording nothing', async () => {
      for (const objective of [objectives.foreign, crypto.randomUUID()]) {
        const response = await ask(alice, supportA, objective, `about ${objective}`);
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.code).toBe('objective.not_found');
      }
      const stored = await database.db
        .selectFrom('chat_message')
        .select('text')
        .where('text', 'like', 'about %')
        .execute();
      expect(stored).toEqual([]);
    });

    it('refuses an objective anywhere but the team’s support thread', async () => {
      const general = await ask(alice, generalThread, objectives.first);
      expect(general.statusCode, general.body).toBe(422);
      expect(general.json().error.code).toBe('chat.objective_not_allowed');
      // Another team's support thread stays not found, objective or not.
      const crossed = await ask(alice, supportB, objectives.first);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().error.code).toBe('chat.thread_not_found');
      // Trainers answer; they do not ask.
      const fromTrainer = await trainer.post(`/api/trainer/sessions/${session}/chat/messages`, {
        threadId: supportA,
        text: 'about',
        objectiveUuid: objectives.first,
      });
      expect(fromTrainer.statusCode).toBe(422);
    });

    it('tells a locked objective from an open one, and follows the trainer’s unlock for everyone', async () => {
      expect((await answer(alice, objectives.first, 'RIGHT-1')).correct).toBe(true);
      // Team A solved the prerequisite: the second is open to it, still locked to team B.
      expect((await ask(alice, supportA, objectives.second)).statusCode).toBe(201);
      expect((await ask(carol, supportB, objectives.second)).statusCode).toBe(201);
      const [ofA, ofB] = [(await contextOf(supportA))!, (await contextOf(supportB))!];
      expect(ofA).toMatchObject({ state: 'open', attempts: 0, wrongAnswers: [] });
      expect(ofA.firstAttemptAt).toBeNull();
      expect(ofA.objective).toMatchObject({
        uuid: objectives.second,
        locked: true,
        unlocked: false,
      });
      expect(ofB.state).toBe('locked');

      const unlocked = await trainer.post(
        `/api/trainer/sessions/${session}/objectives/${objectives.second}/unlock`,
      );
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      const after = (await contextOf(supportB))!;
      expect(after.state).toBe('open');
      expect(after.objective.unlocked).toBe(true);
      const audit = await trainer.get(`/api/trainer/sessions/${session}/audit`);
      expect(
        (audit.json().entries as { action: string; targetUuid: string }[]).filter(
          (entry) => entry.action === 'objective.unlocked',
        ),
      ).toEqual([expect.objectContaining({ targetUuid: objectives.second })]);
    });

    it('shows a solved objective as solved', async () => {
      expect((await ask(alice, supportA, objectives.first)).statusCode).toBe(201);
      const context = (await contextOf(supportA))!;
      expect(context.state).toBe('solved');
      expect(context.solvedAt).not.toBeNull();
    });
  });

  describe('who reads a context', () => {
    it('answers a player with the trainers’ refusal, whatever the thread', async () => {
      for (const who of [alice, carol]) {
        const response = await who.get(contextPath(supportA));
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain('wrong-one');
      }
    });

    it('answers a thread through another session, or a thread that is no team’s support, as not found', async () => {
      const other = await buildChatSession(app, database, { trainer, teams: 1, size: 1 });
      for (const path of [
        contextPath(supportA, other.uuid),
        contextPath(generalThread),
        contextPath(crypto.randomUUID()),
      ]) {
        const response = await trainer.get(path);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().error.code).toBe('chat.thread_not_found');
      }
    });
  });

  describe('support outside a game', () => {
    it('stays as it was: no objective, no context, and an objective is refused', async () => {
      const erin = await signIn(app, database);
      const asked = await erin.post('/api/support/messages', { text: 'Where is my chapter?' });
      expect(asked.statusCode, asked.body).toBe(201);
      expect(Object.keys(asked.json().message).sort()).toEqual(
        ['author', 'clientId', 'created_at', 'text', 'threadUuid', 'uuid'].sort(),
      );
      const withObjective = await erin.post('/api/support/messages', {
        text: 'About this',
        objectiveUuid: objectives.first,
      });
      expect(withObjective.statusCode).toBe(422);
      const thread = asked.json().message.threadUuid as string;
      const context = await trainer.get(contextPath(thread));
      expect(context.statusCode).toBe(404);
      const inbox = await trainer.get('/api/trainer/support/threads');
      const listed = (
        inbox.json().threads as { uuid: string; messages: Record<string, unknown>[] }[]
      ).find((row) => row.uuid === thread)!;
      expect(listed.messages.map((message) => 'objectiveUuid' in message)).toEqual([false]);
    });
  });
});
