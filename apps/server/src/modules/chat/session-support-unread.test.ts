import { getTrainerSupportSessions } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { buildChatSession, signIn, type SignedIn } from '../../../test/chat-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';

describe(`teams' support questions waiting across sessions (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: SignedIn;
  let other: SignedIn;

  const supportThreadOf = async (player: SignedIn, sessionUuid: string) => {
    const response = await player.get(`/api/session/${sessionUuid}/chat/threads`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().threads as { uuid: string; channel: string }[]).find(
      (thread) => thread.channel === 'support',
    )!.uuid;
  };
  const ask = async (player: SignedIn, sessionUuid: string, text: string) => {
    const response = await player.post(`/api/session/${sessionUuid}/chat/messages`, {
      threadId: await supportThreadOf(player, sessionUuid),
      text,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const waiting = async (who: SignedIn) => {
    const response = await who.get(getTrainerSupportSessions.path);
    expect(response.statusCode, response.body).toBe(200);
    return getTrainerSupportSessions.responses[200].parse(response.json()).sessions;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    trainer = await signIn(app, database, 'trainer');
    other = await signIn(app, database, 'trainer');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('counts each session’s unread team questions for each trainer, until they read them', async () => {
    const first = await buildChatSession(app, database, { trainer });
    const second = await buildChatSession(app, database, { trainer });
    const [[alice], [carol]] = first.members as [[SignedIn], [SignedIn]];
    const [[erin]] = second.members as [[SignedIn]];
    await ask(alice, first.uuid, 'The VPN drops');
    await ask(alice, first.uuid, 'Still down');
    await ask(carol, first.uuid, 'Is the flag case-sensitive?');
    await ask(erin, second.uuid, 'Where is the pcap?');

    const counted = new Map((await waiting(trainer)).map((row) => [row.sessionUuid, row.unread]));
    expect(counted.get(first.uuid)).toBe(3);
    expect(counted.get(second.uuid)).toBe(1);

    // Reading a team's thread takes its messages off this trainer's count, not another's.
    const read = await trainer.post(
      `/api/trainer/sessions/${first.uuid}/chat/set-threads-as-read`,
      {
        threadIds: [await supportThreadOf(alice, first.uuid)],
      },
    );
    expect(read.statusCode, read.body).toBe(204);
    const after = new Map((await waiting(trainer)).map((row) => [row.sessionUuid, row.unread]));
    expect(after.get(first.uuid)).toBe(1);
    const forOther = new Map((await waiting(other)).map((row) => [row.sessionUuid, row.unread]));
    expect(forOther.get(first.uuid)).toBe(3);

    // A trainer's own answer is no question waiting.
    const answer = await trainer.post(`/api/trainer/sessions/${second.uuid}/chat/messages`, {
      threadId: await supportThreadOf(erin, second.uuid),
      text: 'In the briefing',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await waiting(trainer)).find((row) => row.sessionUuid === second.uuid)?.unread).toBe(1);
  });

  it('is the trainers’ only: a player is refused', async () => {
    const player = await signIn(app, database);
    const response = await player.get(getTrainerSupportSessions.path);
    expect([401, 403]).toContain(response.statusCode);
  });
});
