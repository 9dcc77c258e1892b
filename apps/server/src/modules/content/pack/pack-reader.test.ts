import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildPackDocument, type PackDocument } from '../../../../test/pack-factory.js';
import { parsePackDocument } from './pack-reader.js';

const errorsOf = (change: (document: PackDocument) => void) => {
  const document = buildPackDocument();
  change(document);
  return parsePackDocument(stringify(document), 'chapter.yaml').errors.map(
    ({ path, message }) => `${path}  ${message}`,
  );
};

describe('parsePackDocument', () => {
  it.each<[string, (document: PackDocument) => void, string]>([
    [
      'a missing field',
      (d) => delete (d.chapter.missions[0] as { brief?: unknown }).brief,
      'chapter.missions[0].brief  is required',
    ],
    [
      'a fraction where a whole number goes',
      (d) => (d.chapter.position = 1.5),
      'chapter.position  must be a whole number',
    ],
    [
      'a message the schema words itself',
      (d) => (d.chapter.missions[0]!.difficulty = 7),
      'chapter.missions[0].difficulty  must be a whole number from 1 to 5',
    ],
    [
      'an unknown success rule',
      (d) => (d.chapter.missions[0]!.successRule = { kind: 'all' } as never),
      'chapter.missions[0].successRule.kind  "all" is not allowed; expected one of required_objectives, min_points, min_objectives',
    ],
    [
      'an unknown visibility',
      (d) => (d.chapter.visibility = 'public' as never),
      'chapter.visibility  "public" is not allowed; expected one of open, assigned',
    ],
    [
      'an empty list of accepted flags',
      (d) => (d.chapter.missions[1]!.objectives[0]!.flag = { accepted: [] }),
      'chapter.missions[1].objectives[0].flag.accepted  must have at least 1 item',
    ],
    [
      'no attempt allowed',
      (d) => (d.chapter.missions[1]!.objectives[0]!.maxAttempts = 0),
      'chapter.missions[1].objectives[0].maxAttempts  must be more than 0',
    ],
    [
      'a text too long',
      (d) => (d.chapter.title.en = 'x'.repeat(20_001)),
      'chapter.title.en  must have at most 20000 characters',
    ],
    [
      'an explanation too long',
      (d) =>
        (d.chapter.missions[0]!.objectives[0]!.explanation = { en: 'Why.', fr: 'x'.repeat(4001) }),
      'chapter.missions[0].objectives[0].explanation.fr  must have at most 4000 characters',
    ],
    [
      'an explanation in one language only',
      (d) => (d.chapter.missions[0]!.objectives[0]!.explanation = { en: 'Why.' } as never),
      'chapter.missions[0].objectives[0].explanation.fr  the French text is missing',
    ],
    [
      'another format',
      (d) => (d.format = 'rampart.chapter/v2' as never),
      'format  must be "rampart.chapter/v1"',
    ],
  ])('words %s precisely', (_name, change, expected) => {
    expect(errorsOf(change)).toEqual([expected]);
  });

  it('points at the line and column of the faulty value', () => {
    const text = [
      'format: rampart.chapter/v1',
      'chapter:',
      '  uuid: 5d1b7a52-4f7e-4c1e-9b0a-2f6c3d4e5f60',
      '  title:',
      '    en: Web',
      '    fr: ""',
      '  summary: {en: S, fr: S}',
      '  visibility: everyone',
    ].join('\n');
    expect(parsePackDocument(text, 'x/chapter.yaml').errors).toEqual([
      {
        file: 'x/chapter.yaml',
        path: 'chapter.title.fr',
        message: 'the French text is empty',
        line: 6,
        column: 9,
      },
      expect.objectContaining({ path: 'chapter.visibility', line: 8, column: 15 }),
      // Absent: the place of the mapping that should hold it.
      expect.objectContaining({ path: 'chapter.missions', message: 'is required', line: 3 }),
    ]);
  });

  it('says when the document is empty', () => {
    expect(parsePackDocument('', 'chapter.yaml').errors).toEqual([
      { file: 'chapter.yaml', path: '', message: 'the document is empty' },
    ]);
  });
});
