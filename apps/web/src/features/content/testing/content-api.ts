import type { ChapterSummary, Locale, SessionSummary } from '@rampart/contracts';
import type { ApiRoutes } from '../../../test/render-app';
import type { Chapter, ChapterMission, Home, ObjectivePreview } from '../index';

let sequence = 0;
/** A fresh, valid uuid for each call (the contracts validate them). */
const nextUuid = () => `0190a1b2-c3d4-7e5f-8a9b-${(++sequence).toString(16).padStart(12, '0')}`;

export const buildChapterSummary = (overrides: Partial<ChapterSummary> = {}): ChapterSummary => ({
  chapter_uuid: nextUuid(),
  title: 'Web foundations',
  summary: 'Read **access logs** like an analyst.',
  // As the server makes it from the summary.
  excerpt: [
    { text: 'Read ', marks: [] },
    { text: 'access logs', marks: ['strong'] },
    { text: ' like an analyst.', marks: [] },
  ],
  visibility: 'assigned',
  assigned: true,
  assignedAt: '2025-03-04T09:00:00.000Z',
  missionCount: 3,
  objectiveCount: 18,
  totalPoints: 1250,
  difficulty: { min: 1, max: 4 },
  categories: ['web', 'forensics'],
  completedMissions: 1,
  ...overrides,
});

export const buildObjective = (overrides: Partial<ObjectivePreview> = {}): ObjectivePreview => ({
  uuid: nextUuid(),
  title: 'Find the attacker',
  category: 'web',
  difficulty: 2,
  points: 100,
  type: 'flag',
  locked: false,
  speedrun: false,
  firstBloodBonus: 0,
  ...overrides,
});

export const buildMission = (overrides: Partial<ChapterMission> = {}): ChapterMission => ({
  uuid: nextUuid(),
  position: 0,
  title: 'Night shift',
  brief: 'The **web server** behaves oddly.',
  scenario: 'It is 3 a.m. at the operations centre.',
  rules: 'Flags look like `RAMPART{...}`.',
  difficulty: 2,
  durationMinutes: 45,
  points: 300,
  objectiveCount: 2,
  flagCount: 1,
  categories: ['web'],
  successRule: { kind: 'required_objectives' },
  objectives: [
    buildObjective(),
    buildObjective({ title: 'Which header?', type: 'single_choice', category: 'network' }),
  ],
  bestScore: null,
  result: null,
  ...overrides,
});

export const buildChapter = (
  overrides: Partial<Chapter> = {},
  missions: ChapterMission[] = [buildMission()],
): Chapter => ({
  ...buildChapterSummary(),
  missions,
  missionCount: missions.length,
  ...overrides,
});

export const buildSession = (overrides: Partial<SessionSummary> = {}): SessionSummary => ({
  uuid: nextUuid(),
  name: 'Tuesday drill',
  status: 'running',
  missionUuid: nextUuid(),
  missionTitle: 'Night shift',
  teamsCount: 3,
  maxTeams: 6,
  playersPerTeam: 4,
  startsAt: '2025-03-04T09:00:00.000Z',
  endsAt: '2025-03-04T10:00:00.000Z',
  completed_objectives: 2,
  total_objectives: 8,
  progress_percentage: 25,
  rank: 2,
  ...overrides,
});

type HomeBody = Omit<Home, 'locale'>;

export const emptyHome: HomeBody = {
  chapters: [],
  assignedChapters: [],
  ongoingMissions: [],
  ongoingSessions: [],
  joinableSessions: [],
};

const localeOf = (url: string): Locale =>
  new URL(url, 'http://localhost').searchParams.get('locale') === 'fr' ? 'fr' : 'en';

export const chapterNotFound = () =>
  Response.json(
    { error: { code: 'content.chapter_not_found', message: 'Chapter not found' } },
    { status: 404 },
  );

/**
 * `GET /api/home` and `GET /api/chapters/{uuid}` answering in the asked language from what a
 * test gives per language (English when it gives no French). Give the same chapters, in the same
 * order, in each language.
 */
export const contentApi = ({
  home = { en: emptyHome },
  chapters = { en: [] },
}: {
  home?: Partial<Record<Locale, HomeBody>>;
  chapters?: Partial<Record<Locale, Chapter[]>>;
} = {}): ApiRoutes => {
  const pick = <T>(byLocale: Partial<Record<Locale, T>>, locale: Locale): T | undefined =>
    byLocale[locale] ?? byLocale.en;
  const routes: ApiRoutes = {
    'GET /api/home': (_init, url) => {
      const locale = localeOf(url);
      return Response.json({ locale, ...(pick(home, locale) ?? emptyHome) });
    },
  };
  (chapters.en ?? []).forEach(({ chapter_uuid }, index) => {
    routes[`GET /api/chapters/${chapter_uuid}`] = (_init, url) => {
      const locale = localeOf(url);
      const chapter = pick(chapters, locale)?.[index];
      return chapter ? Response.json({ locale, chapter }) : chapterNotFound();
    };
  });
  return routes;
};

/** The `locale` query of every call to `path` so far, in order. */
export const requestedLocales = (
  fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  path: string,
) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams.get('locale'));
