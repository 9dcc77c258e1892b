import type { Kysely } from 'kysely';

/**
 * An objective's explanation: `{fr, en}` Markdown saying why the answer is the
 * answer, shown with the resolution once a session is over. Optional, so null for the content
 * written before it and for packs that give none.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('objective').addColumn('explanation', 'jsonb').execute();
};
