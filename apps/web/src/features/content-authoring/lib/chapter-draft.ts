import {
  CONTENT_PACK_FORMAT,
  type EditableChapter,
  type EditableObjective,
  type FieldIssue,
  type LocalizedText,
  type Locale,
  type ObjectiveType,
  type PlayObjective,
} from '@rampart/contracts';
import { generateId } from '../../../lib/random-id';

/**
 * The chapter being edited: the pack document the server sent, changed in place by the editor
 * and sent back whole. These functions are pure: each returns a new draft.
 */
export type ChapterDraft = EditableChapter;
export type MissionDraft = ChapterDraft['chapter']['missions'][number];
export type ObjectiveDraft = EditableObjective;

/** Texts start empty in both languages: the server says which one is still missing. */
const blank = (): LocalizedText => ({ en: '', fr: '' });

export const newObjective = (type: ObjectiveType = 'flag'): ObjectiveDraft =>
  withType(
    {
      uuid: generateId(),
      title: blank(),
      description: blank(),
      category: 'misc',
      difficulty: 1,
      points: 100,
      type: 'flag',
      penalty: 0,
      maxAttempts: null,
      locked: false,
      prerequisites: [],
      firstBloodBonus: 0,
      speedrun: false,
      required: true,
      files: [],
      hints: [],
    },
    type,
  );

export const newMission = (): MissionDraft => ({
  uuid: generateId(),
  title: blank(),
  brief: blank(),
  scenario: blank(),
  rules: blank(),
  difficulty: 1,
  durationMinutes: 60,
  successRule: { kind: 'required_objectives' },
  revealAnswersAfterGame: true,
  objectives: [newObjective()],
});

export const newChapter = (): ChapterDraft => ({
  format: CONTENT_PACK_FORMAT,
  chapter: {
    uuid: generateId(),
    title: blank(),
    summary: blank(),
    visibility: 'assigned',
    position: 100,
    missions: [newMission()],
  },
});

/**
 * The objective as another type: a flag objective has accepted flags and no choices, a choice
 * objective choices and correct ones. What the new type needs starts blank; the rest goes.
 */
export function withType(objective: ObjectiveDraft, type: ObjectiveType): ObjectiveDraft {
  const { flag, choices, correctChoices, ...rest } = objective;
  if (type === 'flag') {
    return { ...rest, type, flag: flag ?? { accepted: [''], caseInsensitive: false } };
  }
  const kept =
    choices && choices.length > 0
      ? choices
      : [
          { id: 'a', text: blank() },
          { id: 'b', text: blank() },
        ];
  const correct = (correctChoices ?? []).filter((id) => kept.some((choice) => choice.id === id));
  return {
    ...rest,
    type,
    choices: kept,
    correctChoices: type === 'single_choice' ? correct.slice(0, 1) : correct,
  };
}

/** The next free choice id: a, b, c … then c1, c2 … */
export const nextChoiceId = (objective: ObjectiveDraft): string => {
  const taken = new Set((objective.choices ?? []).map((choice) => choice.id));
  const letter = 'abcdefghijklmnopqrstuvwxyz'.split('').find((id) => !taken.has(id));
  if (letter) return letter;
  let n = 1;
  while (taken.has(`c${n}`)) n += 1;
  return `c${n}`;
};

/** `list` with the item at `index` moved by `by` places (no move past either end). */
export const moved = <T>(list: readonly T[], index: number, by: -1 | 1): T[] => {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
};

/** An objective removed: prerequisites pointing at it go too. */
export const withoutObjective = (mission: MissionDraft, index: number): MissionDraft => {
  const removed = mission.objectives[index]?.uuid;
  return {
    ...mission,
    objectives: mission.objectives
      .filter((_objective, o) => o !== index)
      .map((objective) => ({
        ...objective,
        prerequisites: objective.prerequisites.filter((uuid) => uuid !== removed),
      })),
  };
};

/**
 * The explanation is optional: blank in both languages is none, and goes; blank in one only is
 * sent, so the server says which language is missing.
 */
const withoutBlankExplanation = <T extends Omit<ObjectiveDraft, 'files'>>(objective: T): T => {
  const { explanation, ...rest } = objective;
  return explanation && (explanation.en.trim() !== '' || explanation.fr.trim() !== '')
    ? objective
    : (rest as T);
};

/** What the server checks: the document without the files, which travel apart. */
export const documentForSave = (draft: ChapterDraft) => ({
  ...draft,
  chapter: {
    ...draft.chapter,
    missions: draft.chapter.missions.map((mission) => ({
      ...mission,
      objectives: mission.objectives.map(({ files: _files, ...objective }) =>
        withoutBlankExplanation(
          // One flag per line in the editor: blank lines are only spacing.
          objective.flag
            ? {
                ...objective,
                flag: {
                  ...objective.flag,
                  accepted: objective.flag.accepted.filter((flag) => flag.trim() !== ''),
                },
              }
            : objective,
        ),
      ),
    })),
  },
});

/**
 * The objective as a player of a fresh team sees it once it is open, in one language: the same
 * shape the game screen renders. A locked objective is shown open, so its text can be read.
 */
export const previewObjective = (
  objective: ObjectiveDraft,
  position: number,
  locale: Locale,
): PlayObjective => ({
  uuid: objective.uuid,
  position,
  title: objective.title[locale],
  description: objective.description[locale],
  category: objective.category,
  difficulty: objective.difficulty,
  points: Number.isFinite(objective.points) ? Math.max(0, objective.points) : 0,
  type: objective.type,
  choices: (objective.choices ?? []).map((choice) => ({
    id: choice.id,
    text: choice.text[locale],
  })),
  expectedAnswers: Math.max(
    1,
    objective.type === 'flag' ? 1 : (objective.correctChoices ?? []).length,
  ),
  penalty: Number.isFinite(objective.penalty) ? Math.max(0, objective.penalty) : 0,
  maxAttempts: objective.maxAttempts,
  firstBloodBonus: Number.isFinite(objective.firstBloodBonus)
    ? Math.max(0, objective.firstBloodBonus)
    : 0,
  locked: false,
  prerequisites: objective.prerequisites,
  files: objective.files,
  attempts: 0,
  attemptsLeft: objective.maxAttempts,
  solved: false,
  solvedAt: null,
  inProgress: false,
  closedReason: null,
  followed: false,
  firstBloodTaken: false,
  solvedBy: [],
  speedrun: null,
  // Every hint shown open, with its text: the author reads what a team would buy.
  hints: (objective.hints ?? []).map((hint, index) => ({
    uuid: hint.uuid ?? `${objective.uuid}-hint-${index}`,
    position: index + 1,
    cost: Number.isFinite(hint.cost) ? Math.max(0, hint.cost) : 0,
    unlocked: true,
    text: hint.text[locale],
    unlockedBy: null,
    unlockedAt: null,
    charged: null,
    free: false,
    files: [],
  })),
});

/** Where an issue's path points in the draft: which mission and objective to open. */
export const placeOf = (path: string): { mission: number | null; objective: number | null } => {
  const mission = /^chapter\.missions\[(\d+)\]/.exec(path);
  const objective = /^chapter\.missions\[\d+\]\.objectives\[(\d+)\]/.exec(path);
  return {
    mission: mission ? Number(mission[1]) : null,
    objective: objective ? Number(objective[1]) : null,
  };
};

/**
 * The issue about a field: on its path exactly, or inside it (an issue on `…flag.accepted[0]`
 * belongs to the accepted flags' field).
 */
export const issueAt = (issues: readonly FieldIssue[], path: string): FieldIssue | undefined =>
  issues.find(
    (issue) =>
      issue.path === path || issue.path.startsWith(`${path}.`) || issue.path.startsWith(`${path}[`),
  );
