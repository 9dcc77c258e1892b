import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The SECRET_KEY of the servers tests start on PostgreSQL, which refuses to start without one
 * (a test about that passes `SECRET_KEY: ''`).
 */
export const TEST_SECRET_KEY = 'SKLiDed57WACsKXO7kjq2INTIr5iS3v/OgDJjnrX8cA=';

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the server logs that it listens, with the address; rejects if it exits first. */
  listening: Promise<string>;
}

/**
 * Starts the built server (`dist/main.js`), or another of its entry points (`cli/admin.js`), in a
 * child process, as `npm start` and `npm run admin` do. The suite's global setup builds it first
 * when its sources changed (test/global-setup.ts): loading the build takes a child less than
 * half the CPU time that compiling the sources on the fly did.
 */
export const spawnServer = (
  environment: Record<string, string>,
  entry = 'main.js',
  args: string[] = [],
): ServerProcess => {
  const child = spawn(process.execPath, [`dist/${entry}`, ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      // Stopped at once unless a test drains (nothing balances their load).
      SHUTDOWN_DRAIN_MS: '0',
      ...(environment.DATABASE_URL ? { SECRET_KEY: TEST_SECRET_KEY } : {}),
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  listening.catch(() => {});
  return { child, output: () => output, exited, listening };
};
