import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createContentExportService } from './content-export.service.js';
import { createContentImportService, type ImportResult } from './content-import.service.js';
import { readPacks } from './pack-reader.js';

/** Content packs: read from disk, import into the database, export back to disk. */
export const createContentPackServices = (db: Kysely<Database>) => {
  const importer = createContentImportService({ db });
  const exporter = createContentExportService({ db });
  return {
    importer,
    exporter,
    /** Reads the packs the paths name and imports them all, or reports why none was. */
    importFromPaths: async (paths: readonly string[]): Promise<ImportResult> => {
      const read = await readPacks(paths);
      if (read.errors.length > 0) return { ok: false, errors: read.errors };
      return importer.importPacks(read.packs);
    },
  };
};

export type ContentPackServices = ReturnType<typeof createContentPackServices>;

export { formatPackError, type PackError } from './pack-error.js';
export type { ImportResult, ImportSummary } from './content-import.service.js';
export type { ExportResult } from './content-export.service.js';
