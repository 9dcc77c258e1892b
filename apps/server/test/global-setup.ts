import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
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
 * built here when its sources are newer. Creating a PGlite database takes seconds; loading a dump
 * takes a fraction of that. The suite creates and migrates one database, dumps it, and every test
 * file starts from that dump.
 */
export default async function setup(project: TestProject) {
  await buildIfStale(['@rampart/contracts', '@rampart/server']);
  if (process.env.RAMPART_TEST_DATABASE === 'postgres') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-template-'));
  const file = path.join(directory, 'template.tar');
  const handle = await openPGlite(null);
  await migrateToLatest(handle.db);
  const dump = await handle.client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
