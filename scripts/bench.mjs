#!/usr/bin/env node
// `npm run bench`: figures against the performance budgets, each next to a baseline measured in
// the same run on the same machine, so the ratios mean something on any machine: a bare node:http
// server for the reads, a bare Fastify route doing one indexed read on the same database for the
// answers. Not a test: it prints, it never fails on a figure.
//   --duration <s>   seconds per measurement (default 5)
//   --connections N  concurrent connections (default 50)
//   --sse-clients N  SSE clients of the fan-out figure (default 2000; the budget is at 5000)
//   --sse-rate N     events per second published during the fan-out figure (default 20)
//   --solve-clients N  game screens open during the requests-per-solve figure (default 1000)
//   --lighthouse-runs N  audits of each screen, taken in turns; the medians are reported (default 3)
//   --lighthouse-against <dir>  another build of the web app (a copy of apps/web/dist), served by a
//                    second server and audited in turns with this one: what a change to the web
//                    app does to the scores, measured in the same run
//   --only <part>    one part only: http, play, requests, fan-out, labs or lighthouse (the
//                    baseline is always measured)
//   --database <db>  one database only: pglite or postgres (PostgreSQL needs DATABASE_URL)
//   --profile <dir>  write a CPU profile of each Rampart server process into <dir>
// An option it does not know, or a value it cannot use, stops it before anything starts.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { measureFanOut, start as startHelper } from './bench/fan-out.mjs';
import {
  BENCH_MISSION,
  BENCH_OBJECTIVES,
  benchFlag,
  benchObjectiveUuid,
  writeBenchPack,
} from './bench/bench-pack.mjs';
import {
  chooseAvatar,
  setUpPlayedSession,
  setUpRunningSession,
  setUpSolvingSessions,
} from './bench/play-fixture.mjs';
import { measureLabAllocation } from './bench/lab-allocation.mjs';
import { measureRequestsPerSolve } from './bench/requests-per-solve.mjs';
import { auditPage, summarizeAudits } from './bench/lighthouse.mjs';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const usage = (message) => {
  console.error(`bench: ${message} (the options are listed at the top of scripts/bench.mjs)`);
  process.exit(2);
};
const choices = {
  only: ['http', 'play', 'requests', 'fan-out', 'labs', 'lighthouse'],
  database: ['pglite', 'postgres'],
};
let args;
try {
  ({ values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      'sse-clients': { type: 'string', default: '2000' },
      'sse-rate': { type: 'string', default: '20' },
      'solve-clients': { type: 'string', default: '1000' },
      'lighthouse-runs': { type: 'string', default: '3' },
      'lighthouse-against': { type: 'string' },
      only: { type: 'string' },
      database: { type: 'string' },
      profile: { type: 'string' },
    },
  }));
} catch (error) {
  usage(error.message);
}
for (const [name, allowed] of Object.entries(choices))
  if (args[name] !== undefined && !allowed.includes(args[name]))
    usage(`--${name} is one of ${allowed.join(', ')}, not "${args[name]}"`);
/** A count or a duration given on the command line: a positive number. */
const positive = (name) => {
  const value = Number(args[name]);
  if (!(value > 0)) usage(`--${name} takes a positive number, not "${args[name]}"`);
  return value;
};
const duration = positive('duration');
const connections = positive('connections');
const sseClients = positive('sse-clients');
const sseRate = positive('sse-rate');
const solveClients = positive('solve-clients');
const lighthouseRuns = Math.max(1, Math.round(positive('lighthouse-runs')));
const lighthouseAgainst = args['lighthouse-against']
  ? path.resolve(args['lighthouse-against'])
  : null;
const only = args.only ?? null;
const part = (name) => only === null || only === name;
const onlyDatabase = args.database ?? null;
const profileDir = args.profile ? path.resolve(args.profile) : null;
const serverArgs = (script) =>
  profileDir && (script === 'apps/server/dist/main.js' || script === 'profile')
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, script]
    : [script];

buildIfStale([
  '@rampart/contracts',
  '@rampart/server',
  ...(part('lighthouse') ? ['@rampart/web'] : []),
]);

// Every process the bench starts is told its database: an inherited DATABASE_URL would put the
// embedded database's figures on PostgreSQL.
const postgresUrl = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;

const startProcess = (args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverArgs(args[0]), ...args.slice(1)], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/[^\s"]+)|running at http:\/\/localhost:(\d+)/.exec(
        output,
      );
      if (match) resolve({ child, url: match[1] ?? `http://127.0.0.1:${match[2]}` });
    });
    child.on('exit', (code) => reject(new Error(`process exited with ${code}: ${output}`)));
  });

const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

// The load generator runs in its own process, so it competes with the server only for CPU.
const load = (url, headers = {}) => {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/autocannon'),
    [
      '--json',
      '--connections',
      String(connections),
      '--duration',
      String(duration),
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
      url,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: (duration + 20) * 1000 },
  );
  if (result.status !== 0)
    throw new Error(
      `autocannon failed (${result.status} ${result.signal} ${result.error}): ${result.stderr}`,
    );
  return JSON.parse(result.stdout);
};

/** One request after another (after a warm-up): how long a single reader waits. */
const latencies = async (url, headers = {}, count = 40) => {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count + 5; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i >= 5) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1)), bytes };
};

/** The debrief figure's session: the issue's 50 teams × 40 objectives × 10,000 submissions. */
const DEBRIEF_TEAMS = 50;
const DEBRIEF_SUBMISSIONS = 10_000;

const measure = async (url, headers = {}) => {
  await load(url, headers); // warm-up: JIT, caches, connection pools
  const result = await load(url, headers);
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

/**
 * A process's name and CPU seconds from /proc (Linux), or null: its own (user + system) and its
 * ended children's. Fields after the name, which may hold spaces, follow its closing ")".
 */
const processTimes = (pid) => {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  const fields = stat
    .slice(close + 2)
    .split(' ')
    .map(Number);
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    own: (fields[11] + fields[12]) / 100, // clock ticks of 1/100 s
    children: (fields[13] + fields[14]) / 100,
  };
};

/**
 * CPU seconds a process has used (Linux: user and system time from /proc), or null elsewhere.
 * Per answer, it tells two versions of the answer path apart on a machine too busy for their
 * rates to: the embedded database runs inside the server, so its work is counted too.
 */
const cpuSeconds = (pid) => processTimes(pid)?.own ?? null;

/**
 * CPU seconds the processes of a PostgreSQL server on this machine have used (its backends,
 * and through the postmaster's children's times those that ended), or null if none is seen.
 */
const postgresCpuSeconds = () => {
  let total = null;
  let entries;
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const entry of entries) {
    const times = processTimes(entry); // null: ended meanwhile
    if (times?.name === 'postgres') total = (total ?? 0) + times.own + times.children;
  }
  return total;
};

/**
 * Answers from the fixture's players, after a warm-up, in a process of its own: distinct wrong
 * answers, or first solves of the bench mission's objectives.
 */
const measureAnswers = (url, fixture, mode = 'wrong', serverPid = null) => {
  let offset = 0;
  const run = (seconds) => {
    const result = spawnSync(process.execPath, ['scripts/bench/answers-load.mjs'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: (duration + 30) * 1000,
      env: {
        ...process.env,
        URL_BASE: url,
        SESSION: fixture.sessionUuid,
        OBJECTIVE: fixture.objectiveUuid,
        TOKENS: JSON.stringify(fixture.players),
        SESSIONS: JSON.stringify(fixture.sessions ?? []),
        PER_SESSION: String(fixture.perSession ?? 1),
        DURATION: String(seconds),
        CONNECTIONS: String(connections),
        MODE: mode,
        OFFSET: String(offset),
      },
    });
    if (result.status !== 0) throw new Error(`answers load failed: ${result.stderr}`);
    const parsed = JSON.parse(result.stdout);
    offset = parsed.counter;
    return parsed;
  };
  run(mode === 'correct' ? 2 : duration);
  const cpuBefore = serverPid === null ? null : cpuSeconds(serverPid);
  const postgresBefore = postgresCpuSeconds();
  const result = run(duration);
  const cpuAfter = serverPid === null ? null : cpuSeconds(serverPid);
  const postgresAfter = postgresCpuSeconds();
  const answers = result.requests.total;
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerAnswerUs:
      cpuBefore === null || cpuAfter === null || !answers
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / answers,
    postgresCpuPerAnswerUs:
      postgresBefore === null || postgresAfter === null || !answers
        ? null
        : ((postgresAfter - postgresBefore) * 1e6) / answers,
  };
};

/**
 * CPU per answer: the server's, and on PostgreSQL the database's when it runs on this machine
 * (on a machine too busy for two versions' rates to differ, their CPU per answer still does).
 */
const cpuFigure = (measured, kind) => {
  if (measured.cpuPerAnswerUs === null) return '';
  const server = `server CPU ${format(Math.round(measured.cpuPerAnswerUs))} µs/answer`;
  if (kind !== 'postgres') return server;
  return measured.postgresCpuPerAnswerUs === null
    ? `${server} (PostgreSQL not counted)`
    : `${server} + PostgreSQL ${format(Math.round(measured.postgresCpuPerAnswerUs))} µs`;
};

/** SSE clients on a session's stream, in a process of their own, counting what they receive. */
const watchSession = async (url, fixture, clients = 500) => {
  const load = startHelper('sse-clients.mjs', {});
  await load.ready();
  const connected = await load.ask(
    {
      cmd: 'connect',
      url: `${url}/api/sessions/${fixture.sessionUuid}/events`,
      count: clients,
      headers: { authorization: `Bearer ${fixture.players[0]}` },
    },
    'connected',
  );
  return {
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { total } = await load.ask({ cmd: 'count' }, 'count');
      load.stop();
      return { clients: connected.ok, events: total };
    },
  };
};

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, dropped when the bench ends:
 * figures from tables that earlier runs filled (and their autovacuum) would not be comparable.
 */
const benchDatabases = [];
const freshPostgresDatabase = async (url) => {
  const name = `rampart_bench_${process.pid}`;
  await adminQuery(url, `drop database if exists ${name}`);
  await adminQuery(url, `create database ${name}`);
  benchDatabases.push([url, name]);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
};
const adminQuery = async (url, statement) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const format = (n) => Math.round(n).toLocaleString('en-US');
const rows = [];
const processes = [];

try {
  const appInfoBody = JSON.stringify({
    'app-name': 'Rampart',
    mentions: null,
    'available-locales': ['fr', 'en'],
    'go-home-enabled': true,
  });
  const bare = await startProcess(['scripts/bench/bare-http.mjs'], { BENCH_BODY: appInfoBody });
  processes.push(bare.child);
  const databases = [];
  if (onlyDatabase !== 'postgres')
    databases.push([
      'pglite',
      { PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-')) },
    ]);
  if (postgresUrl && onlyDatabase !== 'pglite')
    databases.push([
      'postgres',
      {
        DATABASE_URL: await freshPostgresDatabase(postgresUrl),
        // Rampart on PostgreSQL needs one; a throwaway database gets a throwaway key.
        SECRET_KEY: process.env.SECRET_KEY || crypto.randomBytes(32).toString('base64'),
      },
    ]);
  if (onlyDatabase === 'postgres' && !postgresUrl)
    throw new Error('--database postgres needs DATABASE_URL');

  console.log(
    `Rampart benchmarks — ${os.cpus().length} cores, ${connections} connections, ${duration} s per figure\n`,
  );
  const baseline = await measure(`${bare.url}/`);
  rows.push([
    'baseline: bare node:http, same JSON body',
    `${format(baseline.rate)} req/s`,
    `p99 ${baseline.p99} ms`,
    '',
    '',
  ]);

  for (const [kind, env] of part('http') ? databases : []) {
    const server = await startProcess(['apps/server/dist/main.js'], env);
    processes.push(server.child);
    const appInfo = await measure(`${server.url}/api/app-info`);
    rows.push([
      `GET /api/app-info (pre-serialised, ${kind})`,
      `${format(appInfo.rate)} req/s`,
      `p99 ${appInfo.p99} ms`,
      `${((appInfo.rate / baseline.rate) * 100).toFixed(0)} % of baseline`,
      'ranking budget: ≥ 40 % of baseline',
    ]);
    const health = await measure(`${server.url}/api/health`);
    rows.push([
      `GET /api/health (one query, ${kind})`,
      `${format(health.rate)} req/s`,
      `p99 ${health.p99} ms`,
      `${((health.rate / baseline.rate) * 100).toFixed(0)} % of baseline`,
      '',
    ]);
    if (appInfo.errors || health.errors)
      rows.push([`  errors (${kind})`, String(appInfo.errors + health.errors), '', '', '']);
    await stopProcess(server.child);
  }

  // Play: a running session of six teams on each database; the brute-force limit lifted, so the
  // figure is the answer path's own.
  // The bench mission (40 objectives, a mission's most) and enough one-player teams for every
  // correct answer to be a first solve.
  const benchPack = writeBenchPack(
    fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-pack-')),
    BENCH_OBJECTIVES,
  );
  const solvers = Math.ceil(((duration + 2) * 6000) / BENCH_OBJECTIVES / 100) * 100;
  for (const [kind, env] of part('play') ? databases : []) {
    const playEnv =
      kind === 'pglite'
        ? { PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-play-')) }
        : env;
    const imported = spawnSync(
      process.execPath,
      ['apps/server/dist/cli/content.js', 'import', benchPack],
      { encoding: 'utf8', env: { ...process.env, ...playEnv, LOG_LEVEL: 'warn' } },
    );
    if (imported.status !== 0) throw new Error(`bench pack import failed: ${imported.stderr}`);
    const serverEnv = {
      ...playEnv,
      SEED_DEMO_ACCOUNTS: 'true',
      ANSWERS_PER_MINUTE: '1000000',
      SSE_MAX_STREAMS_PER_USER: '1000',
    };
    // A first start seeds the demo accounts (only ever into an empty database); the bench's
    // players are written while no server holds the embedded database.
    const seeding = await startProcess(['apps/server/dist/main.js'], serverEnv);
    await stopProcess(seeding.child);
    const bulk = spawnSync(process.execPath, ['scripts/bench/bulk-players.mjs', String(solvers)], {
      encoding: 'utf8',
      env: { ...process.env, ...playEnv, LOG_LEVEL: 'warn' },
    });
    if (bulk.status !== 0) throw new Error(`bench players failed: ${bulk.stderr}`);
    const solverTokens = JSON.parse(bulk.stdout);
    const server = await startProcess(['apps/server/dist/main.js'], serverEnv);
    processes.push(server.child);
    const fixture = await setUpRunningSession(server.url);
    // The answers' baseline: a bare Fastify route doing one indexed read on the same database,
    // measured while the server above sits idle.
    const bareRead = await startProcess(
      ['scripts/bench/bare-fastify-read.mjs'],
      kind === 'pglite'
        ? { PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-read-')) }
        : env,
    );
    processes.push(bareRead.child);
    const read = await measure(`${bareRead.url}/probe`);
    await stopProcess(bareRead.child);
    rows.push([
      `baseline (${kind}): bare Fastify route, one indexed read`,
      `${format(read.rate)} req/s`,
      `p99 ${read.p99} ms`,
      '',
      '',
    ]);
    const ofRead = (rate) => `${((rate / read.rate) * 100).toFixed(0)} % of the read baseline`;
    const wrong = measureAnswers(server.url, fixture, 'wrong', server.child.pid);
    rows.push([
      `wrong answers (${kind}): ${
        fixture.penalty > 0
          ? 'attempt, penalty in the ledger, ranking event'
          : 'attempt and team event (no penalty on this objective)'
      }`,
      `${format(wrong.rate)} answers/s`,
      `p50 ${wrong.p50} ms · p99 ${wrong.p99} ms`,
      [
        ofRead(wrong.rate),
        cpuFigure(wrong, kind),
        wrong.errors ? `${format(wrong.errors)} errors` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      'budget: ≥ 6,500/s, p99 < 30 ms',
    ]);
    // Correct answers: first solves on a session of the bench mission, with SSE clients on the
    // session's stream receiving every solve and ranking event meanwhile.
    const solving = await setUpSolvingSessions(server.url, BENCH_MISSION, solverTokens);
    const watchers = await watchSession(server.url, {
      sessionUuid: solving.sessions[0],
      players: solving.players,
    });
    const correct = measureAnswers(server.url, solving, 'correct', server.child.pid);
    const received = await watchers.stop();
    rows.push([
      `correct answers (${kind}): first solves by ${format(solvers)} teams, ledger, ranking event, ${format(received.clients)} SSE clients`,
      `${format(correct.rate)} answers/s`,
      `p50 ${correct.p50} ms · p99 ${correct.p99} ms`,
      [
        ofRead(correct.rate),
        cpuFigure(correct, kind),
        correct.errors ? `${format(correct.errors)} errors` : '',
        `${format(received.events)} events received`,
      ]
        .filter(Boolean)
        .join(' · '),
      `budget: ${kind === 'postgres' ? '≥ 3,000/s' : '≥ 1,500/s'}`,
    ]);
    const ranking = await measure(`${server.url}/api/sessions/${fixture.sessionUuid}/ranking`, {
      authorization: `Bearer ${fixture.players[0]}`,
    });
    rows.push([
      `GET /api/sessions/{uuid}/ranking (${kind}, pre-serialised)`,
      `${format(ranking.rate)} req/s`,
      `p99 ${ranking.p99} ms`,
      `${((ranking.rate / baseline.rate) * 100).toFixed(0)} % of baseline`,
      'budget: ≥ 40 % of baseline, no query per read',
    ]);
    // The debrief: one request for the whole stats page of a session played to the end.
    const debrief = await setUpPlayedSession(server.url, {
      missionUuid: BENCH_MISSION,
      objectiveUuid: benchObjectiveUuid,
      flag: benchFlag,
      objectives: BENCH_OBJECTIVES,
      tokens: solverTokens,
      teams: DEBRIEF_TEAMS,
      wrongPerObjective: Math.round(DEBRIEF_SUBMISSIONS / DEBRIEF_TEAMS / BENCH_OBJECTIVES) - 1,
    });
    const stats = await latencies(`${server.url}/api/sessions/${debrief.sessionUuid}/stats`, {
      authorization: `Bearer ${debrief.player}`,
    });
    rows.push([
      `GET /api/sessions/{uuid}/stats (${kind}): ${DEBRIEF_TEAMS} teams × ${BENCH_OBJECTIVES} objectives × ${format(debrief.submissions)} submissions`,
      `p50 ${stats.p50} ms`,
      `p99 ${stats.p99} ms · max ${stats.max} ms`,
      `${format(stats.bytes)} bytes, one request after another`,
      'budget: < 100 ms',
    ]);
    await stopProcess(server.child);
  }

  // Requests per solve: game screens open on one session, each doing on every event what the web
  // app does; one team solves. A count, not a speed: the embedded database is enough.
  if (part('requests')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-requests-'));
    const env = { PGLITE_DIR: dataDir, LOG_LEVEL: 'warn' };
    const imported = spawnSync(
      process.execPath,
      ['apps/server/dist/cli/content.js', 'import', benchPack],
      { encoding: 'utf8', env: { ...process.env, ...env } },
    );
    if (imported.status !== 0) throw new Error(`bench pack import failed: ${imported.stderr}`);
    const server = await startProcess(['apps/server/dist/main.js'], {
      ...env,
      SEED_DEMO_ACCOUNTS: 'true',
      SSE_MAX_STREAMS_PER_USER: String(solveClients),
    });
    processes.push(server.child);
    const fixture = await setUpRunningSession(server.url, { missionUuid: BENCH_MISSION });
    const figure = await measureRequestsPerSolve(server.url, {
      sessionUuid: fixture.sessionUuid,
      players: fixture.players,
      objectives: Array.from({ length: BENCH_OBJECTIVES }, (_, index) => ({
        uuid: benchObjectiveUuid(index),
        flag: benchFlag(index),
      })),
      clients: solveClients,
    });
    rows.push([
      `requests per solve: ${format(figure.connected)}/${format(solveClients)} game screens open, ${fixture.players.length} teams`,
      `${figure.perSolve.toLocaleString('en-US', { maximumFractionDigits: 1 })} requests`,
      Object.entries(figure.statuses)
        .map(([status, times]) => `${format(times)}× ${status}`)
        .join(' · '),
      `the answer included; ${figure.eventsPerScreen.toFixed(1)} events per screen and solve, handled as the web app does`,
      'budget: O(1), not O(screens)',
    ]);
    await stopProcess(server.child);
  }

  // Fan-out: the bare broadcaster first, then Rampart on each database, same clients and rate.
  const fanOutTargets = [['bare node:http SSE broadcaster', 'sse-bare.mjs', {}]];
  for (const [kind, env] of databases) {
    const dataDir = { PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-sse-')) };
    fanOutTargets.push([`Rampart (${kind})`, 'sse-rampart.mjs', kind === 'pglite' ? dataDir : env]);
  }
  for (const [label, script, env] of part('fan-out') ? fanOutTargets : []) {
    const figure = await measureFanOut({
      script,
      env,
      clients: sseClients,
      rate: sseRate,
      seconds: duration,
      execArgv: profileDir && script === 'sse-rampart.mjs' ? serverArgs('profile').slice(0, 2) : [],
    });
    const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
    rows.push([
      `fan-out: ${label}, ${format(figure.connected)}/${format(sseClients)} clients, ${sseRate} events/s`,
      `delivered ${figure.delivered.toFixed(1)} %`,
      `p50 ${figure.p50.toFixed(0)} ms · p99 ${figure.p99.toFixed(0)} ms`,
      `${kib(figure.rssPerConnection)} RSS, ${kib(figure.heapPerConnection)} heap per idle connection`,
      script === 'sse-bare.mjs'
        ? 'baseline'
        : 'budget: p99 < 500 ms at 5,000 clients; ≤ 16 KiB per idle connection',
    ]);
  }

  // Labs: allocation on the local provider (skipped where the host cannot make sandboxes).
  if (part('labs')) {
    try {
      const labs = await measureLabAllocation({ count: 10 });
      rows.push([
        `lab allocation, local provider: allocate → Ready, 2 machines, ${labs.count} each`,
        `cold p50 ${labs.cold.p50} ms · p99 ${labs.cold.p99} ms`,
        `warm pool p50 ${labs.warm.p50} ms · p99 ${labs.warm.p99} ms`,
        '',
        '',
      ]);
    } catch (error) {
      rows.push(['lab allocation, local provider', `not measured: ${error.message}`, '', '', '']);
    }
  }

  // Lighthouse: the login page, a signed-in player's home and the game screen of a running
  // session, served by Rampart as in production (the built app, its compressed assets).
  if (part('lighthouse')) {
    // This build, and the one to compare it with (`--lighthouse-against`), each served by a
    // server of its own on a database of its own.
    const builds = [
      { name: 'this build', env: {} },
      ...(lighthouseAgainst
        ? [
            {
              name: `against ${path.basename(lighthouseAgainst)}`,
              env: { WEB_DIST: lighthouseAgainst },
            },
          ]
        : []),
    ];
    const servers = [];
    for (const build of builds) {
      const server = await startProcess(['apps/server/dist/main.js'], {
        PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-lighthouse-')),
        SEED_DEMO_ACCOUNTS: 'true',
        ...build.env,
      });
      processes.push(server.child);
      const fixture = await setUpRunningSession(server.url);
      await chooseAvatar(server.url, fixture.players[0]);
      servers.push({ build, url: server.url, fixture });
    }
    // Each screen, on each build in turn.
    const screens = [
      ['login', 'login page', () => '/login', false],
      ['home', 'home, signed in', () => '/home', true],
      ['game', 'game screen, running session', (f) => `/sessions/${f.sessionUuid}/game`, true],
    ].flatMap(([key, screen, pathOf, signedIn]) =>
      servers.map(({ build, url, fixture }, index) => ({
        label: `Lighthouse, mobile: ${screen}${servers.length > 1 ? ` (${build.name})` : ''}`,
        report: servers.length > 1 ? `${key}-${index === 0 ? 'this' : 'against'}` : key,
        url: `${url}${pathOf(fixture)}`,
        headers: signedIn ? { authorization: `Bearer ${fixture.players[0]}` } : {},
        audits: [],
        error: null,
      })),
    );
    // The screens in turns, run after run, and the builds of a screen one after the other, in
    // the other order at the next run: a slower stretch of the machine touches each alike.
    for (let run = 0; run < lighthouseRuns; run++) {
      for (const screen of run % 2 === 1 ? [...screens].reverse() : screens) {
        // Lighthouse now and then fails to record a page load (NO_NAVSTART): tried once more.
        for (let attempt = 0; attempt < 2; attempt++) {
          try {
            screen.audits.push(auditPage(screen.url, screen.headers, screen.report));
            break;
          } catch (error) {
            screen.error = error;
          }
        }
      }
    }
    for (const { label, audits, error } of screens) {
      if (audits.length === 0) {
        rows.push([label, `not measured: ${error?.message}`, '', '', '']);
        continue;
      }
      const audit = summarizeAudits(audits);
      const range = audit.runs > 1 ? ` (${audit.lowest}–${audit.highest}, ${audit.runs} runs)` : '';
      const failed = lighthouseRuns - audits.length;
      rows.push([
        label,
        `performance ${audit.score}${range}`,
        `FCP ${format(audit.fcp)} ms · LCP ${format(audit.lcp)} ms`,
        `TBT ${format(audit.tbt)} ms · CLS ${audit.cls.toFixed(3)}${
          audit.losses.length > 0 ? ` · short on ${audit.losses.join(', ')}` : ''
        }${failed > 0 ? ` · ${failed} failed: ${error?.message.slice(0, 120)}` : ''}`,
        'budget: ≥ 95 (median)',
      ]);
    }
  }

  rows.push([
    'solve → visible on every SSE client',
    'the fan-out rows above: commit → receipt of an event',
    '',
    '',
    'budget: p99 < 500 ms at 5,000 clients',
  ]);
} finally {
  await Promise.all(processes.map((child) => stopProcess(child)));
  for (const [url, name] of benchDatabases)
    await adminQuery(url, `drop database if exists ${name} with (force)`);
}

const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
console.log(
  '\nInitial JavaScript of the login page: printed by `npm run build` (budget ≤ 75 KB gzip).',
);
