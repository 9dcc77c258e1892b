import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * The node-postgres release `hot-statements.ts` and `pipelined-begin.ts` were checked against:
 * they replace a pooled client's `query` and cork its `connection.stream`, which are pg's
 * internals, not its API. A new release may change them without a word.
 */
const CHECKED = { range: '^8.23.1', installed: '8.23.1' };
const RECHECK =
  'db/perf patches node-postgres internals (client.query, connection.stream): run ' +
  '`DATABASE_URL=postgres://… npx vitest run apps/server/src/db/perf/` and the answer tests on ' +
  'PostgreSQL, measure the answer figures with and without the patches (db/perf/README.md), ' +
  'then update CHECKED in db/perf/driver-version.test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('node-postgres, as the driver patches expect it', () => {
  it('is the release the patches were checked against', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(here, '../../../package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const installed = (createRequire(import.meta.url)('pg/package.json') as { version: string })
      .version;
    expect({ range: manifest.dependencies.pg, installed }, RECHECK).toEqual(CHECKED);
  });

  it('still has the internals the patches use', () => {
    const client = new pg.Client();
    const { connection } = client as unknown as {
      connection: { stream: { cork?: unknown; uncork?: unknown } };
    };
    expect(typeof client.query, RECHECK).toBe('function');
    expect(typeof connection.stream.cork, RECHECK).toBe('function');
    expect(typeof connection.stream.uncork, RECHECK).toBe('function');
  });
});
