import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { TestBrowser } from './browser.js';
import { testClock } from './clock.js';
import { buildChapter } from './content-factories.js';
import { openEventStream, type StreamMessage } from './event-stream.js';
import { buildAccount } from './factories.js';
import type { ServerProcess } from './process.js';
import { sessionWithTeams } from './session-factories.js';

/**
 * What the fault tests share: players who answer and chat through whichever node is up, as a
 * browser behind a load balancer does; players who follow the session's stream and resume it;
 * the invariants every fault must keep.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longer than any request may take: a request still pending then is a hang. */
export const HANG_MS = 5000;

export const waitFor = async (condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
};

/** Fails at once, with what the node said last, when a node process has exited. */
export const expectAlive = (name: string, node: ServerProcess) => {
  if (node.child.exitCode === null && node.child.signalCode === null) return;
  throw new Error(
    `node ${name} exited (${node.child.exitCode ?? node.child.signalCode}):\n` +
      node.output().split('\n').slice(-15).join('\n'),
  );
};

export interface Outcome {
  /** What was happening when the request was sent. */
  phase: string;
  node: string;
  what: 'answer' | 'chat' | 'health' | 'get';
  /** `refused`: nothing listened; `broken`: the connection died with the request on it. */
  status: number | 'hang' | 'refused' | 'broken';
  ms: number;
  code?: string;
  /** When it was sent, from the test's start (performance.now()). */
  at: number;
}

/** A request as a browser sends it, timed; a hang or a connection refused or cut is an outcome too. */
export const timed = async (
  phase: string,
  node: string,
  what: Outcome['what'],
  url: string,
  init: RequestInit = {},
  hangMs = HANG_MS,
): Promise<Outcome & { body?: unknown }> => {
  const at = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(hangMs) });
    const body: unknown = await response.json().catch(() => undefined);
    const ms = performance.now() - at;
    const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
    return { phase, node, what, status: response.status, ms, at, ...(code ? { code } : {}), body };
  } catch (error) {
    const ms = performance.now() - at;
    if ((error as Error).name === 'TimeoutError')
      return { phase, node, what, status: 'hang', ms, at };
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      phase,
      node,
      what,
      status: cause === 'ECONNREFUSED' ? 'refused' : 'broken',
      ms,
      at,
      ...(cause ? { code: cause } : {}),
    };
  }
};

/**
 * A player's session stream as the web app keeps it: reopened after it ends or is refused, from
 * the last event it handled (`Last-Event-ID`), on the node `url` names then (a load balancer's
 * choice).
 */
export const followStream = (url: () => string, cookie: string) => {
  const archived: StreamMessage[] = [];
  let current: StreamMessage[] = [];
  let lastEventId = '0';
  let following = true;
  let close = async () => {};
  let reconnections = 0;
  const done = (async () => {
    while (following) {
      try {
        const stream = await openEventStream(url(), { cookie, 'last-event-id': lastEventId });
        current = stream.messages;
        close = stream.close;
        await stream.finished;
      } catch {
        // Refused: the node is not listening.
      }
      archived.push(...current);
      current = [];
      lastEventId = archived.findLast((message) => message.id)?.id ?? lastEventId;
      reconnections += 1;
      if (following) await sleep(100);
    }
  })();
  return {
    messages: () => [...archived, ...current],
    get reconnections() {
      return reconnections;
    },
    stop: async () => {
      following = false;
      await close();
      await done;
    },
  };
};
export type Follower = ReturnType<typeof followStream>;

export const flagOf = (index: number) => `RAMPART{fault-${index}}`;

/**
 * A running session of one-player teams on a mission of `objectives` flag objectives worth 10
 * points each, set up through `app` (any process on the same database: the players' cookies
 * are valid on every node), past its countdown on the database's clock.
 */
export const setUpGame = async (
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { teams: number; objectives: number },
) => {
  const clock = testClock();
  const trainerAccount = await buildAccount(db, { role: 'trainer' });
  const trainer = new TestBrowser(app);
  await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
  const chapter = await buildChapter(db, {
    missions: [
      {
        objectives: Array.from({ length: options.objectives }, (_, index) => ({
          type: 'flag' as const,
          points: 10,
          flag: { accepted: [flagOf(index)] },
        })),
      },
    ],
  });
  const mission = chapter.missions[0]!;
  const accounts = new Map<TestBrowser, string>();
  const session = await sessionWithTeams({
    trainer,
    missionUuid: mission.uuid,
    clock,
    teams: options.teams,
    signIn: async () => {
      const account = await buildAccount(db);
      const browser = new TestBrowser(app);
      await browser.login(account.username, account.password);
      await browser.get('/api/csrf-cookie');
      accounts.set(browser, account.id);
      return browser;
    },
  });
  await sql`update gaming_session set starts_at = now() - interval '1 second' where uuid = ${session.uuid}`.execute(
    db,
  );
  const listed = await session.members[0]![0]!.get(`/api/session/${session.uuid}/chat/threads`);
  const general = (listed.json().threads as { uuid: string; channel: string }[]).find(
    (thread) => thread.channel === 'general',
  )!.uuid;
  return {
    uuid: session.uuid,
    general,
    objectives: mission.objectives.map((objective) => objective.uuid),
    players: session.members.map((team, index) => ({
      browser: team[0]!,
      accountId: accounts.get(team[0]!)!,
      teamUuid: session.teamUuids[index]!,
    })),
  };
};
export type Game = Awaited<ReturnType<typeof setUpGame>>;

const headersOf = (browser: TestBrowser) => ({
  cookie: browser.cookieHeader(),
  'x-xsrf-token': browser.xsrf!,
  'content-type': 'application/json',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
});

/**
 * Each player answers (a correct flag every fifth answer, wrong ones between) and chats, through
 * `route(player)`: the node a load balancer sends it to now. A request that is not answered
 * (503, refused, cut, hang) is sent again with the same client id, as the web app does, until
 * it is; so every write is acknowledged once, whatever the nodes go through.
 */
export const playUnderLoad = (
  game: Game,
  route: (player: number) => { node: string; base: string },
  hangMs = HANG_MS,
) => {
  let running = true;
  let phase = 'load';
  const outcomes: Outcome[] = [];
  const acknowledged = { answers: [] as string[], chats: [] as string[], solves: 0 };
  /** Sends until acknowledged (or the load stops); the acknowledging status, or null. */
  const untilAcknowledged = async (
    player: number,
    what: 'answer' | 'chat',
    path: string,
    body: object,
  ) => {
    while (running) {
      const { node, base } = route(player);
      const outcome = await timed(
        phase,
        node,
        what,
        `${base}${path}`,
        {
          method: 'POST',
          headers: headersOf(game.players[player]!.browser),
          body: JSON.stringify(body),
        },
        hangMs,
      );
      outcomes.push(outcome);
      if (typeof outcome.status === 'number' && outcome.status !== 503) return outcome.status;
      await sleep(50);
    }
    return null;
  };
  const loops = game.players.flatMap((_, player) => [
    (async () => {
      let solved = 0;
      for (let n = 0; running && solved < game.objectives.length; n += 1) {
        const clientId = randomUUID();
        const correct = n % 5 === 4;
        const status = await untilAcknowledged(
          player,
          'answer',
          `/api/sessions/${game.uuid}/objectives/${game.objectives[solved]}/answers`,
          { answer: correct ? flagOf(solved) : `miss-${player}-${n}`, clientId },
        );
        if (status === 200) {
          acknowledged.answers.push(clientId);
          if (correct) {
            solved += 1;
            acknowledged.solves += 1;
          }
        }
      }
    })(),
    (async () => {
      for (let n = 0; running; n += 1) {
        const clientId = randomUUID();
        const status = await untilAcknowledged(
          player,
          'chat',
          `/api/session/${game.uuid}/chat/messages`,
          { threadId: game.general, text: `line ${player}.${n}`, clientId },
        );
        if (status === 201) acknowledged.chats.push(clientId);
      }
    })(),
  ]);
  return {
    outcomes,
    acknowledged,
    set phase(value: string) {
      phase = value;
    },
    /** Until every player has had `count` more writes acknowledged. */
    progress: async (count: number) => {
      const from = acknowledged.answers.length + acknowledged.chats.length;
      await waitFor(
        () => acknowledged.answers.length + acknowledged.chats.length >= from + count,
        60_000,
      );
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
};

/** Each team's score on the ledger and on its row, and the ranking the session's log ends on. */
export const standingsOf = async (db: Kysely<Database>, sessionUuid: string) => {
  const teams = await db
    .selectFrom('gaming_session_team')
    .select(['uuid', 'score'])
    .where('session_uuid', '=', sessionUuid)
    .orderBy('uuid')
    .execute();
  const ledger = new Map(
    (
      await db
        .selectFrom('score_entry')
        .select(['team_uuid', (eb) => eb.fn.sum<string>('points').as('points')])
        .where('session_uuid', '=', sessionUuid)
        .groupBy('team_uuid')
        .execute()
    ).map((row) => [row.team_uuid, Number(row.points)]),
  );
  const latest = await db
    .selectFrom('event_log')
    .select('payload')
    .where('stream', '=', `session:${sessionUuid}`)
    .where('type', '=', 'ranking.changed')
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    scores: teams.map((team) => [team.uuid, Number(team.score)] as const),
    ledger: teams.map((team) => [team.uuid, ledger.get(team.uuid) ?? 0] as const),
    logged: rankingScores(
      latest?.payload,
      teams.map((team) => team.uuid),
    ),
  };
};

const rankingScores = (payload: unknown, teams: readonly string[]) => {
  const announced = new Map(
    ((payload as { teams?: { uuid: string; score: number }[] } | undefined)?.teams ?? []).map(
      (team) => [team.uuid, team.score],
    ),
  );
  return teams.map((team) => [team, announced.get(team) ?? null] as const);
};

/** The ranking a follower's stream ended on, as its player's screen shows it. */
export const lastRankingOn = (messages: readonly StreamMessage[], teams: readonly string[]) =>
  rankingScores(
    (
      messages.findLast((message) => message.event === 'ranking.changed')?.data as
        { payload: unknown } | undefined
    )?.payload,
    teams,
  );

/**
 * The invariants once the game is quiet: every acknowledged answer and chat message is in the
 * database; each team's score is its ledger's sum, and the ranking its stream ended on; each
 * follower received exactly the events of the log it may see, once each and in order.
 */
export const expectNothingLost = async (
  db: Kysely<Database>,
  game: Game,
  acknowledged: { answers: string[]; chats: string[] },
  followers: { follower: Follower; player: number }[],
) => {
  const submitted = new Set(
    (
      await db
        .selectFrom('submission')
        .select('client_id')
        .where('session_uuid', '=', game.uuid)
        .execute()
    ).map((row) => row.client_id),
  );
  expect(acknowledged.answers.filter((clientId) => !submitted.has(clientId))).toEqual([]);
  const posted = new Set(
    (
      await db
        .selectFrom('chat_message')
        .select('client_id')
        .where('thread_uuid', '=', game.general)
        .execute()
    ).map((row) => row.client_id),
  );
  expect(acknowledged.chats.filter((clientId) => !posted.has(clientId))).toEqual([]);

  const standings = await standingsOf(db, game.uuid);
  expect(standings.scores).toEqual(standings.ledger);
  expect(standings.logged).toEqual(standings.scores);
  const teams = standings.scores.map(([team]) => team);

  const log = await db
    .selectFrom('event_log')
    .select(['sequence', 'audience', 'type'])
    .where('stream', '=', `session:${game.uuid}`)
    .orderBy('sequence')
    .execute();
  for (const { follower, player } of followers) {
    const { accountId, teamUuid } = game.players[player]!;
    const visible = new Set(['session', `user:${accountId}`, `team:${teamUuid}`]);
    const expected = log.filter((row) => visible.has(row.audience));
    // What the players wrote, and the ranking they made, delivered by now or never. (Events
    // the node writes once the followers are gone, presence for one, may follow.)
    const lastWritten = expected.findLast(
      (row) => row.type === 'chat.message_posted' || row.type === 'ranking.changed',
    )?.sequence;
    await waitFor(
      () => follower.messages().some((message) => Number(message.id) === lastWritten),
      30_000,
    ).catch(() => {});
    const messages = follower.messages();
    expect(messages.filter((message) => message.event === 'stream.reset')).toEqual([]);
    const ids = messages.flatMap((message) => (message.id ? [Number(message.id)] : []));
    // Exactly the log's events this player may see, each once and in order, to the last written.
    expect(ids).toEqual(expected.slice(0, ids.length).map((row) => row.sequence));
    expect(ids.at(-1)).toBeGreaterThanOrEqual(lastWritten ?? 0);
    expect(lastRankingOn(messages, teams)).toEqual(standings.scores);
  }
  return standings;
};

/**
 * Plain GETs, one after the other, each on a connection of its own, from a process of their
 * own (another browser's: not the test's, whose loop reads the herd's streams, nor one of its
 * threads, which compete with it) until `stop`: their latencies and statuses.
 */
export const plainGetsMeanwhile = (url: string) => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
      const http = require('node:http');
      let stopped = false;
      process.stdin.once('data', () => (stopped = true));
      const get = () => new Promise((resolve) => {
        http.get(process.argv[1], { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        }).on('error', () => resolve(0));
      });
      (async () => {
        const latencies = [];
        const statuses = [];
        while (!stopped) {
          const started = performance.now();
          statuses.push(await get());
          latencies.push(performance.now() - started);
        }
        process.stdout.write(JSON.stringify({ latencies, statuses }), () => process.exit(0));
      })();
      `,
      url,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const results = new Promise<{ latencies: number[]; statuses: number[] }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(output) as { latencies: number[]; statuses: number[] });
      } catch (error) {
        reject(error as Error);
      }
    });
  });
  return { stop: () => child.stdin.end('stop'), results };
};

/** `p50 … ms, p99 … ms, max … ms` of a list of latencies. */
export const percentiles = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return {
    p50: at(0.5) ?? NaN,
    p99: at(0.99) ?? NaN,
    max: sorted.at(-1) ?? NaN,
    text: `p50 ${at(0.5)?.toFixed(1)} ms, p99 ${at(0.99)?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  };
};
