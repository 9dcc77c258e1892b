import { getSession } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { buildChapter, type BuiltChapter } from '../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.js';
import { buildAccount } from '../../test/factories.js';
import { createTeamOk, createTrainerSession } from '../../test/session-factories.js';

/** Long enough for a busy machine: a flush waits 200 ms, a sweep runs every second. */
const eventually = { timeout: 5_000, interval: 100 };

/** Short periods, so that renewal and expiry happen within a test. */
const presenceEnvironment = {
  PRESENCE_RENEW_SECONDS: '1',
  PRESENCE_TTL_SECONDS: '3',
  // The periodic log check is how a node hears of another node's events without NOTIFY (PGlite).
  SSE_HEARTBEAT_SECONDS: '1',
};

describe(`who has a session open (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  /** Two nodes on one database, as in a cluster: A serves most requests, B the second streams. */
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  const bases: Record<'A' | 'B', string> = { A: '', B: '' };
  let trainer: TestBrowser;
  let chapter: BuiltChapter;
  const streams: EventStreamClient[] = [];

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(nodeA);
    await browser.login(account.username, account.password);
    return Object.assign(browser, { account });
  };

  const openStream = async (player: TestBrowser, sessionUuid: string, node: 'A' | 'B' = 'A') => {
    const stream = await openEventStream(`${bases[node]}/api/sessions/${sessionUuid}/events`, {
      cookie: player.cookieHeader(),
    });
    expect(stream.response.status).toBe(200);
    streams.push(stream);
    return stream;
  };

  const onlineIn = async (viewer: TestBrowser, sessionUuid: string) => {
    const response = await viewer.get(`/api/sessions/${sessionUuid}`);
    const { session } = getSession.responses[200].parse(response.json());
    return Object.fromEntries(
      session.teams.flatMap((team) => team.members.map((member) => [member.pseudo, member.online])),
    );
  };

  const presenceEvents = (stream: EventStreamClient) =>
    stream.messages.filter((message) => message.event === 'team.presence_changed');

  /** Alice and bob in Red, carol in Blue, in a running game. */
  const gameWithTwoTeams = async () => {
    const session = await createTrainerSession(trainer, { missionUuid: chapter.missions[0]!.uuid });
    const [alice, bob, carol] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const red = await createTeamOk(alice, session.uuid, 'Red');
    await bob.post(`/api/sessions/${session.uuid}/teams/join`, { token: red.token });
    const blue = await createTeamOk(carol, session.uuid, 'Blue');
    return { session, alice, bob, carol, red, blue };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    nodeA = await createTestApp(database, presenceEnvironment);
    nodeB = await createTestApp(database, presenceEnvironment);
    bases.A = await nodeA.listen({ host: '127.0.0.1', port: 0 });
    bases.B = await nodeB.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(nodeA);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    chapter = await buildChapter(database.db, { visibility: 'open' });
  });

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });

  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
    await database.close();
  });

  it('shows a player online while their stream is open, and tells their team only', async () => {
    const { session, alice, bob, carol } = await gameWithTwoTeams();
    const aliceName = alice.account.pseudo;
    const bobName = bob.account.pseudo;
    expect(await onlineIn(alice, session.uuid)).toEqual({
      [aliceName]: false,
      [bobName]: false,
      [carol.account.pseudo]: false,
    });

    const bobStream = await openStream(bob, session.uuid);
    const carolStream = await openStream(carol, session.uuid);
    await vi.waitFor(
      async () => expect((await onlineIn(carol, session.uuid))[bobName]).toBe(true),
      eventually,
    );
    // Red told of bob: the periodic renewal can write his row before that flush, and alice's
    // arrival would then share it.
    await bobStream.waitUntil(() => presenceEvents(bobStream).length >= 1);

    const aliceStream = await openStream(alice, session.uuid);
    await bobStream.waitUntil(() => presenceEvents(bobStream).length >= 2);
    await vi.waitFor(
      async () =>
        expect(await onlineIn(bob, session.uuid)).toMatchObject({
          [aliceName]: true,
          [bobName]: true,
        }),
      eventually,
    );

    await aliceStream.close();
    await bobStream.waitUntil(() => presenceEvents(bobStream).length >= 3);
    expect((await onlineIn(bob, session.uuid))[aliceName]).toBe(false);

    // Red's comings and goings are Red's business: Blue's stream heard only of its own player.
    expect(presenceEvents(carolStream).map((message) => message.data)).toEqual([
      expect.objectContaining({ audience: expect.stringMatching(/^team:/) }),
    ]);
    expect(JSON.stringify(carolStream.messages)).not.toContain(aliceName);
  });

  it('keeps renewing an open stream past the time a presence lasts', async () => {
    const { session, alice, bob } = await gameWithTwoTeams();
    await openStream(alice, session.uuid);
    await vi.waitFor(
      async () => expect((await onlineIn(bob, session.uuid))[alice.account.pseudo]).toBe(true),
      eventually,
    );
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect((await onlineIn(bob, session.uuid))[alice.account.pseudo]).toBe(true);
  }, 15_000);

  it('keeps a player online while another node holds a stream of theirs, offline when the last closes', async () => {
    const { session, alice, bob } = await gameWithTwoTeams();
    const aliceName = alice.account.pseudo;
    const onA = await openStream(alice, session.uuid, 'A');
    const onB = await openStream(alice, session.uuid, 'B');
    await vi.waitFor(async () => {
      const rows = await database.db
        .selectFrom('gaming_session_presence')
        .select('node_id')
        .where('session_uuid', '=', session.uuid)
        .execute();
      expect(new Set(rows.map((row) => row.node_id)).size).toBe(2);
    }, eventually);
    expect((await onlineIn(bob, session.uuid))[aliceName]).toBe(true);

    await onA.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await onlineIn(bob, session.uuid))[aliceName]).toBe(true);

    const bobStream = await openStream(bob, session.uuid, 'A');
    await onB.close();
    await vi.waitFor(
      async () => expect((await onlineIn(bob, session.uuid))[aliceName]).toBe(false),
      eventually,
    );
    // Node B wrote the event; node A's client heard it from the shared log.
    await bobStream.waitUntil(() => presenceEvents(bobStream).length >= 1);
  });

  it('turns offline the players of a node that stopped, and tells their team', async () => {
    const { session, alice, bob, red } = await gameWithTwoTeams();
    // A node that died without a word: its row is renewed no more.
    await database.db
      .insertInto('gaming_session_presence')
      .values({
        session_uuid: session.uuid,
        account_id: alice.account.id,
        node_id: 'a node that died',
        seen_at: sql<Date>`clock_timestamp()`,
        expires_at: sql<Date>`clock_timestamp() + interval '1 second'`,
      })
      .execute();
    expect((await onlineIn(bob, session.uuid))[alice.account.pseudo]).toBe(true);

    const bobStream = await openStream(bob, session.uuid);
    await vi.waitFor(
      async () => expect((await onlineIn(bob, session.uuid))[alice.account.pseudo]).toBe(false),
      eventually,
    );
    // Swept by a live node, which tells Red (after Red heard of bob's own arrival).
    await vi.waitFor(async () => {
      const left = await database.db
        .selectFrom('gaming_session_presence')
        .select('node_id')
        .where('account_id', '=', alice.account.id)
        .execute();
      expect(left).toEqual([]);
    }, eventually);
    await bobStream.waitUntil(() => presenceEvents(bobStream).length >= 2);
    expect(
      presenceEvents(bobStream).map(
        (message) => (message.data as { payload: { teamUuid: string } }).payload.teamUuid,
      ),
    ).toEqual([red.uuid, red.uuid]);
  }, 15_000);

  it('counts no trainer among the players', async () => {
    const { session } = await gameWithTwoTeams();
    const stream = await openEventStream(`${bases.A}/api/trainer/sessions/${session.uuid}/events`, {
      cookie: trainer.cookieHeader(),
    });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const rows = await database.db
      .selectFrom('gaming_session_presence')
      .select('account_id')
      .where('session_uuid', '=', session.uuid)
      .execute();
    expect(rows).toEqual([]);
  });
});
