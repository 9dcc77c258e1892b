import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDirectory, testDatabaseKind } from '../test/database.js';
import { spawnServer, type ServerProcess } from '../test/process.js';

const started: ServerProcess[] = [];
const temporaryDirectories: string[] = [];

const dataDir = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-data-'));
  temporaryDirectories.push(directory);
  return directory;
};

const spawn = (environment: Record<string, string>) => {
  const server = spawnServer(environment);
  started.push(server);
  return server;
};

afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
  for (const directory of temporaryDirectories.splice(0))
    fs.rmSync(directory, { recursive: true, force: true });
});

const stackFrame = /^\s+at .+:\d+:\d+\)?$/m;

// The processes run on an embedded database of their own: once per run of the suite, in the
// embedded database's pass.
describe.skipIf(testDatabaseKind() !== 'pglite')('the server process', () => {
  it('exits with a message naming a bad variable, without a stack trace', async () => {
    const server = spawn({ PORT: 'abc', GO_HOME_ENABLED: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'PORT must be a whole number between 0 and 65535 (got "abc")',
    );
    expect(server.output()).toContain('GO_HOME_ENABLED');
    expect(server.output()).not.toMatch(stackFrame);
  });

  it('starts on an empty data dir, refuses a second process on the same dir, and stops cleanly on SIGTERM', async () => {
    const directory = dataDir();
    const first = spawn({ PORT: '0', PGLITE_DIR: directory });
    const address = await first.listening;
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(directory, 'rampart.lock'))).toBe(true);

    const second = spawn({ PORT: '0', PGLITE_DIR: directory });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${directory} is already in use`);
    expect(second.output()).not.toMatch(stackFrame);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(directory, 'rampart.lock'))).toBe(false);

    // The data survived the stop: a new process opens the same directory.
    const third = spawn({ PORT: '0', PGLITE_DIR: directory });
    const again = await third.listening;
    expect((await fetch(`${again}/api/health`)).status).toBe(200);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 90_000);
});

describe.skipIf(testDatabaseKind() !== 'pglite')('the administration command', () => {
  const admin = async (directory: string, ...args: string[]) => {
    const run = spawnServer({ PGLITE_DIR: directory }, 'cli/admin.js', args);
    started.push(run);
    const code = await run.exited;
    return { code, output: run.output() };
  };

  it('creates accounts, refuses weak passwords and lists them', async () => {
    // Migrated already: a node's first start on an empty directory is the test above.
    const directory = await migratedDataDirectory(dataDir());
    const created = await admin(
      directory,
      'create-player',
      'zoe',
      '--pseudo',
      'Zoe',
      '--password',
      'Str0ng#Pass',
    );
    expect(created).toMatchObject({
      code: 0,
      output: expect.stringContaining('Created player zoe'),
    });
    const generated = await admin(directory, 'create-trainer', 'coach');
    expect(generated.output).toMatch(/Password: \S{16,}/);
    const weak = await admin(directory, 'create-player', 'yan', '--password', 'weak');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain(
      'at least 8 characters, an uppercase letter, a digit and a symbol',
    );
    expect(weak.output).not.toMatch(stackFrame);
    const duplicate = await admin(directory, 'create-player', 'ZOE', '--password', 'Str0ng#Pass');
    expect(duplicate).toMatchObject({
      code: 1,
      output: expect.stringContaining('username is already taken'),
    });
    const listed = await admin(directory, 'list');
    expect(listed.output).toMatch(/trainer\s+coach/);
    expect(listed.output).toMatch(/player\s+zoe\s+Zoe/);
    expect(listed.output).not.toContain('alice');
  }, 90_000);
});
