import {
  objectiveCategories,
  pickLocale,
  type ChapterSummary,
  type ChapterVisibility,
  type chapterMissionSchema,
  type Locale,
  type ObjectiveCategory,
} from '@rampart/contracts';
import type { z } from 'zod';
import type { ContentRepository } from './content.repository.js';
import { summaryExcerpt } from './summary-excerpt.js';

type Rows<K extends keyof ContentRepository> = Awaited<ReturnType<ContentRepository[K]>>;
export type PlayerChapterRow = Rows<'listChaptersForPlayer'>[number];
type MissionRow = Rows<'listMissionsOfChapters'>[number];
type ObjectivePreviewRow = Rows<'listObjectivePreviews'>[number];
type ResultRow = Rows<'listPlayerResults'>[number];
export type ChapterMission = z.infer<typeof chapterMissionSchema>;

/** A player may open a chapter that is open to all, or one a trainer assigned to them. */
export const mayOpenChapter = (chapter: {
  visibility: ChapterVisibility;
  assigned_at: Date | null;
}): boolean => chapter.visibility === 'open' || chapter.assigned_at !== null;

/** Distinct categories in the catalogue's order, so every screen lists them the same way. */
const categoriesOf = (categories: Iterable<ObjectiveCategory>): ObjectiveCategory[] => {
  const present = new Set(categories);
  return objectiveCategories.filter((category) => present.has(category));
};

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

const missionView = (
  mission: MissionRow,
  objectives: readonly ObjectivePreviewRow[],
  result: ResultRow | undefined,
  locale: Locale,
): ChapterMission => ({
  uuid: mission.uuid,
  position: mission.position,
  title: pickLocale(mission.title, locale),
  brief: pickLocale(mission.brief, locale),
  scenario: pickLocale(mission.scenario, locale),
  rules: pickLocale(mission.rules, locale),
  difficulty: mission.difficulty,
  durationMinutes: mission.duration_minutes,
  points: objectives.reduce((sum, objective) => sum + objective.points, 0),
  objectiveCount: objectives.length,
  flagCount: objectives.filter((objective) => objective.type === 'flag').length,
  categories: categoriesOf(objectives.map((objective) => objective.category)),
  successRule: mission.success_rule,
  objectives: objectives.map((objective) => ({
    uuid: objective.uuid,
    title: pickLocale(objective.title, locale),
    category: objective.category,
    difficulty: objective.difficulty,
    points: objective.points,
    type: objective.type,
    locked: objective.locked,
    speedrun: objective.speedrun,
    firstBloodBonus: objective.first_blood_bonus,
  })),
  bestScore: result?.best_score ?? null,
  result: result?.result ?? null,
});

const summaryView = (
  chapter: PlayerChapterRow,
  missions: readonly ChapterMission[],
  locale: Locale,
): ChapterSummary => {
  const difficulties = missions.map((mission) => mission.difficulty);
  const summary = pickLocale(chapter.summary, locale);
  return {
    chapter_uuid: chapter.uuid,
    title: pickLocale(chapter.title, locale),
    summary,
    excerpt: summaryExcerpt(summary),
    visibility: chapter.visibility,
    assigned: chapter.assigned_at !== null,
    assignedAt: chapter.assigned_at?.toISOString() ?? null,
    missionCount: missions.length,
    objectiveCount: missions.reduce((sum, mission) => sum + mission.objectiveCount, 0),
    totalPoints: missions.reduce((sum, mission) => sum + mission.points, 0),
    // A chapter always has missions once imported; an empty one reads as an introduction.
    difficulty: {
      min: difficulties.length > 0 ? Math.min(...difficulties) : 1,
      max: difficulties.length > 0 ? Math.max(...difficulties) : 1,
    },
    categories: categoriesOf(missions.flatMap((mission) => mission.categories)),
    completedMissions: missions.filter((mission) => mission.result === 'success').length,
  };
};

export interface ChapterView {
  row: PlayerChapterRow;
  summary: ChapterSummary;
  missions: ChapterMission[];
}

/** Chapters as one player reads them, in one language, from the rows of their content. */
export const buildChapterViews = (
  rows: {
    chapters: readonly PlayerChapterRow[];
    missions: readonly MissionRow[];
    objectives: readonly ObjectivePreviewRow[];
    results: readonly ResultRow[];
  },
  locale: Locale,
): ChapterView[] => {
  const missionsByChapter = groupBy(rows.missions, (mission) => mission.chapter_uuid);
  const objectivesByMission = groupBy(rows.objectives, (objective) => objective.mission_uuid);
  const resultByMission = new Map(rows.results.map((result) => [result.mission_uuid, result]));
  return rows.chapters.map((chapter) => {
    const missions = (missionsByChapter.get(chapter.uuid) ?? [])
      .toSorted((a, b) => a.position - b.position)
      .map((mission) =>
        missionView(
          mission,
          (objectivesByMission.get(mission.uuid) ?? []).toSorted((a, b) => a.position - b.position),
          resultByMission.get(mission.uuid),
          locale,
        ),
      );
    return { row: chapter, summary: summaryView(chapter, missions, locale), missions };
  });
};

/** Home's order: by position, then by title in the reader's language. */
export const byPositionThenTitle =
  (locale: Locale) =>
  (a: ChapterView, b: ChapterView): number =>
    a.row.position - b.row.position || a.summary.title.localeCompare(b.summary.title, locale);

/** Most recent assignment first. */
export const byAssignmentDateDescending = (a: ChapterView, b: ChapterView): number =>
  (b.row.assigned_at?.getTime() ?? 0) - (a.row.assigned_at?.getTime() ?? 0) ||
  a.summary.title.localeCompare(b.summary.title);
