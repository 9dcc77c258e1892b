import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDirectory, testDatabaseKind } from '../../test/database.js';
import { spawnServer, type ServerProcess } from '../../test/process.js';

const started: ServerProcess[] = [];
const temporaryDirectories: string[] = [];

afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
  for (const directory of temporaryDirectories.splice(0))
    fs.rmSync(directory, { recursive: true, force: true });
});

const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; url?: string; signal?: string });

// Real processes on an embedded database of their own: once per run of the suite.
describe.skipIf(testDatabaseKind() !== 'pglite')('the server log', () => {
  it('writes every access line and the shutdown line before the process exits on SIGTERM', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-log-'));
    temporaryDirectories.push(directory);
    await migratedDataDirectory(directory);
    const server = spawnServer({ PORT: '0', PGLITE_DIR: directory });
    started.push(server);
    const address = await server.listening;
    // Requests answered just before the stop: their lines are kept for the next write when the
    // signal arrives.
    const answered = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${address}/api/no-such-route-${i}`)),
    );
    expect(answered.every((response) => response.status === 404)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = jsonLines(server.output());
    const urls = new Set(lines.filter((line) => line.msg === 'request').map((line) => line.url));
    for (let i = 0; i < 40; i++) expect(urls).toContain(`/api/no-such-route-${i}`);
    expect(lines.at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
  }, 90_000);

  it('writes the lines kept so far when the process exits at once', async () => {
    // A fatal end: the process exits in the same turn as it logs, before any later write.
    const script = `
      const { createLogDestination } = await import(${JSON.stringify(
        new URL('./log-destination.ts', import.meta.url).pathname,
      )});
      const destination = createLogDestination();
      for (let i = 0; i < 1000; i++) destination.write('line ' + i + '\\n');
      setTimeout(() => {
        destination.write('last words\\n');
        process.exit(3);
      }, 10);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Once the process has exited and its output is all read.
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(3);
    const lines = output.trimEnd().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines.at(-1)).toBe('last words');
  }, 30_000);
});
