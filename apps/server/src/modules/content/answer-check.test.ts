import { describe, expect, it } from 'vitest';
import { checkChoices, checkFlag, normaliseFlag, type ChoiceVerdict } from './answer-check.js';

const nfc = 'caf\u00e9';
const nfd = 'cafe\u0301';

describe('normaliseFlag', () => {
  it.each([
    ['drops surrounding whitespace and line breaks', '  FLAG{x}\n', false, 'FLAG{x}'],
    ['keeps inner whitespace', 'FLAG{a b}', false, 'FLAG{a b}'],
    ['composes a decomposed accent', nfd, false, nfc],
    ['keeps case by default', 'Flag{X}', false, 'Flag{X}'],
    ['folds case when asked', 'Flag{X}', true, 'flag{x}'],
    ['folds an accented capital', 'CAF\u00c9', true, nfc],
  ])('%s', (_label, input, caseInsensitive, expected) => {
    expect(normaliseFlag(input, caseInsensitive)).toBe(expected);
  });
});

describe('checkFlag', () => {
  const exact = { kind: 'flag' as const, accepted: ['FLAG{Hello}'], caseInsensitive: false };
  const anyCase = { ...exact, caseInsensitive: true };
  const several = {
    kind: 'flag' as const,
    accepted: ['FLAG{one}', 'flag_one', `FLAG{${nfc}}`],
    caseInsensitive: false,
  };

  it.each([
    ['the exact flag', exact, 'FLAG{Hello}', true],
    ['the flag with surrounding spaces', exact, ' \tFLAG{Hello}  ', true],
    ['another case when the comparison is exact', exact, 'flag{hello}', false],
    ['another case when the objective ignores case', anyCase, 'flag{HELLO}', true],
    ['a prefix of the flag', exact, 'FLAG{Hell', false],
    ['the flag with an extra character', exact, 'FLAG{Hello}}', false],
    ['an empty answer', exact, '', false],
    ['inner whitespace added', exact, 'FLAG{ Hello}', false],
    ['the first of several accepted flags', several, 'FLAG{one}', true],
    ['the second of several accepted flags', several, 'flag_one', true],
    ['an accented flag typed decomposed (NFD)', several, `FLAG{${nfd}}`, true],
    ['none of several accepted flags', several, 'FLAG{two}', false],
  ])('%s → %s', (_label, answer, submitted, expected) => {
    expect(checkFlag(submitted, answer)).toBe(expected);
  });

  it('compares a decomposed accepted flag with a composed submission', () => {
    const stored = { kind: 'flag' as const, accepted: [nfd], caseInsensitive: false };
    expect(checkFlag(nfc, stored)).toBe(true);
  });
});

describe('checkChoices', () => {
  const single = { kind: 'choices' as const, correct: ['b'] };
  const multiple = { kind: 'choices' as const, correct: ['a', 'c'] };
  const offered = ['a', 'b', 'c', 'd'];

  it.each<[string, string | string[], ChoiceVerdict]>([
    ['the correct id', 'b', 'correct'],
    ['another offered id', 'a', 'wrong'],
    ['an id not offered', 'z', 'invalid'],
    ['a list instead of one id', ['b'], 'invalid'],
    ['an empty id', '', 'invalid'],
  ])('single choice: %s', (_label, submitted, expected) => {
    expect(checkChoices(submitted, single, 'single_choice', offered)).toBe(expected);
  });

  it.each<[string, string | string[], ChoiceVerdict]>([
    ['the correct set', ['a', 'c'], 'correct'],
    ['the correct set in another order', ['c', 'a'], 'correct'],
    ['a subset of the correct set', ['a'], 'wrong'],
    ['the correct set and one more', ['a', 'b', 'c'], 'wrong'],
    ['a wrong set of the right size', ['a', 'b'], 'wrong'],
    ['a duplicated id', ['a', 'a', 'c'], 'invalid'],
    ['a duplicate making up the count', ['a', 'a'], 'invalid'],
    ['an id not offered', ['a', 'x'], 'invalid'],
    ['nothing selected', [], 'invalid'],
    ['one id instead of a list', 'a', 'invalid'],
  ])('multiple choice: %s', (_label, submitted, expected) => {
    expect(checkChoices(submitted, multiple, 'multiple_choice', offered)).toBe(expected);
  });

  it('judges an unknown id as wrong when the offered ids are not given', () => {
    expect(checkChoices('z', single, 'single_choice')).toBe('wrong');
    expect(checkChoices(['a', 'z'], multiple, 'multiple_choice')).toBe('wrong');
  });
});
