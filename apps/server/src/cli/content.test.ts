import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildPackDocument,
  removeTemporaryDirectories,
  temporaryDirectory,
  writePack,
} from '../../test/pack-factory.js';
import { migratedDataDirectory, testDatabaseKind } from '../../test/database.js';
import { spawnServer, type ServerProcess } from '../../test/process.js';

const started: ServerProcess[] = [];

afterEach(() => {
  for (const run of started.splice(0)) run.child.kill('SIGKILL');
  removeTemporaryDirectories();
});

/** Runs the command as `npm run content` would, called from `callerDirectory`. */
const content = async (dataDir: string, callerDirectory: string, ...args: string[]) => {
  const run = spawnServer(
    { PGLITE_DIR: dataDir, INIT_CWD: callerDirectory },
    'cli/content.js',
    args,
  );
  started.push(run);
  const code = await run.exited;
  return { code, output: run.output() };
};

// The command runs on an embedded database of its own: once per run of the suite, in the
// embedded database's pass.
describe.skipIf(testDatabaseKind() !== 'pglite')('the content command', () => {
  it('refuses a broken pack with file:line:col, path and message, then imports, lists and exports', async () => {
    const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-data-'));
    const caller = temporaryDirectory();
    const broken = buildPackDocument();
    broken.chapter.missions[0]!.objectives[1]!.correctChoices = ['e'];
    writePack(broken, undefined, path.join(caller, 'broken'));

    const refused = await content(dataDir, caller, 'import', 'broken');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^broken\/chapter\.yaml:\d+:\d+ {2}chapter\.missions\[0\]\.objectives\[1\]\.correctChoices\[0\] {2}"e" is not one of the choices a, b, c$/m,
    );
    expect(refused.output).toContain('1 problem: nothing was imported.');

    const good = buildPackDocument();
    writePack(good, undefined, path.join(caller, 'good'));
    const imported = await content(dataDir, caller, 'import', 'good');
    expect(imported.code).toBe(0);
    expect(imported.output).toContain('chapters    1 created, 0 updated, 0 removed');

    const listed = await content(dataDir, caller, 'list');
    expect(listed.output).toContain(
      `${good.chapter.uuid}  assigned   2 missions    5 objectives  Web security`,
    );

    const exported = await content(dataDir, caller, 'export', good.chapter.uuid, 'out');
    expect(exported.code).toBe(0);
    expect(fs.readdirSync(path.join(caller, 'out')).sort()).toEqual(['chapter.yaml', 'files']);
  }, 180_000);
});
