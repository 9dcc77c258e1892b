import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPackJsonSchema } from './pack-json-schema.js';

const committed = new URL('../../../../../../content/chapter.schema.json', import.meta.url);

describe('the committed JSON Schema of chapter.yaml', () => {
  it('is the one generated from the pack schema (npm run content -- schema rewrites it)', () => {
    expect(fs.readFileSync(committed, 'utf8')).toBe(renderPackJsonSchema());
  });
});
