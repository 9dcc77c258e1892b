import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  constructor(migration: string | undefined, cause: unknown) {
    super(
      `Database migration ${migration ?? '(setup)'} failed: ${String((cause as Error)?.message ?? cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema to the latest migration. Kysely's migrator takes a lock in the database, so
 * several nodes starting together migrate once. A database that has a migration this code does
 * not know (a newer release ran on it) is refused.
 */
export const migrateToLatest = async <T>(db: Kysely<T>): Promise<string[]> => {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationError(failed?.migrationName, error);
  }
  return results.map((result) => result.migrationName);
};
