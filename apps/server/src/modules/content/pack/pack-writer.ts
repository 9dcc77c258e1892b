import { CONTENT_PACK_FORMAT, type LocalizedText, type SuccessRule } from '@rampart/contracts';
import { stringify } from 'yaml';
import type {
  ChapterRow,
  MissionRow,
  HintFileRow,
  ObjectiveFileRow,
  ObjectiveHintRow,
  ObjectiveRow,
} from './content-pack.repository.js';

/** A chapter as the database holds it, everything an export needs. */
export interface StoredChapter {
  chapter: ChapterRow;
  missions: MissionRow[];
  objectives: ObjectiveRow[];
  files: ObjectiveFileRow[];
  hints: ObjectiveHintRow[];
  hintFiles: HintFileRow[];
}

/** The hint editors with a YAML language server read; packs live in `content/<chapter>/`. */
export const SCHEMA_HINT = '# yaml-language-server: $schema=../chapter.schema.json';

// Keys are written in a fixed order (English first) so two exports of the same data are equal.
const text = (value: LocalizedText) => ({ en: value.en, fr: value.fr });

const successRule = (rule: SuccessRule): SuccessRule => {
  switch (rule.kind) {
    case 'min_points':
      return { kind: rule.kind, points: rule.points };
    case 'min_objectives':
      return { kind: rule.kind, count: rule.count };
    default:
      return { kind: rule.kind };
  }
};

const basename = (packPath: string) => packPath.slice(packPath.lastIndexOf('/') + 1);

const fileDocuments = (files: { pack_path: string; name: string }[]) =>
  files.map((file) => ({
    path: file.pack_path,
    ...(file.name !== basename(file.pack_path) ? { name: file.name } : {}),
  }));

const objectiveDocument = (
  objective: ObjectiveRow,
  files: ObjectiveFileRow[],
  hints: ObjectiveHintRow[],
  hintFiles: HintFileRow[],
) => {
  const answer = objective.answer;
  return {
    uuid: objective.uuid,
    title: text(objective.title),
    description: text(objective.description),
    ...(objective.explanation ? { explanation: text(objective.explanation) } : {}),
    category: objective.category,
    difficulty: objective.difficulty,
    points: objective.points,
    type: objective.type,
    ...(answer.kind === 'flag'
      ? { flag: { accepted: answer.accepted, caseInsensitive: answer.caseInsensitive } }
      : {
          choices: objective.choices.map((choice) => ({ id: choice.id, text: text(choice.text) })),
          correctChoices: answer.correct,
        }),
    // Fields at their default value are left out: the document stays short and reads as written.
    ...(objective.penalty !== 0 ? { penalty: objective.penalty } : {}),
    ...(objective.max_attempts !== null ? { maxAttempts: objective.max_attempts } : {}),
    ...(objective.locked ? { locked: true } : {}),
    ...(objective.prerequisites.length > 0 ? { prerequisites: objective.prerequisites } : {}),
    ...(objective.first_blood_bonus !== 0 ? { firstBloodBonus: objective.first_blood_bonus } : {}),
    ...(objective.speedrun ? { speedrun: true } : {}),
    ...(!objective.required ? { required: false } : {}),
    ...(files.length > 0
      ? {
          files: fileDocuments(files),
        }
      : {}),
    ...(hints.length > 0
      ? {
          hints: hints.map((hint) => {
            const own = hintFiles
              .filter((file) => file.hint_uuid === hint.uuid)
              .sort((a, b) => a.position - b.position);
            return {
              uuid: hint.uuid,
              text: text(hint.text),
              cost: hint.cost,
              ...(own.length > 0 ? { files: fileDocuments(own) } : {}),
            };
          }),
        }
      : {}),
  };
};

/** The pack document of a stored chapter, answers included (exports are for trainers). */
export const buildPackDocument = ({
  chapter,
  missions,
  objectives,
  files,
  hints,
  hintFiles,
}: StoredChapter) => {
  const byPosition = <T extends { position: number }>(rows: T[]) =>
    [...rows].sort((a, b) => a.position - b.position);
  return {
    format: CONTENT_PACK_FORMAT,
    chapter: {
      uuid: chapter.uuid,
      title: text(chapter.title),
      summary: text(chapter.summary),
      visibility: chapter.visibility,
      position: chapter.position,
      missions: byPosition(missions).map((mission) => ({
        uuid: mission.uuid,
        title: text(mission.title),
        brief: text(mission.brief),
        scenario: text(mission.scenario),
        rules: text(mission.rules),
        difficulty: mission.difficulty,
        durationMinutes: mission.duration_minutes,
        successRule: successRule(mission.success_rule),
        // Written only when off: packs that never set it stay as they were written.
        ...(mission.reveal_answers_after_game ? {} : { revealAnswersAfterGame: false }),
        objectives: byPosition(
          objectives.filter((objective) => objective.mission_uuid === mission.uuid),
        ).map((objective) =>
          objectiveDocument(
            objective,
            byPosition(files.filter((file) => file.objective_uuid === objective.uuid)),
            byPosition(hints.filter((hint) => hint.objective_uuid === objective.uuid)),
            hintFiles,
          ),
        ),
        ...(mission.lab ? { lab: mission.lab } : {}),
      })),
    },
  };
};

/** The YAML text of a pack document: a schema hint, then block scalars for multi-line texts. */
export const stringifyPackDocument = (document: ReturnType<typeof buildPackDocument>): string =>
  `${SCHEMA_HINT}\n${stringify(document, {
    // No anchors: the reader accepts few aliases, and a document reads better without them.
    aliasDuplicateObjects: false,
    // Long lines stay long: folding them would make every edit a multi-line diff.
    lineWidth: 0,
    singleQuote: true,
  })}`;
