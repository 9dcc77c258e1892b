import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server programs installed, as CI installs them; null when there are none. */
export const postgresBinaries = (): string | null => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
};

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/**
 * Until nothing listens on the port any more: `pg_ctl stop` returns once the server's pid file
 * is gone, which a test must not take as proof that no connection can still be made.
 */
const untilRefused = async (port: number) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await refusesConnections(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PostgreSQL still accepts connections on port ${port} after its stop`);
};

/** A free port between 56000 and 56999, the range tests that run their own servers use. */
export const freePort = async () => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 56_000 + Math.floor(Math.random() * 1000);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port between 56000 and 56999');
};

export interface OwnPostgres {
  readonly url: string;
  /** `pg_ctl restart -m immediate`: every backend killed at once, the server back at once. */
  restartImmediately(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions terminated by the administrator, the server gone. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, in a temporary directory, to stop and restart while the
 * app works on it (never the shared server of DATABASE_URL). Run as the `postgres` user when the
 * tests run as root, as on CI.
 */
export const startOwnPostgres = async (): Promise<OwnPostgres> => {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
  const directory = fs.mkdtempSync('/tmp/rampart-own-pg-');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', directory]);
  const data = path.join(directory, 'data');
  const port = await freePort();
  const command = (program: string, args: string[]) => {
    const line = [path.join(bin, program), ...args];
    return asRoot
      ? run('su', ['postgres', '-s', '/bin/sh', '-c', line.map((part) => `'${part}'`).join(' ')])
      : run(line[0]!, line.slice(1));
  };
  const pgCtl = (...args: string[]) =>
    command('pg_ctl', ['-D', data, '-l', path.join(directory, 'log'), '-w', ...args]);

  await command('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${directory}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  await pgCtl('-o', options, 'start');

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartImmediately: async () => {
      await pgCtl('-m', 'immediate', 'restart');
    },
    stop: async () => {
      await pgCtl('-m', 'fast', 'stop');
      await untilRefused(port);
    },
    start: async () => {
      await pgCtl('-o', options, 'start');
    },
    close: async () => {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
