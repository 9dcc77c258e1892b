import type { Kysely } from 'kysely';

/**
 * Files attached to a hint. A table of their own rather than a column on `objective_file`: the
 * objective's file routes and listings read `objective_file` alone, so a hint's file can never
 * leak through them before its hint is unlocked. A hint file is downloaded only through its hint,
 * by a team that unlocked it (or by a trainer); it goes with its hint.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('hint_file')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('hint_uuid', 'uuid', (c) =>
      c.notNull().references('objective_hint.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pack_path', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addUniqueConstraint('hint_file_name_key', ['hint_uuid', 'name'])
    .execute();
};
