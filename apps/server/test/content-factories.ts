import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  ChapterVisibility,
  LocalizedText,
  MissionResult,
  ObjectiveCategory,
  ObjectiveType,
  SuccessRule,
} from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database, ObjectiveAnswer } from '../src/db/schema.js';
import { contentTypeForFileName } from '../src/modules/content/file-types.js';

/** A text in both languages, told apart: `{en: 'Title x', fr: 'Titre (fr) x'}` style. */
export const bilingual = (en: string, fr = `${en} (fr)`): LocalizedText => ({ en, fr });

export interface FileSpec {
  name: string;
  content?: string | Uint8Array;
  /** From the name's extension by default. */
  contentType?: string;
}

export interface ObjectiveSpec {
  uuid?: string;
  title?: LocalizedText;
  description?: LocalizedText;
  /** None by default. */
  explanation?: LocalizedText;
  category?: ObjectiveCategory;
  difficulty?: number;
  points?: number;
  type?: ObjectiveType;
  /** Flag objectives: accepted spellings (a random flag by default). */
  flag?: { accepted: string[]; caseInsensitive?: boolean };
  /** Choice objectives: `a`, `b`, `c` by default, with `a` (single) or `a`, `b` correct. */
  choices?: { id: string; text: LocalizedText }[];
  correctChoices?: string[];
  penalty?: number;
  maxAttempts?: number | null;
  locked?: boolean;
  prerequisites?: string[];
  firstBloodBonus?: number;
  speedrun?: boolean;
  required?: boolean;
  files?: FileSpec[];
  /** None by default. */
  hints?: {
    text?: LocalizedText;
    cost?: number;
    files?: FileSpec[];
  }[];
}

export interface MissionSpec {
  uuid?: string;
  title?: LocalizedText;
  brief?: LocalizedText;
  scenario?: LocalizedText;
  rules?: LocalizedText;
  difficulty?: number;
  durationMinutes?: number;
  successRule?: SuccessRule;
  /** One flag objective by default. */
  objectives?: ObjectiveSpec[];
}

export interface ChapterSpec {
  uuid?: string;
  title?: LocalizedText;
  summary?: LocalizedText;
  visibility?: ChapterVisibility;
  position?: number;
  /** One mission by default. */
  missions?: MissionSpec[];
}

const answerOf = (spec: ObjectiveSpec, type: ObjectiveType): ObjectiveAnswer =>
  type === 'flag'
    ? {
        kind: 'flag',
        accepted: spec.flag?.accepted ?? [`FLAG{${randomBytes(6).toString('hex')}}`],
        caseInsensitive: spec.flag?.caseInsensitive ?? false,
      }
    : {
        kind: 'choices',
        correct: spec.correctChoices ?? (type === 'single_choice' ? ['a'] : ['a', 'b']),
      };

const defaultChoices = ['a', 'b', 'c'].map((id) => ({
  id,
  text: bilingual(`Choice ${id}`, `Choix ${id}`),
}));

/** The row of an attached file (an objective's or a hint's), at `position` among its owner's. */
const fileRow = (spec: FileSpec, position: number) => {
  const content =
    typeof spec.content === 'string' || spec.content === undefined
      ? Buffer.from(spec.content ?? `content of ${spec.name}\n`)
      : spec.content;
  return {
    uuid: randomUUID(),
    position,
    name: spec.name,
    pack_path: `files/${spec.name}`,
    content_type: spec.contentType ?? contentTypeForFileName(spec.name),
    size: content.byteLength,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
  };
};

/**
 * A chapter with its missions, objectives and files, written straight into the tables (not
 * through the pack importer), with every field defaulted. Returns the uuids of what it built.
 */
export const buildChapter = async (db: Kysely<Database>, spec: ChapterSpec = {}) => {
  const tag = randomBytes(3).toString('hex');
  const chapter = {
    uuid: spec.uuid ?? randomUUID(),
    title: spec.title ?? bilingual(`Chapter ${tag}`, `Chapitre ${tag}`),
  };
  await db
    .insertInto('chapter')
    .values({
      uuid: chapter.uuid,
      position: spec.position ?? 100,
      title: JSON.stringify(chapter.title),
      summary: JSON.stringify(spec.summary ?? bilingual(`Summary ${tag}`, `Résumé ${tag}`)),
      visibility: spec.visibility ?? 'open',
    })
    .execute();

  const missions = [];
  for (const [missionIndex, missionSpec] of (spec.missions ?? [{}]).entries()) {
    const mission = {
      uuid: missionSpec.uuid ?? randomUUID(),
      title: missionSpec.title ?? bilingual(`Mission ${tag}-${missionIndex}`),
    };
    await db
      .insertInto('mission')
      .values({
        uuid: mission.uuid,
        chapter_uuid: chapter.uuid,
        position: missionIndex,
        title: JSON.stringify(mission.title),
        brief: JSON.stringify(missionSpec.brief ?? bilingual('Brief', 'Briefing')),
        scenario: JSON.stringify(missionSpec.scenario ?? bilingual('Scenario', 'Scénario')),
        rules: JSON.stringify(missionSpec.rules ?? bilingual('Rules', 'Règles')),
        difficulty: missionSpec.difficulty ?? 2,
        duration_minutes: missionSpec.durationMinutes ?? 60,
        success_rule: JSON.stringify(missionSpec.successRule ?? { kind: 'required_objectives' }),
      })
      .execute();

    const objectives = [];
    for (const [objectiveIndex, objectiveSpec] of (missionSpec.objectives ?? [{}]).entries()) {
      const type = objectiveSpec.type ?? 'flag';
      const uuid = objectiveSpec.uuid ?? randomUUID();
      const answer = answerOf(objectiveSpec, type);
      await db
        .insertInto('objective')
        .values({
          uuid,
          mission_uuid: mission.uuid,
          position: objectiveIndex,
          title: JSON.stringify(
            objectiveSpec.title ??
              bilingual(`Objective ${objectiveIndex}`, `Objectif ${objectiveIndex}`),
          ),
          description: JSON.stringify(
            objectiveSpec.description ?? bilingual('Find it.', 'Trouvez-le.'),
          ),
          explanation: objectiveSpec.explanation ? JSON.stringify(objectiveSpec.explanation) : null,
          category: objectiveSpec.category ?? 'web',
          difficulty: objectiveSpec.difficulty ?? 2,
          points: objectiveSpec.points ?? 100,
          type,
          choices: JSON.stringify(type === 'flag' ? [] : (objectiveSpec.choices ?? defaultChoices)),
          expected_answers: answer.kind === 'choices' ? answer.correct.length : 1,
          answer: JSON.stringify(answer),
          penalty: objectiveSpec.penalty ?? 0,
          max_attempts: objectiveSpec.maxAttempts ?? null,
          locked: objectiveSpec.locked ?? false,
          prerequisites: objectiveSpec.prerequisites ?? [],
          first_blood_bonus: objectiveSpec.firstBloodBonus ?? 0,
          speedrun: objectiveSpec.speedrun ?? false,
          required: objectiveSpec.required ?? true,
        })
        .execute();

      const files = [];
      for (const [fileIndex, fileSpec] of (objectiveSpec.files ?? []).entries()) {
        const row = fileRow(fileSpec, fileIndex);
        await db
          .insertInto('objective_file')
          .values({ ...row, objective_uuid: uuid })
          .execute();
        files.push({ uuid: row.uuid, name: row.name, content: row.content });
      }
      const hints = [];
      for (const [hintIndex, hintSpec] of (objectiveSpec.hints ?? []).entries()) {
        const hint = {
          uuid: randomUUID(),
          text:
            hintSpec.text ??
            bilingual(`Hint ${hintIndex + 1} ${tag}`, `Indice ${hintIndex + 1} ${tag}`),
          cost: hintSpec.cost ?? 10,
        };
        await db
          .insertInto('objective_hint')
          .values({
            uuid: hint.uuid,
            objective_uuid: uuid,
            position: hintIndex,
            text: JSON.stringify(hint.text),
            cost: hint.cost,
          })
          .execute();
        const hintFiles = [];
        for (const [fileIndex, fileSpec] of (hintSpec.files ?? []).entries()) {
          const row = fileRow(fileSpec, fileIndex);
          await db
            .insertInto('hint_file')
            .values({ ...row, hint_uuid: hint.uuid })
            .execute();
          hintFiles.push({ uuid: row.uuid, name: row.name, content: row.content });
        }
        hints.push({ ...hint, files: hintFiles });
      }
      objectives.push({ uuid, type, answer, files, hints });
    }
    missions.push({ ...mission, objectives });
  }
  return { ...chapter, missions };
};

export type BuiltChapter = Awaited<ReturnType<typeof buildChapter>>;

/** Assigns a chapter to a player, at a given time (now by default). */
export const assignChapter = async (
  db: Kysely<Database>,
  chapterUuid: string,
  accountId: string,
  at: Date = new Date(),
) => {
  await db
    .insertInto('chapter_assignment')
    .values({ chapter_uuid: chapterUuid, account_id: accountId, assigned_at: at })
    .execute();
};

/** A player's best score and result on a mission, as a finished session leaves them. */
export const recordMissionResult = async (
  db: Kysely<Database>,
  result: { missionUuid: string; accountId: string; bestScore: number; result: MissionResult },
) => {
  await db
    .insertInto('mission_player_result')
    .values({
      mission_uuid: result.missionUuid,
      account_id: result.accountId,
      best_score: result.bestScore,
      result: result.result,
    })
    .execute();
};
