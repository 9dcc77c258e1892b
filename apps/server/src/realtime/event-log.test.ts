import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { openPostgres } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createLocalEventBus, type EventBus } from './event-bus.js';
import { PAGE_INTERVAL_MS, createEventHub, type EventHub, type EventSink } from './event-hub.js';
import {
  appendEvent,
  appendEvents,
  appending,
  findStreamHeads,
  readEventsAfter,
  type EventToAppend,
} from './event-log.repository.js';
import { createEventWriter } from './event-writer.js';
import { sessionStream, type StreamKey } from './streams.js';

let database: TestDatabase;
const onPostgres = process.env.RAMPART_TEST_DATABASE === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const joined = (stream: StreamKey, pseudo: string): EventToAppend => ({
  stream,
  audience: 'session',
  type: 'team.member_joined',
  payload: { teamUuid: randomUUID(), pseudo },
});

/** A client of the hub that records the ids it receives, what left in each write, and its bytes. */
const memorySink = () => {
  const ids: number[] = [];
  const sends: number[][] = [];
  const writes: Buffer[] = [];
  let text = '';
  const receive = (bytes: Buffer) => {
    text += bytes.toString();
    const arrived: number[] = [];
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const id = /^id: (\d+)$/m.exec(text.slice(0, end));
      if (id) arrived.push(Number(id[1]));
      text = text.slice(end + 2);
    }
    return arrived;
  };
  const sink: EventSink = {
    write: (bytes) => {
      writes.push(bytes);
      const arrived = receive(bytes);
      ids.push(...arrived);
      if (arrived.length > 0) sends.push(arrived);
    },
    bufferedBytes: () => 0,
    drained: async () => true,
    end: () => {},
  };
  return { sink, ids, sends, writes };
};

/** A hub on the test database, heartbeats out of the way unless a test asks for them. */
const hubOn = (bus: EventBus, heartbeatMs = 60_000) =>
  createEventHub({
    db: database.db,
    bus,
    logger: { warn: () => {} },
    heartbeatMs,
    maxStreamsPerOwner: 10,
  });

/** Subscribes a client of the session audience to a stream from its start. */
const follow = (hub: EventHub, stream: string, client: ReturnType<typeof memorySink>) =>
  hub.subscribe({
    stream,
    audiences: new Set(['session']),
    owner: 'test',
    lastEventId: null,
    sink: client.sink,
  });

/** A reader that pages the log by "after my cursor", as the hub does, recording what it saw. */
const startPollingReader = (stream: string, until: number) => {
  const seen: number[] = [];
  let cursor = 0;
  const done = (async () => {
    const deadline = Date.now() + 15_000;
    while (seen.length < until && Date.now() < deadline) {
      for (const event of await readEventsAfter(database.db, stream, cursor, 100)) {
        seen.push(event.sequence);
        cursor = event.sequence;
      }
      await sleep(5);
    }
  })();
  return { seen, done };
};

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the event log', () => {
  it('numbers each stream on its own, from 1, without gaps', async () => {
    const a = sessionStream(randomUUID());
    const b = sessionStream(randomUUID());
    const sequences = [];
    for (const stream of [a, a, b, a, b]) {
      sequences.push(
        await database.db
          .transaction()
          .execute((trx) => appendEvent(trx, joined(stream, 'x')).then((e) => e.sequence)),
      );
    }
    expect(sequences).toEqual([1, 2, 1, 3, 2]);
    const logged = await readEventsAfter(database.db, a, 0, 10);
    expect(logged.map((event) => [event.sequence, event.type, event.audience])).toEqual([
      [1, 'team.member_joined', 'session'],
      [2, 'team.member_joined', 'session'],
      [3, 'team.member_joined', 'session'],
    ]);
    expect(logged[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a payload that does not match its type, and the transaction rolls back', async () => {
    const stream = sessionStream(randomUUID());
    await expect(
      database.db.transaction().execute((trx) =>
        appendEvent(trx, {
          ...(joined(stream, 'x') as EventToAppend & { type: 'team.member_joined' }),
          payload: { teamUuid: 'not-a-uuid', pseudo: 'x' },
        }),
      ),
    ).rejects.toThrow();
    expect(await readEventsAfter(database.db, stream, 0, 10)).toEqual([]);
  });

  it('writes no event for a change that rolled back, and reuses its number', async () => {
    const stream = sessionStream(randomUUID());
    await expect(
      database.db.transaction().execute(async (trx) => {
        await appendEvent(trx, joined(stream, 'rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const next = await database.db
      .transaction()
      .execute((trx) => appendEvent(trx, joined(stream, 'kept')));
    expect(next.sequence).toBe(1);
    const logged = await readEventsAfter(database.db, stream, 0, 10);
    expect(logged.map((event) => (event.payload as { pseudo: string }).pseudo)).toEqual(['kept']);
  });
});

describe('appending several events at once', () => {
  it('numbers them in the order given, each stream on from its last number', async () => {
    const a = sessionStream(randomUUID());
    const b = sessionStream(randomUUID());
    await database.db.transaction().execute((trx) => appendEvent(trx, joined(a, 'before')));
    const appended = await database.db
      .transaction()
      .execute((trx) =>
        appendEvents(trx, [joined(a, 'a1'), joined(b, 'b1'), joined(a, 'a2'), joined(b, 'b2')]),
      );
    expect(appended).toEqual([
      { stream: a, sequence: 2 },
      { stream: b, sequence: 1 },
      { stream: a, sequence: 3 },
      { stream: b, sequence: 2 },
    ]);
    const pseudos = async (stream: string) =>
      (await readEventsAfter(database.db, stream, 0, 10)).map(
        (event) => `${event.sequence}:${(event.payload as { pseudo: string }).pseudo}`,
      );
    expect(await pseudos(a)).toEqual(['1:before', '2:a1', '3:a2']);
    expect(await pseudos(b)).toEqual(['1:b1', '2:b2']);
  });

  it('leaves no gap and no duplicate when batches and single appends race on one stream', async () => {
    const stream = sessionStream(randomUUID());
    const writes = Array.from({ length: 40 }, (_, index) =>
      database.db
        .transaction()
        .execute((trx) =>
          index % 2 === 0
            ? appendEvents(trx, [joined(stream, `${index}a`), joined(stream, `${index}b`)])
            : appendEvent(trx, joined(stream, `${index}`)).then((event) => [event]),
        ),
    );
    const numbers = (await Promise.all(writes)).flat().map((event) => event.sequence);
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const logged = await readEventsAfter(database.db, stream, 0, 100);
    expect(logged.map((event) => event.sequence)).toEqual(numbers);
    // The two events of a batch are consecutive, in the order given.
    const position = new Map(
      logged.map((event) => [(event.payload as { pseudo: string }).pseudo, event.sequence]),
    );
    for (let index = 0; index < 40; index += 2)
      expect(position.get(`${index}b`)).toBe(position.get(`${index}a`)! + 1);
  });

  it('refuses the whole batch when one payload does not match its type', async () => {
    const stream = sessionStream(randomUUID());
    await expect(
      database.db.transaction().execute((trx) =>
        appendEvents(trx, [
          joined(stream, 'fine'),
          {
            ...(joined(stream, 'x') as EventToAppend & { type: 'team.member_joined' }),
            payload: { teamUuid: 'not-a-uuid', pseudo: 'x' },
          },
        ]),
      ),
    ).rejects.toThrow();
    expect(await readEventsAfter(database.db, stream, 0, 10)).toEqual([]);
  });
});

describe("a transaction's last append, not awaited", () => {
  /** A writer whose announcements are recorded. */
  const recordingWriter = () => {
    const announced: [string, number][] = [];
    const bus = {
      announce: (heads: Iterable<readonly [string, number]>) => {
        for (const [stream, sequence] of heads) announced.push([stream, sequence]);
      },
    } as unknown as EventBus;
    return { writer: createEventWriter({ db: database.db, bus }), announced };
  };
  const pseudos = async (stream: string) =>
    (await readEventsAfter(database.db, stream, 0, 10)).map(
      (event) => (event.payload as { pseudo: string }).pseudo,
    );

  it('commits with the transaction, and is announced once committed', async () => {
    const stream = sessionStream(randomUUID());
    const { writer, announced } = recordingWriter();
    const result = await writer.pipelinedTransaction(async ({ appendAll, appendLast }) => {
      await appendAll([joined(stream, 'first')]);
      appendLast([joined(stream, 'second'), joined(stream, 'third')]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await pseudos(stream)).toEqual(['first', 'second', 'third']);
    expect(announced).toEqual([[stream, 3]]);
  });

  it('fails the transaction, and rolls back what came before, when it fails in the database', async () => {
    const stream = sessionStream(randomUUID());
    const { writer, announced } = recordingWriter();
    await expect(
      writer.pipelinedTransaction(async ({ trx, appendAll, appendLast }) => {
        await appendAll([joined(stream, 'change')]);
        // The sequence the last append will take, already used: its insert fails.
        await sql`insert into event_log (stream, sequence, audience, type, payload)
          values (${stream}, 2, 'session', 'team.member_joined', '{}')`.execute(trx);
        appendLast([joined(stream, 'last')]);
        return 'done';
      }),
    ).rejects.toThrow(/duplicate key|unique/);
    expect(await pseudos(stream)).toEqual([]);
    expect(announced).toEqual([]);
    // The connection serves the next transaction, from the first number.
    await writer.pipelinedTransaction(async ({ appendLast }) => {
      appendLast([joined(stream, 'after')]);
    });
    expect(await pseudos(stream)).toEqual(['after']);
  });

  it('appends events with a write of the caller’s making, in one statement, awaited or last', async () => {
    await sql`create table if not exists own_write (note text not null)`.execute(database.db);
    const stream = sessionStream(randomUUID());
    const { writer, announced } = recordingWriter();
    const writeAndAppend = (
      trx: Transaction<Database>,
      note: string | null,
      events: EventToAppend[],
    ) => {
      const append = appending(events);
      return sql<{ stream: StreamKey; sequence: number }>`
        with ${append.ctes}, written as (insert into own_write (note) values (${note}))
        select stream, sequence from appended`
        .execute(trx)
        .then(({ rows }) => append.sequences(rows));
    };
    const notes = async () =>
      (await sql<{ note: string }>`select note from own_write`.execute(database.db)).rows.map(
        (row) => row.note,
      );
    const result = await writer.pipelinedTransaction(
      async ({ trx, appendAll, ownAppends: own }) => {
        await appendAll([joined(stream, 'first')]);
        const appended = await own.awaited(writeAndAppend(trx, 'a', [joined(stream, 'second')]));
        own.last(writeAndAppend(trx, 'b', [joined(stream, 'third'), joined(stream, 'fourth')]));
        return appended;
      },
    );
    expect(result).toEqual([{ stream, sequence: 2 }]);
    expect(await pseudos(stream)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(await notes()).toEqual(['a', 'b']);
    expect(announced).toEqual([[stream, 4]]);

    // The write fails: its events with it, and what came before.
    await expect(
      writer.pipelinedTransaction(async ({ trx, appendAll, ownAppends: own }) => {
        await appendAll([joined(stream, 'before')]);
        own.last(writeAndAppend(trx, null, [joined(stream, 'lost')]));
      }),
    ).rejects.toMatchObject({ code: '23502' });
    expect(await pseudos(stream)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(await notes()).toEqual(['a', 'b']);
    expect(announced).toEqual([[stream, 4]]);
  });

  it('fails the transaction at once on a payload that does not match its type', async () => {
    const stream = sessionStream(randomUUID());
    const { writer, announced } = recordingWriter();
    await expect(
      writer.pipelinedTransaction(async ({ appendAll, appendLast }) => {
        await appendAll([joined(stream, 'change')]);
        appendLast([
          {
            ...(joined(stream, 'x') as EventToAppend & { type: 'team.member_joined' }),
            payload: { teamUuid: 'not-a-uuid', pseudo: 'x' },
          },
        ]);
      }),
    ).rejects.toThrow();
    expect(await pseudos(stream)).toEqual([]);
    expect(announced).toEqual([]);
  });
});

describe('when transactions try to commit out of sequence order', () => {
  it('holds the later sequence until the earlier commits: readers neither skip nor repeat', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const live = memorySink();
    await follow(hub, stream, live);
    const poller = startPollingReader(stream, 2);
    const commits: string[] = [];

    // T1 takes sequence 1 and stays open.
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstAppended!: (sequence: number) => void;
    const firstSequence = new Promise<number>((resolve) => (firstAppended = resolve));
    const first = writer
      .transaction(async ({ append }) => {
        const event = await append(joined(stream, 'first'));
        firstAppended(event.sequence);
        await firstMayCommit;
        return event;
      })
      .then((event) => (commits.push('first'), event));
    expect(await firstSequence).toBe(1);

    // T2 starts after T1 took its number and asks to commit at once, before T1.
    const second = writer
      .transaction(({ append }) => append(joined(stream, 'second')))
      .then((event) => (commits.push('second'), event));
    await sleep(300);
    expect(commits).toEqual([]); // T2 is held back: it cannot commit sequence 2 before 1.
    if (onPostgres) {
      // A reader running meanwhile sees neither (on PGlite it waits for T1's connection).
      expect(await readEventsAfter(database.db, stream, 0, 10)).toEqual([]);
    }

    releaseFirst();
    const [firstEvent, secondEvent] = await Promise.all([first, second]);
    // Both committed; in which order their answers reach Node (two sockets) is not theirs to say.
    expect(commits.sort()).toEqual(['first', 'second']);
    expect([firstEvent.sequence, secondEvent.sequence]).toEqual([1, 2]);

    await poller.done;
    expect(poller.seen).toEqual([1, 2]);
    await expect.poll(() => live.ids).toEqual([1, 2]);
    hub.close();
  });

  it('gives the number of a rolled-back transaction to the one waiting behind it', async () => {
    const stream = sessionStream(randomUUID());
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstAppended!: () => void;
    const appended = new Promise<void>((resolve) => (firstAppended = resolve));
    const first = database.db.transaction().execute(async (trx) => {
      await appendEvent(trx, joined(stream, 'rolled back'));
      firstAppended();
      await firstMayEnd;
      throw new Error('rollback');
    });
    await appended;
    const second = database.db
      .transaction()
      .execute((trx) => appendEvent(trx, joined(stream, 'kept')));
    await sleep(100);
    releaseFirst();
    await expect(first).rejects.toThrow('rollback');
    expect((await second).sequence).toBe(1);
  });

  it('delivers every event of many concurrent writers once and in order, live and on replay', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const live = memorySink();
    await follow(hub, stream, live);
    const count = 50;
    const write = (index: number) =>
      writer.transaction(async ({ append }) => {
        await sleep(Math.random() * 20);
        return append(joined(stream, `w${index}`));
      });
    const writes = Array.from({ length: 40 }, (_, index) => write(index));
    // A client joining mid-way from an old id must meet the live events without gap or repeat;
    // one joining from now, maybe while a page is read, gets what follows, once.
    await sleep(30);
    const late = memorySink();
    const fromNow = memorySink();
    for (const [client, lastEventId] of [
      [late, 0],
      [fromNow, null],
    ] as const)
      await hub.subscribe({
        stream,
        audiences: new Set(['session']),
        owner: 'test',
        lastEventId,
        sink: client.sink,
      });
    const headAtJoin = (await findStreamHeads(database.db, [stream])).get(stream) ?? 0;
    for (let index = 40; index < count; index += 1) writes.push(write(index));
    const sequences = (await Promise.all(writes)).map((event) => event.sequence);
    const expected = Array.from({ length: count }, (_, index) => index + 1);
    expect([...sequences].sort((x, y) => x - y)).toEqual(expected);
    await expect.poll(() => live.ids).toEqual(expected);
    await expect.poll(() => late.ids).toEqual(expected);
    await expect.poll(() => fromNow.ids.at(-1)).toBe(count);
    const from = fromNow.ids[0]!;
    expect(fromNow.ids).toEqual(expected.slice(from - 1));
    expect(from - 1).toBeLessThanOrEqual(headAtJoin);
    hub.close();
  });

  it('sends the events a transaction appended together in one write to each client', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const clients = [memorySink(), memorySink(), memorySink()];
    for (const client of clients) await follow(hub, stream, client);
    await writer.transaction(({ appendAll }) =>
      appendAll(Array.from({ length: 5 }, (_, index) => joined(stream, `b${index}`))),
    );
    for (const client of clients) {
      await expect.poll(() => client.ids).toEqual([1, 2, 3, 4, 5]);
      expect(client.sends).toEqual([[1, 2, 3, 4, 5]]);
    }
    hub.close();
  });

  it('writes each client only its audiences of a page, put together once for the clients who see the same', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const audiences = {
      teamA1: ['session', 'team:a'],
      teamA2: ['session', 'team:a'],
      teamB: ['session', 'team:b'],
      trainer: ['session', 'trainers'],
    };
    const clients = Object.fromEntries(
      Object.keys(audiences).map((name) => [name, memorySink()]),
    ) as Record<keyof typeof audiences, ReturnType<typeof memorySink>>;
    for (const [name, list] of Object.entries(audiences))
      await hub.subscribe({
        stream,
        audiences: new Set(list),
        owner: name,
        lastEventId: null,
        sink: clients[name as keyof typeof audiences].sink,
      });
    const event = (audience: EventToAppend['audience']): EventToAppend => ({
      ...joined(stream, audience),
      audience,
    });
    const page: EventToAppend['audience'][] = [
      'session',
      'team:a',
      'team:b',
      'trainers',
      'session',
    ];
    await writer.transaction(({ appendAll }) => appendAll(page.map(event)));
    await expect.poll(() => clients.trainer.ids).toEqual([1, 4, 5]);
    expect(clients.teamA1.sends).toEqual([[1, 2, 5]]);
    expect(clients.teamA2.sends).toEqual([[1, 2, 5]]);
    expect(clients.teamB.sends).toEqual([[1, 3, 5]]);
    expect(clients.trainer.sends).toEqual([[1, 4, 5]]);
    // The same bytes for both clients of team A: the page was put together once.
    expect(clients.teamA1.writes[0]).toBe(clients.teamA2.writes[0]);
    expect(clients.teamB.writes[0]).not.toBe(clients.teamA1.writes[0]);
    hub.close();
  });

  it('gathers the events of transactions committing close together into fewer writes', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const client = memorySink();
    const writeTimes: number[] = [];
    const { write } = client.sink;
    client.sink.write = (bytes) => {
      writeTimes.push(performance.now());
      write(bytes);
    };
    await follow(hub, stream, client);
    // A burst: forty transactions, one event each, as fast as the database commits them.
    for (let index = 0; index < 40; index += 1)
      await writer.transaction(({ append }) => append(joined(stream, `c${index}`)));
    const all = Array.from({ length: 40 }, (_, index) => index + 1);
    await expect.poll(() => client.ids).toEqual(all);
    // Every event once and in order, in pages that left at least the interval apart.
    expect(client.sends.flat()).toEqual(all);
    for (let index = 1; index < writeTimes.length; index += 1)
      expect(writeTimes[index]! - writeTimes[index - 1]!).toBeGreaterThanOrEqual(
        PAGE_INTERVAL_MS - 1,
      );
    hub.close();
  });
  it('waits between pages as long as the last one took to write, when that is longer', async () => {
    const stream = sessionStream(randomUUID());
    const bus = createLocalEventBus();
    const writer = createEventWriter({ db: database.db, bus });
    const hub = hubOn(bus);
    const client = memorySink();
    // A page that costs its writer 120 ms (thousands of clients, or a thread the machine shares).
    const WRITE_MS = 120;
    const writes: { start: number; end: number }[] = [];
    const { write } = client.sink;
    client.sink.write = (bytes) => {
      const start = performance.now();
      while (performance.now() - start < WRITE_MS);
      write(bytes);
      writes.push({ start, end: performance.now() });
    };
    await follow(hub, stream, client);
    for (let index = 0; index < 12; index += 1) {
      await writer.transaction(({ append }) => append(joined(stream, `s${index}`)));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const all = Array.from({ length: 12 }, (_, index) => index + 1);
    await expect.poll(() => client.ids, { timeout: 10_000 }).toEqual(all);
    expect(client.sends.flat()).toEqual(all);
    expect(writes.length).toBeGreaterThan(1);
    // Each page started at least as long after the previous one ended as that one took.
    for (let index = 1; index < writes.length; index += 1)
      expect(writes[index]!.start - writes[index - 1]!.end).toBeGreaterThanOrEqual(
        writes[index - 1]!.end - writes[index - 1]!.start - 1,
      );
    hub.close();
  });
});

describe.runIf(onPostgres)('when the database cannot be reached for a moment', () => {
  /** A hub whose database is behind a proxy the test cuts, and a bus it can say reconnected on. */
  const hubBehindProxy = async () => {
    const target = new URL(database.url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const handle = openPostgres(viaProxy.toString(), 2, { warn: () => {} });
    const reconnected: (() => void)[] = [];
    const bus: EventBus = {
      ...createLocalEventBus(),
      onReconnected: (listener) => void reconnected.push(listener),
    };
    const hub = createEventHub({
      db: handle.db,
      bus,
      logger: { warn: () => {} },
      // Far longer than the test: delivery must not wait for the periodic check.
      heartbeatMs: 600_000,
      maxStreamsPerOwner: 10,
    });
    const stream = sessionStream(randomUUID());
    const client = memorySink();
    await follow(hub, stream, client);
    const close = async () => {
      hub.close();
      await handle.close();
      await proxy.close();
    };
    return {
      proxy,
      bus,
      hub,
      stream,
      client,
      close,
      sayReconnected: () => reconnected.forEach((l) => l()),
    };
  };

  const appendDirectly = (stream: StreamKey, pseudo: string) =>
    database.db.transaction().execute((trx) => appendEvent(trx, joined(stream, pseudo)));

  /**
   * Cuts the hub off its database, runs `whileCut`, checks that nothing arrived while the log
   * could not be read, then that the event arrives once the database is back, with nothing
   * more announced.
   */
  const deliveredOnceReachable = async (
    whileCut: (setup: Awaited<ReturnType<typeof hubBehindProxy>>) => Promise<void>,
  ) => {
    const setup = await hubBehindProxy();
    try {
      await setup.proxy.cut();
      await whileCut(setup);
      await sleep(300);
      expect(setup.client.ids).toEqual([]);
      await setup.proxy.restore();
      await expect.poll(() => setup.client.ids, { timeout: 5000 }).toEqual([1]);
    } finally {
      await setup.close();
    }
  };

  it('reads again what was announced while the log could not be read', () =>
    deliveredOnceReachable(async ({ bus, stream }) => {
      const event = await appendDirectly(stream, 'during the cut');
      bus.announce([[stream, event.sequence]]);
    }));

  it('catches up after a listener outage even when the first read of the heads fails', () =>
    deliveredOnceReachable(async ({ stream, sayReconnected }) => {
      // Committed while the node was deaf: no notification reaches it.
      await appendDirectly(stream, 'while deaf');
      sayReconnected();
    }));
});

describe('the sign-in behind a stream, asked at each heartbeat', () => {
  it('ends the streams whose sign-in ended, keeps those it cannot tell, and asks one at a time', async () => {
    const bus = createLocalEventBus();
    await bus.start();
    const hub = hubOn(bus, 20);
    const stream = sessionStream(randomUUID());
    const ended = new Set<string>();
    let heartbeats = 0;
    let slowChecks = 0;
    const checks: Record<string, () => Promise<boolean>> = {
      'signed out': async () => false,
      'still signed in': async () => true,
      'database away': () => Promise.reject(new Error('connection refused')),
      'slow to answer': () => {
        slowChecks += 1;
        return new Promise<boolean>(() => {});
      },
    };
    try {
      for (const [name, signedIn] of Object.entries(checks)) {
        const subscribed = await hub.subscribe({
          stream,
          audiences: new Set(['session']),
          owner: name,
          lastEventId: null,
          sink: {
            ...memorySink().sink,
            write: () => void (name === 'still signed in' && (heartbeats += 1)),
            end: () => void ended.add(name),
          },
          signedIn,
        });
        expect('ok' in subscribed).toBe(true);
      }
      // Five heartbeats and more: each stream was asked at least four times.
      while (heartbeats < 5) await sleep(20);
      expect([...ended]).toEqual(['signed out']);
      expect(hub.subscriberCount).toBe(3);
      // A check still under way is not asked again.
      expect(slowChecks).toBe(1);
    } finally {
      hub.close();
      await bus.close();
    }
  });

  it('does not ask a stream while it replays, and asks it once it is live', async () => {
    const bus = createLocalEventBus();
    await bus.start();
    const hub = hubOn(bus, 20);
    const stream = sessionStream(randomUUID());
    await database.db.transaction().execute((trx) => appendEvent(trx, joined(stream, 'backlog')));
    let heartbeats = 0;
    let asked = 0;
    let ended = false;
    let letReplayOn = (_drained: boolean) => {};
    try {
      await hub.subscribe({
        stream,
        audiences: new Set(['session']),
        owner: 'watcher',
        lastEventId: null,
        sink: { ...memorySink().sink, write: () => void (heartbeats += 1) },
      });
      // A client resuming a backlog that has not taken its first page yet.
      const resuming = hub.subscribe({
        stream,
        audiences: new Set(['session']),
        owner: 'resuming',
        lastEventId: 0,
        sink: {
          ...memorySink().sink,
          bufferedBytes: () => 1024 * 1024,
          drained: () => new Promise<boolean>((resolve) => (letReplayOn = resolve)),
          end: () => void (ended = true),
        },
        signedIn: async () => {
          asked += 1;
          return false;
        },
      });
      while (heartbeats < 5) await sleep(20);
      expect(asked).toBe(0);
      expect(ended).toBe(false);

      letReplayOn(true);
      expect('ok' in (await resuming)).toBe(true);
      await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
      expect(asked).toBe(1);
    } finally {
      hub.close();
      await bus.close();
    }
  });
});
