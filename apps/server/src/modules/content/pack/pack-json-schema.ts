import { CONTENT_PACK_FORMAT, contentPackSchema } from '@rampart/contracts';
import { z } from 'zod';

/**
 * The JSON Schema of a chapter document, committed as `content/chapter.schema.json` for editors
 * and other tools. Generated from the zod schema (input side: fields with a default are
 * optional), so the two cannot drift: a test compares the committed file with this.
 *
 * Rules the schema cannot express (unique uuids, answers naming existing choices, prerequisites,
 * attached files on disk) are checked by the import only.
 */
export const buildPackJsonSchema = () => {
  const { $schema, ...schema } = z.toJSONSchema(contentPackSchema, {
    io: 'input',
    target: 'draft-2020-12',
  });
  return {
    $schema,
    title: 'Rampart chapter pack',
    description: `A chapter with its missions, objectives and attached files (${CONTENT_PACK_FORMAT}). See content/README.md.`,
    ...schema,
  };
};

export const renderPackJsonSchema = (): string =>
  `${JSON.stringify(buildPackJsonSchema(), null, 2)}\n`;
