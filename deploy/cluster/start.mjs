#!/usr/bin/env node
// `npm run cluster`: Rampart as a cluster on this machine. PostgreSQL (DATABASE_URL when set,
// else a private server under the run directory), the migrations applied once, two Rampart nodes
// on loopback ports and nginx in front of them, all as the current user; Ctrl+C stops them all.
// A node that exits while the cluster runs (a crash, `kill <pid>`) is started again.
//   --dir DIR          run directory: logs, nginx's files, the private PostgreSQL (./.cluster)
//   --port N           where nginx listens (8080); the nodes take N+1 and N+2 unless told
//   --host ADDR        nginx's interface (0.0.0.0)
//   --node-ports A,B   the nodes' ports
//   --pg-port N        the private PostgreSQL's port (N+3)
//   --demo             demo accounts and content on an empty database
// The run directory's cluster.json names each process, its pid and port, while it runs.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale } from '../../scripts/lib/build-if-stale.mjs';
import { renderNginxConfig } from './nginx-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);

const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: '.cluster' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '0.0.0.0' },
    'node-ports': { type: 'string' },
    'pg-port': { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
});
const port = Number(options.port);
const nodePorts = options['node-ports']
  ? options['node-ports'].split(',').map(Number)
  : [port + 1, port + 2];
const pgPort = Number(options['pg-port'] ?? port + 3);
const runDir = path.resolve(options.dir);
const logDir = path.join(runDir, 'logs');
const nginxDir = path.join(runDir, 'nginx');
const stateFile = path.join(runDir, 'cluster.json');
const asRoot = process.getuid?.() === 0;

const say = (message) => console.log(`[cluster] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What runs, in the order it started; stopped in reverse. */
const running = { postgres: null, nodes: [], nginx: null };
let stopping = false;

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

const stopChild = async (child, signal, graceMs) => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const done = await Promise.race([exited(child).then(() => true), sleep(graceMs)]);
  if (!done) {
    child.kill('SIGKILL');
    await exited(child);
  }
};

const writeState = () => {
  const state = {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    database: running.postgres?.private ? 'private' : 'DATABASE_URL',
    nginx: running.nginx ? { pid: running.nginx.pid, port } : null,
    nodes: running.nodes.map((node) => ({
      name: node.name,
      pid: node.child.pid,
      port: node.port,
      log: node.log,
    })),
  };
  // Whole or not at all: whoever reads it meanwhile sees the previous state.
  fs.writeFileSync(`${stateFile}.new`, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(`${stateFile}.new`, stateFile);
};

const stopAll = async (code) => {
  if (stopping) return;
  stopping = true;
  say('stopping: the nodes drain first, then nginx and PostgreSQL stop');
  // The nodes' own graceful stop: health failing, requests finished, streams closed.
  await Promise.all(running.nodes.map((node) => stopChild(node.child, 'SIGTERM', 30_000)));
  await stopChild(running.nginx, 'SIGTERM', 10_000);
  if (running.postgres?.private) running.postgres.stop();
  fs.rmSync(stateFile, { force: true });
  say('stopped');
  process.exit(code);
};

const fail = async (message) => {
  console.error(`[cluster] ${message}`);
  await stopAll(1);
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

// --- PostgreSQL -------------------------------------------------------------------------------

const postgresBinaries = () => {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((version) => fs.existsSync(path.join(base, version, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  return versions.length > 0 ? path.join(base, versions.at(-1), 'bin') : null;
};

/** A PostgreSQL server of the cluster's own, its data kept in the run directory between runs. */
const startPrivatePostgres = () => {
  const bin = postgresBinaries();
  if (!bin) throw new Error('set DATABASE_URL, or install PostgreSQL (apt-get install postgresql)');
  const data = path.join(runDir, 'postgres');
  // PostgreSQL refuses to run as root: as root, its files and processes are the postgres user's.
  const run = (program, args) => {
    const line = [path.join(bin, program), ...args];
    if (!asRoot) return execFileSync(line[0], line.slice(1), { stdio: 'pipe' });
    const quoted = line.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  };
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.mkdirSync(data, { recursive: true, mode: 0o700 });
    if (asRoot) execFileSync('chown', ['postgres:', data]);
    say(`creating a PostgreSQL data directory in ${data}`);
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  }
  const pgOptions = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-o', pgOptions, 'start']);
  say(`PostgreSQL started on 127.0.0.1:${pgPort} (data in ${data})`);
  return {
    private: true,
    url: `postgres://postgres@127.0.0.1:${pgPort}/rampart`,
    adminUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        console.error(`[cluster] PostgreSQL did not stop cleanly: ${error.message}`);
      }
    },
  };
};

const createDatabaseIfMissing = async (adminUrl, name) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
};

/** Migrations once, before any node starts (and the demo, asked for, once too). */
const prepareDatabase = async (databaseUrl) => {
  process.env.DATABASE_URL = databaseUrl;
  const server = path.join(root, 'apps/server/dist');
  const { loadConfig } = await import(path.join(server, 'config.js'));
  const { openDatabase } = await import(path.join(server, 'db/database.js'));
  const { migrateToLatest } = await import(path.join(server, 'db/migrate.js'));
  const config = loadConfig();
  const database = await openDatabase(config.database, { warn: () => {} });
  try {
    const applied = await migrateToLatest(database.db);
    say(
      `database migrated (${applied.length} migration${applied.length === 1 ? '' : 's'} applied)`,
    );
    if (options.demo) {
      const { seedDemoAccounts } = await import(
        path.join(server, 'modules/identity/demo-accounts.js')
      );
      const { createIdentityServices } = await import(
        path.join(server, 'modules/identity/index.js')
      );
      const { loadDemoContent } = await import(
        path.join(server, 'modules/content/pack/demo-content.js')
      );
      const seeded = await seedDemoAccounts(createIdentityServices(database.db, config.auth));
      const quiet = { info: () => {}, warn: () => {}, error: (details, message) => say(message) };
      await loadDemoContent(database.db, config.contentDir, quiet);
      say(
        seeded
          ? 'demo accounts created: trainer, alice, bob, carol, dave, erin, frank (password Rampart#2025)'
          : 'the database has accounts already: no demo account created',
      );
    }
  } finally {
    await database.close();
  }
};

/**
 * The key that encrypts secrets at rest, the same on every node and across runs: SECRET_KEY when
 * set, else one made at the first run and kept in the run directory (readable by its owner only).
 */
const secretKey = () => {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  const file = path.join(runDir, 'secret-key');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
};

// --- Rampart nodes ----------------------------------------------------------------------------

/** The end of a log, to say why a process did not start. */
const tail = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-10).join('\n');
  } catch {
    return '(no log)';
  }
};

const untilHealthy = async (url, child, what, log) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited during its start; the end of ${log}:\n${tail(log)}`);
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(200);
  }
  throw new Error(
    `${what} did not become healthy within two minutes; the end of ${log}:\n${tail(log)}`,
  );
};

const startNode = (name, nodePort, databaseUrl) => {
  const log = path.join(logDir, `${name}.log`);
  const output = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    // Its own process group: Ctrl+C reaches this script only, which stops the nodes in order.
    detached: true,
    stdio: ['ignore', output, output],
    env: {
      NODE_ENV: 'production',
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(nodePort),
      DATABASE_URL: databaseUrl,
      SECRET_KEY: process.env.SECRET_KEY,
      // Only nginx, on this machine, reaches the nodes: its X-Forwarded-For is trusted.
      TRUST_PROXY: '127.0.0.1',
      // Done once by this script, never by two nodes at once.
      SEED_DEMO_ACCOUNTS: 'false',
    },
  });
  fs.closeSync(output);
  const node = { name, port: nodePort, child, log, startedAt: Date.now() };
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    // As a process manager would: a node that stops (a crash, a kill, a stop sent to it alone)
    // is started again, unless it did not even last through its start (a configuration error).
    if (Date.now() - node.startedAt < MIN_NODE_LIFE_MS) {
      say(
        `${name} (pid ${child.pid}) exited (${how}) right after its start: not restarted; log: ${log}`,
      );
      return;
    }
    say(
      `${name} (pid ${child.pid}) exited (${how}): the other node serves its players; ` +
        `starting it again in ${RESTART_DELAY_MS / 1000} s; log: ${log}`,
    );
    setTimeout(() => void restartNode(node, databaseUrl), RESTART_DELAY_MS);
  });
  return node;
};

/** How long a node must have run to be restarted when it exits; how long a restart waits. */
const MIN_NODE_LIFE_MS = 10_000;
const RESTART_DELAY_MS = 1000;

const restartNode = async (previous, databaseUrl) => {
  if (stopping) return;
  const node = startNode(previous.name, previous.port, databaseUrl);
  running.nodes = running.nodes.map((candidate) => (candidate === previous ? node : candidate));
  try {
    await untilHealthy(`http://127.0.0.1:${node.port}`, node.child, node.name, node.log);
    if (stopping) return;
    writeState();
    say(`${node.name} (pid ${node.child.pid}) serves again on 127.0.0.1:${node.port}`);
  } catch (error) {
    if (!stopping) say(`${node.name} did not start again: ${error.message}; log: ${node.log}`);
  }
};

// --- nginx ------------------------------------------------------------------------------------

const startNginx = async () => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  fs.mkdirSync(nginxDir, { recursive: true });
  for (const temp of ['client_temp', 'proxy_temp', 'fastcgi_temp', 'uwsgi_temp', 'scgi_temp']) {
    fs.mkdirSync(path.join(nginxDir, temp), { recursive: true });
    // Started as root, nginx's master keeps root (it opens the logs) and its workers drop to
    // nobody, who must write the temporary files.
    if (asRoot) execFileSync('chown', ['nobody:nogroup', path.join(nginxDir, temp)]);
  }
  const config = path.join(nginxDir, 'nginx.conf');
  const errorLog = path.join(logDir, 'nginx-error.log');
  fs.writeFileSync(
    config,
    renderNginxConfig({
      listen: `${options.host}:${port}`,
      nodes: running.nodes.map((node) => ({ name: node.name, address: `127.0.0.1:${node.port}` })),
      runDir: nginxDir,
      errorLog,
      accessLog: path.join(logDir, 'nginx-access.log'),
      ...(asRoot ? { user: 'nobody nogroup' } : {}),
    }),
  );
  try {
    execFileSync(nginx, ['-t', '-q', '-p', nginxDir, '-e', errorLog, '-c', config], {
      stdio: 'pipe',
    });
  } catch (error) {
    throw new Error(`nginx refuses its configuration ${config}:\n${error.stderr}`);
  }
  const child = spawn(nginx, ['-p', nginxDir, '-e', errorLog, '-c', config, '-g', 'daemon off;'], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) void fail(`nginx exited (${signal ?? `code ${code}`}); see ${errorLog}`);
  });
  running.nginx = child;
  await untilHealthy(`http://127.0.0.1:${port}`, child, 'nginx', errorLog);
};

// --- the cluster ------------------------------------------------------------------------------

try {
  fs.mkdirSync(logDir, { recursive: true });
  buildIfStale();
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    running.postgres = { private: false };
    say('PostgreSQL: the server of DATABASE_URL');
  } else {
    running.postgres = startPrivatePostgres();
    await createDatabaseIfMissing(running.postgres.adminUrl, 'rampart');
    databaseUrl = running.postgres.url;
  }
  process.env.SECRET_KEY = secretKey();
  await prepareDatabase(databaseUrl);

  running.nodes = nodePorts.map((nodePort, index) =>
    startNode(`node-${index + 1}`, nodePort, databaseUrl),
  );
  await Promise.all(
    running.nodes.map((node) =>
      untilHealthy(`http://127.0.0.1:${node.port}`, node.child, node.name, node.log).then(() =>
        say(
          `${node.name} (pid ${node.child.pid}) serves on 127.0.0.1:${node.port}; log: ${node.log}`,
        ),
      ),
    ),
  );
  await startNginx();
  writeState();
  const shown = options.host === '0.0.0.0' ? 'localhost' : options.host;
  say(`nginx (pid ${running.nginx.pid}) balances both nodes; logs in ${logDir}`);
  say(`Rampart is running at http://${shown}:${port} (press Ctrl+C to stop)`);
} catch (error) {
  await fail(error.message);
}
