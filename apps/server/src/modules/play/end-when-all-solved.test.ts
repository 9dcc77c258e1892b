import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream } from '../../realtime/streams.js';

const FLAG = 'RAMPART{all-solved}';

describe(`a session that ends when every team solved everything (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  /** Two nodes on one database: the last two solves may land on either. */
  let nodes: FastifyInstance[];
  let trainer: TestBrowser;
  let mission: { uuid: string; objectives: { uuid: string }[] };
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    nodes = [
      await createTestApp(database, {}, undefined, undefined, clock),
      await createTestApp(database, {}, undefined, undefined, clock),
    ];
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(nodes[0]!);
    await trainer.login(account.username, account.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        {
          objectives: [
            { type: 'flag', points: 10, flag: { accepted: [FLAG] } },
            { type: 'flag', points: 20, flag: { accepted: [FLAG] } },
          ],
        },
      ],
    });
    mission = chapter.missions[0]!;
  });

  afterAll(async () => {
    for (const node of nodes ?? []) await node.close();
    await database?.close();
  });

  /** Teams of one player each, the n-th player on node n % 2, started past the countdown. */
  const play = async (teams: number, endWhenAllSolved?: boolean) => {
    let signedIn = 0;
    const session = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      clock,
      teams,
      settings: endWhenAllSolved === undefined ? {} : { endWhenAllSolved },
      signIn: async () => {
        const account = await buildAccount(database.db);
        const browser = new TestBrowser(nodes[signedIn++ % nodes.length]!);
        await browser.login(account.username, account.password);
        return browser;
      },
    });
    clock.advance(1_000); // a second into play
    const answer = (team: number, objective: number) =>
      session.members[team]![0]!.post(
        `/api/sessions/${session.uuid}/objectives/${mission.objectives[objective]!.uuid}/answers`,
        { answer: FLAG },
      );
    const status = async () =>
      (await trainer.get(`/api/trainer/sessions/${session.uuid}`)).json().session as {
        status: string;
        endWhenAllSolved: boolean;
        allSolvedAt: string | null;
      };
    const endings = async () =>
      (await readEventsAfter(database.db, sessionStream(session.uuid), 0, 1000)).filter(
        (event) =>
          event.type === 'session.status_changed' &&
          (event.payload as { allSolved?: boolean }).allSolved === true,
      );
    return { ...session, answer, status, endings };
  };

  it('ends the game once, at the last solve, when the last two solves race', async () => {
    for (let round = 0; round < 4; round += 1) {
      const game = await play(3, true);
      expect((await game.status()).endWhenAllSolved).toBe(true);
      // The third team is out: the game waits for the two still playing only.
      const out = await trainer.post(
        `/api/trainer/sessions/${game.uuid}/teams/${game.teamUuids[2]}/eliminate`,
        { reason: 'Left the room' },
      );
      expect(out.statusCode, out.body).toBe(200);
      for (const team of [0, 1]) expect((await game.answer(team, 0)).statusCode).toBe(200);
      expect((await game.status()).status).toBe('running');

      const last = await Promise.all([game.answer(0, 1), game.answer(1, 1)]);
      expect(last.map((response) => [response.statusCode, response.json().correct])).toEqual([
        [200, true],
        [200, true],
      ]);
      const ended = await game.status();
      expect(ended.status).toBe('finished');
      expect(ended.allSolvedAt).not.toBeNull();
      const endings = await game.endings();
      expect(endings).toHaveLength(1);
      expect(endings[0]!.payload).toMatchObject({ status: 'finished', remainingMs: 0 });
      // Over: no answer is taken any more.
      expect((await game.answer(2, 0)).statusCode).toBe(409);
    }
  });

  it('plays on to the end of its time when the setting is off, as by default', async () => {
    const game = await play(1);
    expect((await game.status()).endWhenAllSolved).toBe(false);
    for (const objective of [0, 1]) expect((await game.answer(0, objective)).statusCode).toBe(200);
    expect((await game.status()).status).toBe('running');
    expect(await game.endings()).toEqual([]);
  });
});
