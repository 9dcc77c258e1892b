import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** Where the hot statements' texts and plans are kept, beside the code they fence. */
const SNAPSHOTS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/db/perf/snapshots',
);

/** How to write the snapshots again, once a change to a hot statement is meant. */
export const REGENERATE =
  'UPDATE_PERF_SNAPSHOTS=1 DATABASE_URL=postgres://… npx vitest run apps/server/src/db/perf/';

/**
 * Compares `actual` with the snapshot checked in as `name`, or writes it when
 * UPDATE_PERF_SNAPSHOTS=1. A hot statement that changes shows up in review as a diff of its SQL
 * and of its plan, never silently.
 */
export const expectPerfSnapshot = (name: string, actual: string) => {
  const file = path.join(SNAPSHOTS, name);
  const text = `${actual.trimEnd()}\n`;
  if (process.env.UPDATE_PERF_SNAPSHOTS === '1') {
    fs.mkdirSync(SNAPSHOTS, { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  expect(
    text,
    `src/db/perf/snapshots/${name} is not the statements' current text or plan: review the ` +
      `change, then regenerate it with \`${REGENERATE}\``,
  ).toBe(kept);
};
