import { randomUUID } from 'node:crypto';
import { chatThreadSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { buildChatSession, type SignedIn } from '../../../test/chat-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { openEventStream } from '../../../test/event-stream.js';

const CLIENTS = 20;
const TEAMS = 4;
const MESSAGES = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

/**
 * No message lost: 20 players (4 teams of 5) post 1,000 messages to General and their Team
 * channel while each of them keeps dropping their event stream and resuming it from the last
 * event they handled (`Last-Event-ID`), as a browser on a bad network does. Some sends are
 * retried with the same client id. In the end every player holds every message they may read
 * exactly once, in the order the server stored them, and not one message of another team.
 */
describe(`chat delivery under reconnections (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, { CHAT_MESSAGES_PER_MINUTE: '1000000' });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('delivers 1,000 messages from 20 reconnecting clients to each reader once, in order', async () => {
    const chat = await buildChatSession(app, database, { teams: TEAMS, size: CLIENTS / TEAMS });
    const clients = await Promise.all(
      chat.members.flatMap((team, teamIndex) =>
        team.map(async (player: SignedIn) => {
          const response = await player.get(`/api/session/${chat.uuid}/chat/threads`);
          const threads = (response.json().threads as unknown[]).map((t) =>
            chatThreadSchema.parse(t),
          );
          return {
            player,
            teamIndex,
            general: threads.find((thread) => thread.channel === 'general')!.uuid,
            team: threads.find((thread) => thread.channel === 'team')!.uuid,
            received: [] as string[],
            // From the start of the session's stream: messages sent before the first connection too.
            lastEventId: '0',
            connections: 0,
          };
        }),
      ),
    );
    type Client = (typeof clients)[number];
    const url = `${base}/api/sessions/${chat.uuid}/events`;
    const connect = (client: Client) =>
      openEventStream(url, {
        cookie: client.player.cookieHeader(),
        'last-event-id': client.lastEventId,
      });
    /** What a client handled on one connection: chat messages kept, every id remembered. */
    const absorb = (
      client: Client,
      messages: { id: string | undefined; event: string; data: unknown }[],
    ) => {
      for (const message of messages) {
        expect(message.event).not.toBe('stream.reset');
        if (message.event === 'chat.message_posted') {
          client.received.push(
            (message.data as { payload: { message: { uuid: string } } }).payload.message.uuid,
          );
        }
        if (message.id) client.lastEventId = message.id;
      }
    };

    let sending = true;
    const flapping = clients.map(async (client) => {
      while (sending) {
        const stream = await connect(client);
        expect(stream.response.status).toBe(200);
        client.connections += 1;
        await sleep(between(20, 250));
        await stream.close();
        absorb(client, stream.messages);
        await sleep(between(0, 60));
      }
    });

    const perClient = MESSAGES / CLIENTS;
    const sends = clients.map(async (client) => {
      for (let index = 0; index < perClient; index += 1) {
        const threadId = Math.random() < 0.5 ? client.general : client.team;
        const body = {
          threadId,
          text: `${client.player.account.pseudo} #${index}`,
          clientId: randomUUID(),
        };
        const first = await client.player.post(`/api/session/${chat.uuid}/chat/messages`, body);
        expect(first.statusCode, first.body).toBe(201);
        // A retry that "lost" the first answer: same client id, no second message.
        if (Math.random() < 0.1) {
          const retry = await client.player.post(`/api/session/${chat.uuid}/chat/messages`, body);
          expect(retry.statusCode).toBe(200);
          expect(retry.json().message.uuid).toBe(first.json().message.uuid);
        }
      }
    });
    await Promise.all(sends);
    sending = false;
    await Promise.all(flapping);

    const stored = await database.db
      .selectFrom('chat_message')
      .select(['uuid', 'thread_uuid'])
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(MESSAGES);

    // One last connection each, resumed where it stopped, until it has caught up.
    await Promise.all(
      clients.map(async (client) => {
        const expected = stored
          .filter(
            (message) =>
              message.thread_uuid === client.general || message.thread_uuid === client.team,
          )
          .map((message) => message.uuid);
        const stream = await connect(client);
        const already = client.received.length;
        await stream.waitUntil(
          () =>
            already +
              stream.messages.filter((message) => message.event === 'chat.message_posted').length >=
            expected.length,
          30_000,
        );
        await stream.close();
        absorb(client, stream.messages);
        expect(client.connections).toBeGreaterThan(1);
        // Exactly once each, in the server's order, and nothing of another team.
        expect(client.received).toEqual(expected);
      }),
    );
  }, 180_000);
});
