import { randomUUID } from 'node:crypto';
import { chatThreadSchema, type ChatThread } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { buildChatSession, signIn, type SignedIn } from '../../../test/chat-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import { readEventsAfter } from '../../realtime/event-log.repository.js';
import { sessionStream, userStream } from '../../realtime/streams.js';

const MESSAGES_PER_MINUTE = 30;

describe(`chat: channels, membership, unread counts and support (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let trainer: SignedIn;
  let chat: Awaited<ReturnType<typeof buildChatSession>>;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;
  let erin: SignedIn;

  const path = (sessionUuid: string, tail: string) => `/api/session/${sessionUuid}/chat/${tail}`;
  const trainerPath = (sessionUuid: string, tail: string) =>
    `/api/trainer/sessions/${sessionUuid}/chat/${tail}`;

  const threadsOf = async (who: SignedIn, sessionUuid = chat.uuid) => {
    const url =
      who === trainer ? trainerPath(sessionUuid, 'threads') : path(sessionUuid, 'threads');
    const response = await who.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().threads as unknown[]).map((thread) => chatThreadSchema.parse(thread));
  };
  const channel = (threads: ChatThread[], name: string) =>
    threads.find((thread) => thread.channel === name)!;

  const send = (who: SignedIn, threadId: string, text: string, clientId?: string) =>
    who.post(who === trainer ? trainerPath(chat.uuid, 'messages') : path(chat.uuid, 'messages'), {
      threadId,
      text,
      ...(clientId ? { clientId } : {}),
    });

  /** Every thread of the session by name, as seen by the people who may see them. */
  let threads: Record<'admin' | 'general' | 'teamA' | 'teamB' | 'supportA' | 'supportB', string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, {
      CHAT_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE),
    });
    trainer = await signIn(app, database, 'trainer');
    chat = await buildChatSession(app, database, { trainer });
    [[alice, bob], [carol]] = chat.members as [[SignedIn, SignedIn], [SignedIn]];
    dave = chat.teamless;
    erin = await signIn(app, database);
    const [ofAlice, ofCarol] = [await threadsOf(alice), await threadsOf(carol)];
    threads = {
      admin: channel(ofAlice, 'admin').uuid,
      general: channel(ofAlice, 'general').uuid,
      teamA: channel(ofAlice, 'team').uuid,
      teamB: channel(ofCarol, 'team').uuid,
      supportA: channel(ofAlice, 'support').uuid,
      supportB: channel(ofCarol, 'support').uuid,
    };
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('who reads which threads', () => {
    it('gives each player Admin, General, and their own team’s Team and support threads', async () => {
      const ofAlice = await threadsOf(alice);
      expect(ofAlice.map((thread) => thread.channel)).toEqual([
        'admin',
        'general',
        'team',
        'support',
      ]);
      expect(ofAlice.map((thread) => thread.canPost)).toEqual([false, true, true, true]);
      expect(channel(ofAlice, 'team').team?.uuid).toBe(chat.teamUuids[0]);
      // Teammates share their threads; the other team has its own.
      expect((await threadsOf(bob)).map((thread) => thread.uuid)).toEqual(
        ofAlice.map((thread) => thread.uuid),
      );
      expect(threads.teamB).not.toBe(threads.teamA);
      expect(threads.supportB).not.toBe(threads.supportA);
    });

    it('gives a player without a team Admin and General only', async () => {
      expect((await threadsOf(dave)).map((thread) => thread.channel)).toEqual(['admin', 'general']);
    });

    it('gives trainers Admin, General and every team’s support thread, never a Team channel', async () => {
      const ofTrainer = await threadsOf(trainer);
      expect(ofTrainer.map((thread) => thread.uuid).sort()).toEqual(
        [threads.admin, threads.general, threads.supportA, threads.supportB].sort(),
      );
      expect(ofTrainer.every((thread) => thread.canPost)).toBe(true);
    });

    it('refuses the threads of a session to a player who is not in it, and of an unknown one', async () => {
      const outsider = await erin.get(path(chat.uuid, 'threads'));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error.code).toBe('session.forbidden');
      const unknown = await alice.get(path(randomUUID(), 'threads'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('session.not_found');
    });

    it('keeps the trainer routes for trainers and the player routes for players', async () => {
      expect((await alice.get(trainerPath(chat.uuid, 'threads'))).statusCode).toBe(401);
      expect((await trainer.get(path(chat.uuid, 'threads'))).statusCode).toBe(401);
    });
  });

  describe('who posts where', () => {
    type Expected = 201 | 403 | 404;
    // poster → thread → status (403 read only, 404 not theirs: not even its existence is told)
    const matrix: Record<string, Record<keyof typeof threads, Expected>> = {
      trainer: { admin: 201, general: 201, teamA: 404, teamB: 404, supportA: 201, supportB: 201 },
      alice: { admin: 403, general: 201, teamA: 201, teamB: 404, supportA: 201, supportB: 404 },
      carol: { admin: 403, general: 201, teamA: 404, teamB: 201, supportA: 404, supportB: 201 },
      dave: { admin: 403, general: 201, teamA: 404, teamB: 404, supportA: 404, supportB: 404 },
      erin: { admin: 403, general: 403, teamA: 403, teamB: 403, supportA: 403, supportB: 403 },
    };
    const cases = Object.entries(matrix).flatMap(([who, row]) =>
      Object.entries(row).map(([thread, status]) => [who, thread, status] as const),
    );
    it.each(cases)('%s posting to %s: %i', async (who, thread, status) => {
      const poster = { trainer, alice, carol, dave, erin }[who]!;
      const response = await send(poster, threads[thread as keyof typeof threads], `${who} hi`);
      expect(response.statusCode, response.body).toBe(status);
      const code = response.json().error?.code;
      if (status === 403)
        expect(code).toBe(who === 'erin' ? 'session.forbidden' : 'chat.read_only');
      if (status === 404) expect(code).toBe('chat.thread_not_found');
    });

    it('refuses a thread of another session, even to a player of both', async () => {
      const other = await buildChatSession(app, database, { trainer, teams: 1, size: 1 });
      const [mine] = other.members[0]!;
      const ofOther = await threadsOf(mine!, other.uuid);
      // A thread of session 2 sent to session 1's route, by trainers who may read both.
      const crossed = await trainer.post(trainerPath(chat.uuid, 'messages'), {
        threadId: channel(ofOther, 'general').uuid,
        text: 'wrong session',
      });
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().error.code).toBe('chat.thread_not_found');
    });
  });

  describe('a team’s messages stay in the team', () => {
    it('shows a Team message to its members, never to the other team, nor on their stream', async () => {
      const secret = `only for team A ${randomUUID()}`;
      expect((await send(alice, threads.teamA, secret)).statusCode).toBe(201);
      const texts = (threads: ChatThread[]) =>
        threads.flatMap((thread) => thread.messages.map((message) => message.text));
      expect(texts(await threadsOf(bob))).toContain(secret);
      expect(texts(await threadsOf(carol))).not.toContain(secret);
      expect(texts(await threadsOf(trainer))).not.toContain(secret);
      // On the stream: one event, to team A's audience only.
      const events = await readEventsAfter(database.db, sessionStream(chat.uuid), 0, 10_000);
      const carrying = events.filter((event) => JSON.stringify(event.payload).includes(secret));
      expect(carrying.map((event) => event.audience)).toEqual([`team:${chat.teamUuids[0]}`]);
    });

    it('sends a team’s support message to the team and to the trainers, not to other teams', async () => {
      const help = `help team A ${randomUUID()}`;
      expect((await send(bob, threads.supportA, help)).statusCode).toBe(201);
      const events = await readEventsAfter(database.db, sessionStream(chat.uuid), 0, 10_000);
      const carrying = events.filter((event) => JSON.stringify(event.payload).includes(help));
      expect(carrying.map((event) => event.audience).sort()).toEqual(
        [`team:${chat.teamUuids[0]}`, 'trainers'].sort(),
      );
      const reply = await send(trainer, threads.supportA, 'On my way');
      expect(reply.statusCode).toBe(201);
      expect(reply.json().message.author.role).toBe('trainer');
    });
  });

  describe('messages', () => {
    it('keeps HTML as text and answers messages oldest first', async () => {
      const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
      const posted = await send(carol, threads.general, html);
      expect(posted.statusCode).toBe(201);
      expect(posted.json().message.text).toBe(html);
      const general = channel(await threadsOf(carol), 'general');
      expect(general.messages.at(-1)!.text).toBe(html);
      const times = general.messages.map((message) => Date.parse(message.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('answers a retried client id with the first message, once, also when the tries race', async () => {
      const clientId = `retry-${randomUUID()}`;
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => send(bob, threads.teamA, 'sent five times', clientId)),
      );
      expect(tries.map((response) => response.statusCode).sort()).toEqual([
        200, 200, 200, 200, 201,
      ]);
      const uuids = new Set(tries.map((response) => response.json().message.uuid));
      expect(uuids.size).toBe(1);
      const stored = await database.db
        .selectFrom('chat_message')
        .select('uuid')
        .where('client_id', '=', clientId)
        .execute();
      expect(stored).toHaveLength(1);
      const events = await readEventsAfter(database.db, sessionStream(chat.uuid), 0, 10_000);
      expect(
        events.filter((event) => JSON.stringify(event.payload).includes(clientId)),
      ).toHaveLength(1);
    });

    it.each([
      ['empty', '', 'chat.message_empty'],
      ['blank', ' \n\t ', 'chat.message_empty'],
      ['2,001 characters', 'x'.repeat(2001), 'chat.message_too_long'],
      ['100 kB', 'x'.repeat(100 * 1024), 'chat.message_too_long'],
    ])('refuses a message that is %s with its own code', async (_case, text, code) => {
      const response = await send(alice, threads.general, text);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe(code);
    });

    it('accepts a message of exactly the limit', async () => {
      expect((await send(alice, threads.general, 'y'.repeat(2000))).statusCode).toBe(201);
    });

    it.each([
      ['a thread id that is not a uuid', { threadId: 'general', text: 'hi' }],
      ['no thread id', { text: 'hi' }],
      ['a text that is not a string', { threadId: randomUUID(), text: { html: '<b>' } }],
      ['a client id with odd characters', { threadId: randomUUID(), text: 'hi', clientId: '<x>' }],
      ['an unknown field', { threadId: randomUUID(), text: 'hi', html: true }],
    ])('refuses %s with 422 request.invalid', async (_case, body) => {
      const response = await alice.post(path(chat.uuid, 'messages'), body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('request.invalid');
    });
  });

  describe('unread counts and set-threads-as-read', () => {
    const unreadOf = async (who: SignedIn, thread: string) =>
      (await threadsOf(who)).find((candidate) => candidate.uuid === thread)!.unread;
    const markRead = (who: SignedIn, threadIds: string[], sessionUuid = chat.uuid) =>
      who.post(
        who === trainer
          ? trainerPath(sessionUuid, 'set-threads-as-read')
          : path(sessionUuid, 'set-threads-as-read'),
        { threadIds },
      );

    it('counts the messages of others since the last mark, on every device of the reader', async () => {
      expect((await markRead(bob, [threads.teamA])).statusCode).toBe(204);
      expect(await unreadOf(bob, threads.teamA)).toBe(0);
      await send(alice, threads.teamA, 'one');
      await send(alice, threads.teamA, 'two');
      await send(bob, threads.teamA, 'my own does not count');
      expect(await unreadOf(bob, threads.teamA)).toBe(2);

      // Bob's phone: another login of the same account.
      const account = await database.db
        .selectFrom('account')
        .select('username')
        .where('id', '=', bob.account.id)
        .executeTakeFirstOrThrow();
      const phone = Object.assign(new TestBrowser(app), { account: bob.account });
      await phone.login(account.username, TEST_PASSWORD);
      expect(await unreadOf(phone, threads.teamA)).toBe(2);
      expect((await markRead(phone, [threads.teamA])).statusCode).toBe(204);
      expect(await unreadOf(bob, threads.teamA)).toBe(0);

      await send(alice, threads.teamA, 'three');
      expect(await unreadOf(bob, threads.teamA)).toBe(1);
      // Alice's mark is hers alone.
      expect(await unreadOf(carol, threads.general)).toBeGreaterThan(0);
    });

    it('marks several threads at once, and twice is the same as once', async () => {
      await send(alice, threads.general, 'for everyone');
      const both = [threads.general, threads.teamB];
      expect((await markRead(carol, both)).statusCode).toBe(204);
      expect((await markRead(carol, both)).statusCode).toBe(204);
      expect(await unreadOf(carol, threads.general)).toBe(0);
      expect(await unreadOf(carol, threads.teamB)).toBe(0);
    });

    it('refuses to mark a thread of another team or another session, and changes nothing', async () => {
      await send(alice, threads.general, 'unread for carol');
      const other = await markRead(carol, [threads.general, threads.teamA]);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('chat.thread_not_found');
      expect(await unreadOf(carol, threads.general)).toBe(1);
      const unknown = await markRead(carol, [randomUUID()]);
      expect(unknown.statusCode).toBe(404);
      const outsider = await markRead(erin, [threads.general]);
      expect(outsider.statusCode).toBe(403);
      expect((await markRead(carol, [])).statusCode).toBe(422);
    });

    it('lets trainers mark support threads read for themselves', async () => {
      await send(carol, threads.supportB, 'anyone there?');
      const unread = async () =>
        (await threadsOf(trainer)).find((thread) => thread.uuid === threads.supportB)!.unread;
      expect(await unread()).toBeGreaterThan(0);
      expect((await markRead(trainer, [threads.supportB])).statusCode).toBe(204);
      expect(await unread()).toBe(0);
      expect((await markRead(trainer, [threads.teamB])).statusCode).toBe(404);
    });
  });

  describe('support outside a session', () => {
    it('opens a player’s thread with the trainers, and tells the player when a trainer answers', async () => {
      const mine = await erin.get('/api/support/threads');
      expect(mine.statusCode).toBe(200);
      const [thread] = mine.json().threads.map((t: unknown) => chatThreadSchema.parse(t));
      expect(thread.channel).toBe('support');
      expect(thread.sessionUuid).toBeNull();
      const asked = await erin.post('/api/support/messages', {
        text: 'I cannot find my chapter',
        clientId: 'ask-1',
      });
      expect(asked.statusCode, asked.body).toBe(201);

      const inbox = await trainer.get('/api/trainer/support/threads');
      const listed = inbox.json().threads.find((t: ChatThread) => t.uuid === thread.uuid);
      expect(listed.player.pseudo).toBe(erin.account.pseudo);
      expect(listed.unread).toBe(1);
      const answered = await trainer.post('/api/trainer/support/messages', {
        threadId: thread.uuid,
        text: 'It is in Chapters, second row',
      });
      expect(answered.statusCode).toBe(201);

      const after = chatThreadSchema.parse(
        (await erin.get('/api/support/threads')).json().threads[0],
      );
      expect(after.messages.map((message) => message.text)).toEqual([
        'I cannot find my chapter',
        'It is in Chapters, second row',
      ]);
      expect(after.unread).toBe(1);
      expect(
        (await erin.post('/api/support/set-threads-as-read', { threadIds: [thread.uuid] }))
          .statusCode,
      ).toBe(204);
      expect(
        chatThreadSchema.parse((await erin.get('/api/support/threads')).json().threads[0]).unread,
      ).toBe(0);

      const events = await readEventsAfter(database.db, userStream(erin.account.id), 0, 100);
      expect(events.map((event) => event.type)).toEqual([
        'support.message_posted',
        'support.message_posted',
        'support.replied',
      ]);
      expect(new Set(events.map((event) => event.audience))).toEqual(
        new Set([`user:${erin.account.id}`]),
      );
    });

    it('never lets a player read, write or mark another player’s support thread', async () => {
      const ofErin = chatThreadSchema.parse(
        (await erin.get('/api/support/threads')).json().threads[0],
      );
      const intruder = await alice.post('/api/support/messages', {
        threadId: ofErin.uuid,
        text: 'let me in',
      });
      expect(intruder.statusCode).toBe(404);
      expect(intruder.json().error.code).toBe('chat.thread_not_found');
      const mark = await alice.post('/api/support/set-threads-as-read', {
        threadIds: [ofErin.uuid],
      });
      expect(mark.statusCode).toBe(404);
      const ofAlice = (await alice.get('/api/support/threads')).json().threads;
      expect(ofAlice).toHaveLength(1);
      expect(ofAlice[0].uuid).not.toBe(ofErin.uuid);
      // A session thread is no support thread of the trainers' inbox either.
      const crossed = await trainer.post('/api/trainer/support/messages', {
        threadId: threads.supportA,
        text: 'wrong place',
      });
      expect(crossed.statusCode).toBe(404);
    });
  });

  describe('rate limit', () => {
    it('stops one user past the limit with 429 chat.rate_limited, and nobody else', async () => {
      const flooding = await Promise.all(
        Array.from({ length: 200 }, (_, index) => send(carol, threads.general, `flood ${index}`)),
      );
      const statuses = flooding.map((response) => response.statusCode);
      expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(
        MESSAGES_PER_MINUTE,
      );
      const limited = flooding.find((response) => response.statusCode === 429)!;
      expect(limited.json().error.code).toBe('chat.rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Others are unaffected.
      expect((await send(bob, threads.general, 'still here')).statusCode).toBe(201);
      expect((await send(trainer, threads.admin, 'calm down')).statusCode).toBe(201);
    });
  });
});
