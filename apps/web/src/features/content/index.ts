// The content shared by the home, chapter and current-sessions screens. Only lazy screens import
// it (its calls bring zod along); the query keys alone live in a light module.
export { contentQueryKeys } from './content-query-keys';
export { useContentLocale } from './hooks/use-content-locale';
export { useHome, homeQueryOptions, type Home } from './api/get-home';
export {
  useChapter,
  chapterQueryOptions,
  isChapterUuid,
  type Chapter,
  type ChapterMission,
  type ObjectivePreview,
} from './api/get-chapter';
export { CategoryTags } from './components/category-tags';
export { DifficultyMeter } from './components/difficulty-meter';
export { MissionResultBadge } from './components/mission-result-badge';
export { ProgressMeter } from './components/progress-meter';
export { SessionCard } from './components/session-card';
export { SessionStatusBadge } from './components/session-status-badge';
export { sessionJoinPath, sessionPath } from './lib/session-path';
