/**
 * The checks of a chapter are the content packs' (server side), which word their problems in
 * English for the command line. The editor shows them in the reader's language: each known
 * wording maps to a catalogue key with its values; an unknown one is shown as the server wrote it.
 */
export type IssueKey =
  | 'textMissing'
  | 'required'
  | 'wholeNumber'
  | 'difficulty'
  | 'atLeast'
  | 'atMost'
  | 'minItems'
  | 'maxItems'
  | 'maxCharacters'
  | 'notAllowed'
  | 'needsFlag'
  | 'needsChoices'
  | 'correctMissing'
  | 'singleCorrect'
  | 'unknownChoice'
  | 'duplicateChoice'
  | 'duplicateUuid'
  | 'uuidElsewhere'
  | 'chapterUuid'
  | 'needsLock'
  | 'ownPrerequisite'
  | 'prerequisiteElsewhere'
  | 'cycle'
  | 'requiredNeeded'
  | 'unreachable'
  | 'tooFewObjectives'
  | 'playedMission'
  | 'playedObjective';

type Rule = [RegExp, IssueKey, (match: RegExpExecArray) => Record<string, string | number>];

const none = () => ({});
const languageOf = (word: string) => (word === 'French' ? 'fr' : 'en');

const rules: Rule[] = [
  [
    /^the (French|English) text is (missing|empty)$/,
    'textMissing',
    (m) => ({ language: languageOf(m[1]!) }),
  ],
  [/^is required$/, 'required', none],
  [/^must be a whole number from 1 to 5$/, 'difficulty', none],
  [/^must be a whole number$/, 'wholeNumber', none],
  [/^must be (?:at least|more than) (-?\d+)$/, 'atLeast', (m) => ({ count: Number(m[1]) })],
  [/^must be (?:at most|less than) (-?\d+)$/, 'atMost', (m) => ({ count: Number(m[1]) })],
  [/^must have at least (\d+) items?$/, 'minItems', (m) => ({ count: Number(m[1]) })],
  [/^must have at most (\d+) items?$/, 'maxItems', (m) => ({ count: Number(m[1]) })],
  [/^must have at most (\d+) characters?$/, 'maxCharacters', (m) => ({ count: Number(m[1]) })],
  [/is not allowed; expected one of/, 'notAllowed', none],
  [/^a flag objective needs a flag$/, 'needsFlag', none],
  [/needs at least 2 choices/, 'needsChoices', none],
  [/^must name the correct choice/, 'correctMissing', none],
  [/has exactly one correct choice/, 'singleCorrect', none],
  [/^"(.+)" is not one of the choices/, 'unknownChoice', (m) => ({ id: m[1]! })],
  [/^duplicate choice id "(.+)"$/, 'duplicateChoice', (m) => ({ id: m[1]! })],
  [/^duplicate uuid /, 'duplicateUuid', none],
  [/already belongs to (?:chapter|mission) .* in the database/, 'uuidElsewhere', none],
  [/^must be the uuid of the chapter being saved/, 'chapterUuid', none],
  [/^an objective with prerequisites must be locked/, 'needsLock', none],
  [/^an objective cannot be its own prerequisite$/, 'ownPrerequisite', none],
  [/is not an objective of this mission$/, 'prerequisiteElsewhere', none],
  [/^prerequisites form a cycle/, 'cycle', none],
  [/^required_objectives needs at least one objective/, 'requiredNeeded', none],
  [
    /^cannot be reached: the objectives are worth (\d+) points/,
    'unreachable',
    (m) => ({ count: Number(m[1]) }),
  ],
  [/^the mission has only (\d+) objectives/, 'tooFewObjectives', (m) => ({ count: Number(m[1]) })],
  [
    /^mission .* is played in (\d+) gaming session/,
    'playedMission',
    (m) => ({ count: Number(m[1]) }),
  ],
  [
    /^objective .* is played in (\d+) gaming session/,
    'playedObjective',
    (m) => ({ count: Number(m[1]) }),
  ],
];

/** The catalogue key and values of a server's wording, or null when it is not a known one. */
export const issueKeyOf = (
  message: string,
): { key: IssueKey; values: Record<string, string | number> } | null => {
  for (const [pattern, key, values] of rules) {
    const match = pattern.exec(message);
    if (match) return { key, values: values(match) };
  }
  return null;
};
