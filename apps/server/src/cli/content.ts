import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DataDirectoryInUseError } from '../db/lock-file.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { listChapterSummaries } from '../modules/content/pack/content-pack.repository.js';
import {
  createContentPackServices,
  formatPackError,
  type ContentPackServices,
  type ImportResult,
} from '../modules/content/pack/index.js';
import { renderPackJsonSchema } from '../modules/content/pack/pack-json-schema.js';
import { readPacks } from '../modules/content/pack/pack-reader.js';

const usage = `Rampart content packs: npm run content -- <command>

  import <path>...                  import packs: a chapter.yaml, a pack directory, or a
                                    directory of packs such as content/ (all or nothing)
  export <chapter-uuid> <dir> [--force]
                                    write a chapter as a pack into an empty directory
                                    (--force: into a non-empty one, overwriting)
  list                              the chapters in the database
  schema [file]                     write the JSON Schema of chapter.yaml
                                    (default: content/chapter.schema.json)

The format is described in content/README.md. The database is the server's: DATABASE_URL when
set, else the embedded one in PGLITE_DIR (stop the server first).`;

class UsageError extends Error {}

// This file sits in apps/server/src/cli/ or, built, in apps/server/dist/cli/.
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

// `npm run` starts scripts from the repository root: paths are the caller's, from INIT_CWD.
const callerDirectory = process.env.INIT_CWD ?? process.cwd();
const fromCaller = (given: string) => path.resolve(callerDirectory, given);
const shown = (file: string) => path.relative(callerDirectory, file) || '.';

const withDatabase = async <T>(
  work: (services: ContentPackServices, db: Kysely<Database>) => Promise<T>,
) => {
  const config = loadConfig();
  const database = await openDatabase(config.database, { warn: () => {} });
  try {
    await migrateToLatest(database.db);
    return await work(createContentPackServices(database.db), database.db);
  } finally {
    await database.close();
  }
};

const importPacks = async (paths: string[]) => {
  if (paths.length === 0) throw new UsageError(`Nothing to import.\n\n${usage}`);
  // The packs are read and checked before the database is opened: a broken pack is reported
  // at once, without waiting for (or locking) the database.
  const read = await readPacks(paths.map(fromCaller));
  const result: ImportResult =
    read.errors.length > 0
      ? { ok: false, errors: read.errors }
      : await withDatabase((services) => services.importer.importPacks(read.packs));
  if (!result.ok) {
    for (const error of result.errors) {
      console.error(formatPackError({ ...error, file: shown(error.file) }));
    }
    console.error(
      `\n${result.errors.length} ${result.errors.length === 1 ? 'problem' : 'problems'}: nothing was imported.`,
    );
    process.exitCode = 1;
    return;
  }
  const { summary } = result;
  const line = (label: string, tally: typeof summary.chapters) =>
    `  ${label.padEnd(11)} ${tally.created} created, ${tally.updated} updated, ${tally.removed} removed`;
  console.log(
    [
      'Imported:',
      line('chapters', summary.chapters),
      line('missions', summary.missions),
      line('objectives', summary.objectives),
      line('files', summary.files),
    ].join('\n'),
  );
};

const exportPack = async (
  uuid: string | undefined,
  directory: string | undefined,
  force: boolean,
) => {
  if (!uuid || !directory)
    throw new UsageError(`export needs a chapter uuid and a directory.\n\n${usage}`);
  const target = fromCaller(directory);
  const result = await withDatabase((services) =>
    services.exporter.exportChapter(uuid, target, { overwrite: force }),
  );
  if (result.ok) {
    console.log(`Exported chapter ${uuid} to ${shown(target)} (${result.written.length} files).`);
    return;
  }
  switch (result.reason) {
    case 'chapter_not_found':
      throw new UsageError(`No chapter ${uuid} (npm run content -- list shows them).`);
    case 'directory_not_empty':
      throw new UsageError(
        `${shown(target)} is not empty: choose another directory or pass --force.`,
      );
    case 'unsafe_file':
      throw new UsageError(`Cannot export the file ${result.packPath}: ${result.message}.`);
  }
};

const listChapters = async () => {
  const chapters = await withDatabase((_services, db) => listChapterSummaries(db));
  if (chapters.length === 0) return console.log('No chapter.');
  for (const chapter of chapters) {
    console.log(
      `${chapter.uuid}  ${chapter.visibility.padEnd(8)}  ${String(chapter.missions).padStart(2)} missions  ${String(chapter.objectives).padStart(3)} objectives  ${chapter.title.en}`,
    );
  }
};

const writeSchema = async (file: string | undefined) => {
  const target = file ? fromCaller(file) : path.join(repositoryRoot, 'content/chapter.schema.json');
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, renderPackJsonSchema());
  console.log(`Wrote ${shown(target)}.`);
};

const run = async (argv: string[]) => {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) return console.log(usage);
  switch (command) {
    case 'import':
      return importPacks(rest);
    case 'export':
      return exportPack(rest[0], rest[1], values.force ?? false);
    case 'list':
      return listChapters();
    case 'schema':
      return writeSchema(rest[0]);
    default:
      throw new UsageError(`Unknown command ${command}.\n\n${usage}`);
  }
};

run(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirectoryInUseError
  ) {
    console.error(error.message);
  } else if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${(error as Error).message}\n\n${usage}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
