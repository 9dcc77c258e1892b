import { hash, timingSafeEqual } from 'node:crypto';
import type { ObjectiveType } from '@rampart/contracts';
import type { ObjectiveAnswer } from '../../db/schema.js';

type FlagAnswer = Extract<ObjectiveAnswer, { kind: 'flag' }>;
type ChoicesAnswer = Extract<ObjectiveAnswer, { kind: 'choices' }>;

/**
 * A flag as it is compared: surrounding whitespace dropped (copied from a terminal, pasted with
 * a newline) and Unicode composed (NFC), so "é" typed as one code point or as "e" + accent is
 * the same flag. Case is kept unless the objective says otherwise; the lower-case mapping can
 * decompose a character, hence the second normalisation.
 */
export const normaliseFlag = (value: string, caseInsensitive = false): string => {
  const composed = value.trim().normalize('NFC');
  return caseInsensitive ? composed.toLowerCase().normalize('NFC') : composed;
};

const digest = (value: string): Buffer => hash('sha256', value, 'buffer');

/** Accepted flags' digests, computed once per spelling (they are compared at every answer). */
const ACCEPTED_DIGESTS = 10_000;
const acceptedDigests = new Map<string, Buffer>();
const acceptedDigest = (accepted: string, caseInsensitive: boolean) => {
  const key = `${caseInsensitive ? 'i' : 's'}:${accepted}`;
  let value = acceptedDigests.get(key);
  if (!value) {
    if (acceptedDigests.size >= ACCEPTED_DIGESTS) acceptedDigests.clear();
    value = digest(normaliseFlag(accepted, caseInsensitive));
    acceptedDigests.set(key, value);
  }
  return value;
};

/**
 * Whether a submitted flag is one of the accepted spellings. Digests have a fixed length, so the
 * comparison takes the same time whatever the submission, and every accepted flag is compared
 * (no early exit): timing tells neither how much of a flag was right nor which spelling matched.
 */
export const checkFlag = (submitted: string, answer: FlagAnswer): boolean => {
  const candidate = digest(normaliseFlag(submitted, answer.caseInsensitive));
  let matched = false;
  for (const accepted of answer.accepted) {
    const equal = timingSafeEqual(candidate, acceptedDigest(accepted, answer.caseInsensitive));
    matched = equal || matched;
  }
  return matched;
};

/**
 * `invalid` is a submission that is not an answer to this question at all: a list for a single
 * choice, a single id for a multiple choice, an empty or repeated selection, or (when the
 * objective's choice ids are given) an id it does not offer. The caller refuses it without
 * counting it as a wrong answer.
 */
export type ChoiceVerdict = 'correct' | 'wrong' | 'invalid';

export const checkChoices = (
  submitted: string | readonly string[],
  answer: ChoicesAnswer,
  type: Exclude<ObjectiveType, 'flag'>,
  offered?: readonly string[],
): ChoiceVerdict => {
  if (type === 'single_choice' && typeof submitted !== 'string') return 'invalid';
  if (type === 'multiple_choice' && typeof submitted === 'string') return 'invalid';
  const ids = typeof submitted === 'string' ? [submitted] : [...submitted];
  if (ids.length === 0 || new Set(ids).size !== ids.length) return 'invalid';
  if (offered && ids.some((id) => !offered.includes(id))) return 'invalid';
  const correct = new Set(answer.correct);
  const sameSet = ids.length === correct.size && ids.every((id) => correct.has(id));
  return sameSet ? 'correct' : 'wrong';
};
