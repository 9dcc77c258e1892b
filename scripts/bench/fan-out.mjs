// The fan-out figure of `npm run bench`: N SSE clients (in their own process) on one server
// process, events published at a steady rate; delivered share, commit → receipt latency and
// memory per idle connection.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Forks a bench helper script and talks to it over IPC (ask, then wait for a reply type). */
export const start = (script, env, execArgv = []) => {
  const child = fork(path.join(here, script), [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox = [];
  const waiting = [];
  child.on('message', (message) => {
    const index = waiting.findIndex((waiter) => waiter.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else inbox.push(message);
  });
  const exited = new Promise((_resolve, reject) =>
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`))),
  );
  exited.catch(() => {});
  const next = (type) => {
    const index = inbox.findIndex((message) => message.type === type);
    if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0]);
    return Promise.race([new Promise((resolve) => waiting.push({ type, resolve })), exited]);
  };
  return {
    child,
    ask: (message, type) => {
      child.send(message);
      return next(type);
    },
    ready: () => next('ready'),
    stop: () => {
      if (child.exitCode === null) child.send({ cmd: 'stop' });
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    },
  };
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `script`: sse-bare.mjs or sse-rampart.mjs; `execArgv`: Node's options for it (a CPU profile). Returns delivered %, p50/p99 latency (ms) and the
 * memory (bytes) each idle connection adds to the server process, after a full GC.
 */
export const measureFanOut = async ({
  script,
  env = {},
  clients,
  rate,
  seconds,
  execArgv = [],
}) => {
  const server = start(script, env, ['--expose-gc', ...execArgv]);
  const load = start('sse-clients.mjs', {});
  try {
    const { url, headers } = await server.ready();
    await load.ready();
    const before = await server.ask({ cmd: 'memory' }, 'memory');
    const connected = await load.ask({ cmd: 'connect', url, count: clients, headers }, 'connected');
    await sleep(1000);
    const after = await server.ask({ cmd: 'memory' }, 'memory');
    // Warm-up (JIT, caches, both processes' first bursts): one second of events, not counted.
    await server.ask({ cmd: 'publish', rate, count: Math.max(1, Math.round(rate)) }, 'published');
    await sleep(500);
    await load.ask({ cmd: 'forget' }, 'forgotten');
    const count = Math.max(1, Math.round(rate * seconds));
    const { commits } = await server.ask({ cmd: 'publish', rate, count }, 'published');
    // Let the last events arrive (or not: what is missing after this counts as not delivered).
    const expected = count * connected.ok;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { total } = await load.ask({ cmd: 'received', commits }, 'received');
      if (total >= expected) break;
      await sleep(100);
    }
    const report = await load.ask({ cmd: 'report', commits, clients }, 'report');
    return {
      connected: connected.ok,
      delivered: report.expected ? (report.delivered / report.expected) * 100 : 0,
      p50: report.p50,
      p99: report.p99,
      rssPerConnection: (after.rss - before.rss) / Math.max(1, connected.ok),
      heapPerConnection: (after.heap - before.heap) / Math.max(1, connected.ok),
      events: count,
    };
  } finally {
    load.stop();
    server.stop();
  }
};
