// A content pack for the correct-answers figure: one chapter, one mission of many flag
// objectives, so that every request of the load can be a first solve (a team and an objective
// it has not solved). Fixed uuids: importing it again into the same database updates it.
import fs from 'node:fs';
import path from 'node:path';

export const BENCH_MISSION = 'b3c40000-0000-4000-8000-000000000001';
const CHAPTER = 'b3c40000-0000-4000-8000-000000000000';

export const benchObjectiveUuid = (index) =>
  `b3c40001-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
export const benchFlag = (index) => `BENCH{${index}}`;

const both = (text) => ({ en: text, fr: text });

/** A mission's most objectives. */
export const BENCH_OBJECTIVES = 40;

/** Writes the pack's chapter.yaml (JSON is YAML) into `directory`. */
export const writeBenchPack = (directory, objectives) => {
  fs.mkdirSync(directory, { recursive: true });
  const chapter = {
    format: 'rampart.chapter/v1',
    chapter: {
      uuid: CHAPTER,
      visibility: 'open',
      position: 999,
      title: both('Benchmark'),
      summary: both('Objectives for `npm run bench`.'),
      missions: [
        {
          uuid: BENCH_MISSION,
          title: both('Benchmark mission'),
          difficulty: 1,
          durationMinutes: 600,
          brief: both('Benchmark.'),
          scenario: both('Benchmark.'),
          rules: both('Benchmark.'),
          objectives: Array.from({ length: objectives }, (_, index) => ({
            uuid: benchObjectiveUuid(index),
            title: both(`O${index}`),
            description: both(`O${index}`),
            category: 'web',
            difficulty: 1,
            points: 100,
            type: 'flag',
            firstBloodBonus: 10,
            flag: { accepted: [benchFlag(index)] },
          })),
        },
      ],
    },
  };
  fs.writeFileSync(path.join(directory, 'chapter.yaml'), JSON.stringify(chapter));
  return directory;
};
