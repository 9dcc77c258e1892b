import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    pgliteTemplateDirectory: string | null;
  }
}

/** scripts/lib/build-if-stale.mjs, as `npm start` uses it. */
const buildIfStale = async (workspaces: string[]) => {
  const script = new URL('../../../scripts/lib/build-if-stale.mjs', import.meta.url).href;
  const module = (await import(script)) as { buildIfStale: (workspaces: string[]) => void };
  module.buildIfStale(workspaces);
};

/**
 * The tests that start the server in a child process start its build (test/process.ts): it is
 * built here when its sources are newer. Creating a PGlite database takes seconds (about ten of
 * CPU on a data directory); loading a dump or copying a directory takes a fraction of that. The
 * suite creates and migrates one database in a data directory, as a node keeps it: test files
 * start from its dump (in memory) or from a copy of the directory (`migratedDataDirectory`).
 */
export default async function setup(project: TestProject) {
  await buildIfStale(['@rampart/contracts', '@rampart/server']);
  if (process.env.RAMPART_TEST_DATABASE === 'postgres') {
    project.provide('pgliteTemplate', null);
    project.provide('pgliteTemplateDirectory', null);
    return;
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-template-'));
  const file = path.join(directory, 'template.tar');
  const dataDirectory = path.join(directory, 'data');
  fs.mkdirSync(dataDirectory);
  const handle = await openPGlite(dataDirectory);
  await migrateToLatest(handle.db);
  const dump = await handle.client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteTemplateDirectory', dataDirectory);
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
