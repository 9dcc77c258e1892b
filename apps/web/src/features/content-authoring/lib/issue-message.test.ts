import { describe, expect, it } from 'vitest';
import { issueKeyOf } from './issue-message';

// Wordings as the server's pack checks write them (pack-reader.ts, pack-rules.ts,
// content-import.service.ts, chapter-documents.service.ts).
const cases: [string, string, Record<string, string | number>][] = [
  ['the French text is empty', 'textMissing', { language: 'fr' }],
  ['the English text is missing', 'textMissing', { language: 'en' }],
  ['is required', 'required', {}],
  ['must be a whole number', 'wholeNumber', {}],
  ['must be a whole number from 1 to 5', 'difficulty', {}],
  ['must be at least 0', 'atLeast', { count: 0 }],
  ['must be more than 0', 'atLeast', { count: 0 }],
  ['must be at most 100000', 'atMost', { count: 100000 }],
  ['must have at least 1 item', 'minItems', { count: 1 }],
  ['must have at most 500 characters', 'maxCharacters', { count: 500 }],
  ['"web3" is not allowed; expected one of web, network', 'notAllowed', {}],
  ['a flag objective needs a flag', 'needsFlag', {}],
  ['a single_choice objective needs at least 2 choices (found 1)', 'needsChoices', {}],
  ['must name the correct choice (at least one id)', 'correctMissing', {}],
  ['a single_choice objective has exactly one correct choice (found 2)', 'singleCorrect', {}],
  ['"e" is not one of the choices a, b', 'unknownChoice', { id: 'e' }],
  ['duplicate choice id "a"', 'duplicateChoice', { id: 'a' }],
  ['duplicate uuid 0190: already used at chapter.missions[0].uuid', 'duplicateUuid', {}],
  [
    'mission 0190 ("Shop") already belongs to chapter 0191 in the database; give this mission a new uuid',
    'uuidElsewhere',
    {},
  ],
  ['an objective with prerequisites must be locked: true', 'needsLock', {}],
  ['prerequisites form a cycle: objectives[0] → objectives[1] → objectives[0]', 'cycle', {}],
  ['cannot be reached: the objectives are worth 150 points in all', 'unreachable', { count: 150 }],
  [
    'objective 0190 of mission 0191 is played in 2 gaming session(s) and cannot be removed; keep it in the pack',
    'playedObjective',
    { count: 2 },
  ],
];

describe('problems of a chapter in the reader’s language', () => {
  it.each(cases)('knows “%s”', (message, key, values) => {
    expect(issueKeyOf(message)).toEqual({ key, values });
  });

  it('leaves an unknown wording to be shown as it is', () => {
    expect(issueKeyOf('something new the server says')).toBeNull();
  });
});
