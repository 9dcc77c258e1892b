import type { trainerChapterSchema, trainerMissionSchema } from '@rampart/contracts';
import type { z } from 'zod';
import { trainerFileUrl } from './attachments.js';
import type { ContentRepository } from './content.repository.js';

type TrainerChapter = z.input<typeof trainerChapterSchema>;
type TrainerMission = z.input<typeof trainerMissionSchema>;

/**
 * Content as trainers read it: both languages, every field, and the answers. Capabilities are
 * checked by the service before any of these is called.
 */
export const createTrainerContent = (deps: { repo: ContentRepository }) => {
  const { repo } = deps;

  const chaptersOf = async (
    rows: Awaited<ReturnType<ContentRepository['listChapters']>>,
  ): Promise<TrainerChapter[]> => {
    const uuids = rows.map((row) => row.uuid);
    const [missions, assignees] = await Promise.all([
      repo.listMissionTotals(uuids),
      repo.listAssignees(uuids),
    ]);
    return rows.map((row) => ({
      chapter_uuid: row.uuid,
      title: row.title,
      visibility: row.visibility,
      position: row.position,
      missions: missions
        .filter((mission) => mission.chapter_uuid === row.uuid)
        .map((mission) => ({
          uuid: mission.uuid,
          title: mission.title,
          difficulty: mission.difficulty,
          objectiveCount: Number(mission.objective_count),
          points: Number(mission.points),
        })),
      assignees: assignees
        .filter((assignee) => assignee.chapter_uuid === row.uuid)
        .map((assignee) => ({
          id: assignee.id,
          username: assignee.username,
          pseudo: assignee.pseudo,
        })),
    }));
  };

  return {
    chapters: async () => chaptersOf(await repo.listChapters()),

    async chapter(chapterUuid: string): Promise<TrainerChapter | undefined> {
      const row = await repo.findChapter(chapterUuid);
      return row ? (await chaptersOf([row]))[0] : undefined;
    },

    missions: async () =>
      (await repo.listMissionTotals()).map((mission) => ({
        uuid: mission.uuid,
        chapter_uuid: mission.chapter_uuid,
        chapterTitle: mission.chapter_title,
        title: mission.title,
        difficulty: mission.difficulty,
        durationMinutes: mission.duration_minutes,
        objectiveCount: Number(mission.objective_count),
        points: Number(mission.points),
      })),

    /** The mission as its pack describes it (answers included), with its files' metadata. */
    async mission(missionUuid: string): Promise<TrainerMission | undefined> {
      const mission = await repo.findMissionForTrainer(missionUuid);
      if (!mission) return undefined;
      const objectives = await repo.listObjectivesForTrainer(missionUuid);
      const uuids = objectives.map((objective) => objective.uuid);
      const [files, hints] = await Promise.all([
        repo.listFilesOfObjectives(uuids),
        repo.listHintsOfObjectivesForTrainer(uuids),
      ]);
      return {
        uuid: mission.uuid,
        chapter_uuid: mission.chapter_uuid,
        position: mission.position,
        title: mission.title,
        brief: mission.brief,
        scenario: mission.scenario,
        rules: mission.rules,
        difficulty: mission.difficulty,
        durationMinutes: mission.duration_minutes,
        successRule: mission.success_rule,
        revealAnswersAfterGame: mission.reveal_answers_after_game,
        objectives: objectives.map(({ answer, ...objective }) => ({
          uuid: objective.uuid,
          title: objective.title,
          description: objective.description,
          ...(objective.explanation ? { explanation: objective.explanation } : {}),
          category: objective.category,
          difficulty: objective.difficulty,
          points: objective.points,
          type: objective.type,
          ...(answer.kind === 'flag'
            ? { flag: { accepted: answer.accepted, caseInsensitive: answer.caseInsensitive } }
            : { choices: objective.choices, correctChoices: answer.correct }),
          penalty: objective.penalty,
          maxAttempts: objective.max_attempts,
          locked: objective.locked,
          prerequisites: objective.prerequisites,
          firstBloodBonus: objective.first_blood_bonus,
          speedrun: objective.speedrun,
          required: objective.required,
          files: files
            .filter((file) => file.objective_uuid === objective.uuid)
            .map((file) => ({
              uuid: file.uuid,
              name: file.name,
              size: file.size,
              contentType: file.content_type,
              url: trainerFileUrl(objective.uuid, file.uuid),
            })),
          hints: hints
            .filter((hint) => hint.objective_uuid === objective.uuid)
            .map((hint) => ({ uuid: hint.uuid, text: hint.text, cost: hint.cost })),
        })),
      };
    },
  };
};
