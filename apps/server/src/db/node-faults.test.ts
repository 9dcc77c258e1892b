import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import {
  createTestDatabase,
  migratedDataDirectory,
  testDatabaseKind,
} from '../../test/database.js';
import { appendBacklog } from '../../test/event-backlog.js';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.js';
import {
  expectAlive,
  expectNothingLost,
  followStream,
  percentiles,
  plainGetsMeanwhile,
  playUnderLoad,
  setUpGame,
  sleep,
  standingsOf,
  timed,
  waitFor,
  type Follower,
  type Game,
  type Outcome,
} from '../../test/fault-load.js';
import { freePort } from '../../test/own-postgres.js';
import { spawnServer, type ServerProcess } from '../../test/process.js';
import { sessionStream } from '../realtime/streams.js';
import { openPGlite } from './database.js';
import type { Database } from './schema.js';

/**
 * Nodes killed (SIGKILL) and stopped (SIGTERM) while players answer, chat and follow their
 * session's stream, and a herd of clients resuming a backlog: real server processes, each
 * player's requests sent to whichever node is up (as a load balancer would), each follower
 * resuming from its `Last-Event-ID` on the node up then. On PostgreSQL two nodes share the
 * database; on PGlite the one node is killed and started again on its data directory.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const nodeEnvironment = {
  SEED_DEMO_ACCOUNTS: 'false',
  ANSWERS_PER_MINUTE: '1000000',
  CHAT_MESSAGES_PER_MINUTE: '1000000',
  SSE_MAX_STREAMS_PER_USER: '100',
};

/**
 * Past this, a request to a node that is up counts as hung. Longer than the database outage
 * test's: what is judged here is that no request waits for ever on a dead or stopping node,
 * and a freshly started node's first requests are slow on a machine busy with other tests.
 */
const HANG_MS = 15_000;

/** A node's first requests compile its code paths: made before the timed load. */
const warmUp = async (base: string, game: Game) => {
  const player = game.players[0]!.browser;
  for (let round = 0; round < 3; round += 1) {
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/session/${game.uuid}/chat/threads`, {
      headers: { cookie: player.cookieHeader() },
    });
  }
};

const startNode = (environment: Record<string, string>) => {
  const node = spawnServer({ PORT: '0', ...nodeEnvironment, ...environment });
  cleanups.push(async () => {
    node.child.kill('SIGKILL');
    await node.exited;
  });
  return node;
};

/** Requests answered otherwise than served, refused by a dead node or turned away with a 503. */
const unexpected = (outcomes: Outcome[], allowed: (outcome: Outcome) => boolean) =>
  outcomes.filter(
    (outcome) =>
      !(outcome.status === 200 || outcome.status === 201 || outcome.status === 409) &&
      !allowed(outcome),
  );

/** From `from` (performance.now()) to the first write acknowledged after it by `node`. */
const servedAgainAfter = (outcomes: Outcome[], from: number, node?: string) => {
  const first = outcomes
    .filter(
      (outcome) =>
        outcome.at >= from &&
        (outcome.status === 200 || outcome.status === 201) &&
        (!node || outcome.node === node),
    )
    .map((outcome) => outcome.at + outcome.ms)
    .sort((a, b) => a - b)[0];
  return first === undefined ? NaN : first - from;
};

const countBy = (outcomes: Outcome[]) => {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ');
};

const followersOf = (game: Game, players: number[], url: (player: number) => string) =>
  players.map((player) => {
    const follower = followStream(
      () => `${url(player)}/api/sessions/${game.uuid}/events`,
      game.players[player]!.browser.cookieHeader(),
    );
    cleanups.push(() => follower.stop());
    return { follower, player };
  });

const stopFollowers = (followers: { follower: Follower }[]) =>
  Promise.all(followers.map(({ follower }) => follower.stop()));

/** The events of a session's log a player may see, in order. */
const visibleSequences = async (db: Kysely<Database>, game: Game, player: number) => {
  const { accountId, teamUuid } = game.players[player]!;
  const rows = await db
    .selectFrom('event_log')
    .select('sequence')
    .where('stream', '=', sessionStream(game.uuid))
    .where('audience', 'in', ['session', `user:${accountId}`, `team:${teamUuid}`])
    .orderBy('sequence')
    .execute();
  return rows.map((row) => row.sequence);
};

/**
 * Fifty clients of one player resume the session's stream from its start at once, from this
 * process, while another thread sends plain GETs to the node one after the other: every
 * client gets every event it may see, and the GETs' latencies are printed.
 */
const resumeHerd = async (label: string, base: string, game: Game, expected: number[]) => {
  const gets = plainGetsMeanwhile(`${base}/api/health`);
  const streams: EventStreamClient[] = [];
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const stream = await openEventStream(`${base}/api/sessions/${game.uuid}/events`, {
          cookie: game.players[0]!.browser.cookieHeader(),
          'last-event-id': '0',
        });
        streams.push(stream);
        await stream.waitUntil(
          () => stream.messages.length >= expected.length || stream.ended,
          120_000,
        );
      }),
    );
  } finally {
    gets.stop();
  }
  const took = performance.now() - started;
  const { latencies, statuses } = await gets.results;
  await Promise.all(streams.map((stream) => stream.close()));
  console.info(
    `resume herd (${label}, node in its own process): 50 clients × ${expected.length} events ` +
      `in ${(took / 1000).toFixed(1)} s; GET /api/health meanwhile: ${latencies.length} ` +
      `requests, ${percentiles(latencies).text}`,
  );
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // The backlog whole and in order (then what came since: the herd's own presence).
  for (const stream of streams)
    expect(stream.ids().map(Number).slice(0, expected.length)).toEqual(expected);
};

describe.runIf(testDatabaseKind() === 'postgres')('two nodes on PostgreSQL', () => {
  const open = async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const setupApp = await createTestApp(database);
    cleanups.push(() => setupApp.close());
    return { database, setupApp, url: database.url! };
  };

  it('one killed under load: its clients go on on the other, nothing lost, nothing doubled', async () => {
    const { database, setupApp, url } = await open();
    const nodes = { a: startNode({ DATABASE_URL: url }), b: startNode({ DATABASE_URL: url }) };
    const bases = { a: await nodes.a.listening, b: await nodes.b.listening };
    const game = await setUpGame(setupApp, database.db, { teams: 6, objectives: 30 });
    await Promise.all([warmUp(bases.a, game), warmUp(bases.b, game)]);
    const down = new Set<string>();
    const nodeOf = (player: number) => {
      const preferred = player % 2 === 0 ? 'a' : 'b';
      return down.has(preferred) ? 'b' : preferred;
    };
    const route = (player: number) => ({ node: nodeOf(player), base: bases[nodeOf(player)] });
    const followers = followersOf(game, [0, 1, 2, 3], (player) => bases[nodeOf(player)]);
    const load = playUnderLoad(game, route, HANG_MS);
    let killedAt = 0;
    try {
      await load.progress(100);
      load.phase = 'killed';
      killedAt = performance.now();
      nodes.a.child.kill('SIGKILL');
      // The load balancer sees it at its next check.
      down.add('a');
      await nodes.a.exited;
      await load.progress(100);
    } finally {
      await load.stop();
    }
    expectAlive('b', nodes.b);
    const recovery = servedAgainAfter(load.outcomes, killedAt);
    // Refused by the dead node, or cut on it by its death (still unanswered when the kill was
    // sent: the process dies a moment after the signal): nothing else.
    const failures = unexpected(
      load.outcomes,
      (outcome) =>
        outcome.node === 'a' &&
        ((outcome.status === 'refused' && outcome.at >= killedAt) ||
          (outcome.status === 'broken' && outcome.at + outcome.ms >= killedAt)),
    );
    expect(failures).toEqual([]);
    // Quiet: what the dead node owed is announced by the other (itself, or its repair).
    await waitFor(async () => {
      const standings = await standingsOf(database.db, game.uuid);
      return JSON.stringify(standings.logged) === JSON.stringify(standings.scores);
    }, 40_000);
    await expectNothingLost(database.db, game, load.acknowledged, followers);
    await stopFollowers(followers);
    console.info(
      `node killed under load (PostgreSQL, 2 nodes): ${load.acknowledged.answers.length} answers ` +
        `(${load.acknowledged.solves} solves) and ${load.acknowledged.chats.length} chat messages ` +
        `acknowledged, each once; requests: ${countBy(load.outcomes)}; the dead node's players ` +
        `served by the other ${Math.round(recovery)} ms after the kill; streams resumed ` +
        `${followers.map(({ follower }) => follower.reconnections - 1).join(', ')} times, gap-free`,
    );
  }, 240_000);

  it('the ranking a node killed after a burst of solves owed: announced by another live node', async () => {
    const { database, setupApp, url } = await open();
    const first = startNode({ DATABASE_URL: url });
    const other = startNode({ DATABASE_URL: url });
    const bases = { first: await first.listening, other: await other.listening };
    const game = await setUpGame(setupApp, database.db, { teams: 2, objectives: 1 });
    const followers = followersOf(game, [0, 1], () => bases.other);
    await sleep(300);
    // The first solve is announced at once; the second, within its interval, is left for the
    // interval's end, which the node does not live to see.
    for (const player of [0, 1]) {
      const solved = await timed(
        'burst',
        'first',
        'answer',
        `${bases.first}/api/sessions/${game.uuid}/objectives/${game.objectives[0]}/answers`,
        {
          method: 'POST',
          headers: {
            cookie: game.players[player]!.browser.cookieHeader(),
            'x-xsrf-token': game.players[player]!.browser.xsrf!,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ answer: 'RAMPART{fault-0}', clientId: randomUUID() }),
        },
      );
      expect(solved.status).toBe(200);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = performance.now();
    const lost = await standingsOf(database.db, game.uuid);
    expect(lost.ledger.every(([, score]) => score > 0)).toBe(true);
    expect(lost.logged).not.toEqual(lost.scores);

    await waitFor(async () => {
      const standings = await standingsOf(database.db, game.uuid);
      return JSON.stringify(standings.logged) === JSON.stringify(standings.scores);
    }, 40_000);
    const repairedAfter = performance.now() - killedAt;
    expectAlive('other', other);
    await expectNothingLost(database.db, game, { answers: [], chats: [] }, followers);
    await stopFollowers(followers);
    console.info(
      `ranking owed by a killed node: announced by the other live node ${(repairedAfter / 1000).toFixed(1)} s after the kill`,
    );
  }, 120_000);

  it('one stopped under load drains: health fails first, no request cut, nothing lost', async () => {
    const { database, setupApp, url } = await open();
    const nodes = {
      a: startNode({ DATABASE_URL: url, SHUTDOWN_DRAIN_MS: '1500' }),
      b: startNode({ DATABASE_URL: url }),
    };
    const bases = { a: await nodes.a.listening, b: await nodes.b.listening };
    const game = await setUpGame(setupApp, database.db, { teams: 6, objectives: 30 });
    await Promise.all([warmUp(bases.a, game), warmUp(bases.b, game)]);
    const down = new Set<string>();
    const nodeOf = (player: number) => {
      const preferred = player % 2 === 0 ? 'a' : 'b';
      return down.has(preferred) ? 'b' : preferred;
    };
    const route = (player: number) => ({ node: nodeOf(player), base: bases[nodeOf(player)] });
    const followers = followersOf(game, [0, 1, 2, 3], (player) => bases[nodeOf(player)]);
    const load = playUnderLoad(game, route, HANG_MS);
    // The load balancer's active health check, every 100 ms.
    const checks: Outcome[] = [];
    let checking = true;
    const checker = (async () => {
      while (checking) {
        const outcome = await timed('check', 'a', 'health', `${bases.a}/api/health`);
        checks.push(outcome);
        if (outcome.status !== 200) down.add('a');
        await sleep(100);
      }
    })();
    let stoppedAt = 0;
    try {
      await load.progress(100);
      load.phase = 'stopping';
      stoppedAt = performance.now();
      nodes.a.child.kill('SIGTERM');
      expect(await nodes.a.exited).toBe(0);
      await load.progress(100);
    } finally {
      checking = false;
      await checker;
      await load.stop();
    }
    expectAlive('b', nodes.b);
    const failedCheck = checks.find((check) => check.at >= stoppedAt && check.status !== 200)!;
    expect(failedCheck.status).toBe(503);
    expect(failedCheck.code).toBe('server.unavailable');
    const refusedFirst = load.outcomes.find(
      (outcome) => outcome.node === 'a' && outcome.status === 'refused',
    );
    // Before anything was refused, the check had failed; nothing was cut or left hanging.
    if (refusedFirst) expect(failedCheck.at).toBeLessThan(refusedFirst.at);
    const failures = unexpected(
      load.outcomes,
      (outcome) =>
        outcome.node === 'a' &&
        outcome.at >= stoppedAt &&
        (outcome.status === 'refused' ||
          (outcome.status === 503 && outcome.code === 'server.unavailable')),
    );
    expect(failures).toEqual([]);
    await sleep(500);
    await expectNothingLost(database.db, game, load.acknowledged, followers);
    await stopFollowers(followers);
    const onA = load.outcomes.filter((outcome) => outcome.node === 'a' && outcome.at >= stoppedAt);
    console.info(
      `node stopped under load (PostgreSQL, 2 nodes, 1.5 s drain): health failed ` +
        `${Math.round(failedCheck.at - stoppedAt)} ms after SIGTERM; requests to it after: ` +
        `${countBy(onA) || 'none'}; ${load.acknowledged.answers.length} answers and ` +
        `${load.acknowledged.chats.length} chat messages acknowledged, each once; streams resumed ` +
        `${followers.map(({ follower }) => follower.reconnections - 1).join(', ')} times, gap-free`,
    );
  }, 240_000);

  it('a herd of 50 clients resuming a backlog from a node of its own', async () => {
    const { database, setupApp, url } = await open();
    const node = startNode({ DATABASE_URL: url });
    const base = await node.listening;
    const game = await setUpGame(setupApp, database.db, { teams: 1, objectives: 1 });
    await appendBacklog(setupApp, game.uuid, 2000);
    const expected = await visibleSequences(database.db, game, 0);
    await resumeHerd('PostgreSQL', base, game, expected);
    expectAlive('node', node);
  }, 240_000);
});

describe.runIf(testDatabaseKind() === 'pglite')('a PGlite node', () => {
  /** A data directory with a game set up in it, by an app of this process since closed. */
  const prepare = async (
    options: { teams: number; objectives: number },
    then?: (app: FastifyInstance, game: Game) => Promise<void>,
  ) => {
    const dataDir = await migratedDataDirectory(
      fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-node-faults-')),
    );
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openPGlite(dataDir);
    try {
      const app = await createTestApp(handle);
      try {
        const game = await setUpGame(app, handle.db, options);
        await then?.(app, game);
        return { dataDir, game };
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
    }
  };
  /** Runs `check` on the data directory once no node holds it. */
  const inspect = async <T>(dataDir: string, check: (db: Kysely<Database>) => Promise<T>) => {
    const handle = await openPGlite(dataDir);
    try {
      return await check(handle.db);
    } finally {
      await handle.close();
    }
  };

  it('killed under load and started again on its data: the lock taken over, nothing lost', async () => {
    const { dataDir, game } = await prepare({ teams: 4, objectives: 30 });
    const port = String(await freePort());
    let node: ServerProcess = startNode({ PGLITE_DIR: dataDir, PORT: port });
    const base = await node.listening;
    await warmUp(base, game);
    const route = () => ({ node: 'only', base });
    const followers = followersOf(game, [0, 1], () => base);
    const load = playUnderLoad(game, route, HANG_MS);
    let killedAt = 0;
    let restartedIn = 0;
    try {
      await load.progress(60);
      load.phase = 'killed';
      killedAt = performance.now();
      node.child.kill('SIGKILL');
      await node.exited;
      node = startNode({ PGLITE_DIR: dataDir, PORT: port });
      await node.listening;
      restartedIn = performance.now() - killedAt;
      load.phase = 'restarted';
      await load.progress(60);
    } finally {
      await load.stop();
    }
    const recovery = servedAgainAfter(load.outcomes, killedAt);
    const failures = unexpected(
      load.outcomes,
      (outcome) =>
        (outcome.status === 'refused' && outcome.phase === 'killed') ||
        // Cut by the node's death: still unanswered when the kill was sent, and sent before the
        // node came back (the process dies a moment after the signal).
        (outcome.status === 'broken' &&
          outcome.phase !== 'restarted' &&
          outcome.at + outcome.ms >= killedAt),
    );
    expect(failures).toEqual([]);
    // Quiet, and every follower caught up, before the node lets its data go.
    await sleep(1500);
    await stopFollowers(followers);
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
    await inspect(dataDir, (db) => expectNothingLost(db, game, load.acknowledged, followers));
    console.info(
      `PGlite node killed under load and restarted on its data: listening again ` +
        `${Math.round(restartedIn)} ms after the kill, serving ${Math.round(recovery)} ms after; ` +
        `${load.acknowledged.answers.length} answers (${load.acknowledged.solves} solves) and ` +
        `${load.acknowledged.chats.length} chat messages acknowledged, each once; requests: ` +
        `${countBy(load.outcomes)}; streams resumed ` +
        `${followers.map(({ follower }) => follower.reconnections - 1).join(', ')} times, gap-free`,
    );
  }, 240_000);

  it('a herd of 50 clients resuming a backlog from a node of its own', async () => {
    const { dataDir, game } = await prepare({ teams: 1, objectives: 1 }, (app, game) =>
      appendBacklog(app, game.uuid, 2000),
    );
    const expected = await inspect(dataDir, (db) => visibleSequences(db, game, 0));
    const node = startNode({ PGLITE_DIR: dataDir });
    const base = await node.listening;
    await resumeHerd('PGlite', base, game, expected);
    expectAlive('node', node);
  }, 240_000);
});
