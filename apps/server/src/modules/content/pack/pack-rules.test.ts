import { contentPackSchema, type ContentPack } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { buildPackDocument, type PackDocument } from '../../../../test/pack-factory.js';
import { formatPackPath } from './pack-error.js';
import { checkPackRules, findUuidsSharedAcrossPacks } from './pack-rules.js';

type Objective = Record<string, unknown> & { uuid: string; prerequisites?: string[] };

const objectives = (document: PackDocument, mission = 0) =>
  document.chapter.missions[mission]!.objectives as Objective[];

const issuesOf = (change: (document: PackDocument) => void) => {
  const document = buildPackDocument();
  change(document);
  return checkPackRules(contentPackSchema.parse(document)).map((issue) => ({
    path: formatPackPath(issue.path),
    message: issue.message,
  }));
};

const o = (mission: number, objective: number) =>
  `chapter.missions[${mission}].objectives[${objective}]`;

describe('checkPackRules', () => {
  it('accepts the valid pack', () => {
    expect(issuesOf(() => {})).toEqual([]);
  });

  it.each<[string, (document: PackDocument) => void, { path: string; message: string }[]]>([
    [
      'a mission reusing the chapter uuid',
      (d) => (d.chapter.missions[1]!.uuid = d.chapter.uuid),
      [
        {
          path: 'chapter.missions[1].uuid',
          message: 'duplicate uuid UUID: already used at chapter.uuid',
        },
      ],
    ],
    [
      'two objectives with one uuid',
      (d) => (objectives(d, 1)[0]!.uuid = objectives(d)[1]!.uuid),
      [
        {
          path: `${o(1, 0)}.uuid`,
          message: `duplicate uuid UUID: already used at ${o(0, 1)}.uuid`,
        },
      ],
    ],
    [
      'a flag objective without a flag',
      (d) => delete objectives(d)[0]!.flag,
      [{ path: `${o(0, 0)}.flag`, message: 'a flag objective needs a flag' }],
    ],
    [
      'a flag objective with choices',
      (d) => {
        objectives(d)[0]!.choices = [{ id: 'a', text: { en: 'A', fr: 'A' } }];
        objectives(d)[0]!.correctChoices = ['a'];
      },
      [
        { path: `${o(0, 0)}.choices`, message: 'only choice objectives have choices' },
        {
          path: `${o(0, 0)}.correctChoices`,
          message: 'only choice objectives have correctChoices',
        },
      ],
    ],
    [
      'a choice objective with a flag',
      (d) => (objectives(d)[1]!.flag = { accepted: ['x'] }),
      [{ path: `${o(0, 1)}.flag`, message: 'a single_choice objective has no flag' }],
    ],
    [
      'a choice objective with one choice',
      (d) => {
        objectives(d)[1]!.choices = [{ id: 'a', text: { en: 'A', fr: 'A' } }];
      },
      [
        {
          path: `${o(0, 1)}.choices`,
          message: 'a single_choice objective needs at least 2 choices (found 1)',
        },
      ],
    ],
    [
      'two choices with one id',
      (d) => {
        (objectives(d)[2]!.choices as { id: string }[])[2]!.id = 'waf';
        objectives(d)[2]!.correctChoices = ['prepared'];
      },
      [{ path: `${o(0, 2)}.choices[2].id`, message: 'duplicate choice id "waf"' }],
    ],
    [
      'a correct choice naming no choice',
      (d) => (objectives(d)[2]!.correctChoices = ['prepared', 'e']),
      [
        {
          path: `${o(0, 2)}.correctChoices[1]`,
          message: '"e" is not one of the choices prepared, waf, least',
        },
      ],
    ],
    [
      'no correct choice',
      (d) => (objectives(d)[1]!.correctChoices = []),
      [
        {
          path: `${o(0, 1)}.correctChoices`,
          message: 'must name the correct choice (at least one id)',
        },
      ],
    ],
    [
      'two correct choices for a single choice',
      (d) => (objectives(d)[1]!.correctChoices = ['a', 'b']),
      [
        {
          path: `${o(0, 1)}.correctChoices`,
          message: 'a single_choice objective has exactly one correct choice (found 2)',
        },
      ],
    ],
    [
      'a correct choice listed twice',
      (d) => (objectives(d)[2]!.correctChoices = ['least', 'least']),
      [{ path: `${o(0, 2)}.correctChoices[1]`, message: '"least" is listed twice' }],
    ],
    [
      'two files of an objective with one name',
      (d) => (objectives(d)[0]!.files = [{ path: 'files/a.log' }, { path: 'other/a.log' }]),
      [
        {
          path: `${o(0, 0)}.files[1].path`,
          message: 'another file of this objective is already named "a.log"',
        },
      ],
    ],
    [
      'a prerequisite in another mission',
      (d) => objectives(d)[3]!.prerequisites!.push(objectives(d, 1)[0]!.uuid),
      [
        {
          path: `${o(0, 3)}.prerequisites[2]`,
          message: 'UUID is not an objective of this mission',
        },
      ],
    ],
    [
      'an objective requiring itself',
      (d) => objectives(d)[3]!.prerequisites!.push(objectives(d)[3]!.uuid),
      [
        {
          path: `${o(0, 3)}.prerequisites[2]`,
          message: 'an objective cannot be its own prerequisite',
        },
      ],
    ],
    [
      'prerequisites without the lock',
      (d) => (objectives(d)[3]!.locked = false),
      [
        {
          path: `${o(0, 3)}.locked`,
          message: 'an objective with prerequisites must be locked: true',
        },
      ],
    ],
    [
      'a cycle of prerequisites',
      (d) => {
        objectives(d)[0]!.locked = true;
        objectives(d)[0]!.prerequisites = [objectives(d)[3]!.uuid];
      },
      [
        {
          path: `${o(0, 0)}.prerequisites`,
          message: 'prerequisites form a cycle: objectives[0] → objectives[3] → objectives[0]',
        },
      ],
    ],
    [
      'more objectives to solve than the mission has',
      (d) => (d.chapter.missions[1]!.successRule = { kind: 'min_objectives', count: 2 } as never),
      [
        {
          path: 'chapter.missions[1].successRule.count',
          message: 'the mission has only 1 objectives, fewer than 2',
        },
      ],
    ],
    [
      'more points to reach than the mission offers',
      (d) => (d.chapter.missions[1]!.successRule = { kind: 'min_points', points: 301 }),
      [
        {
          path: 'chapter.missions[1].successRule.points',
          message: 'cannot be reached: the objectives are worth 300 points in all',
        },
      ],
    ],
    [
      'a required-objectives rule with no required objective',
      (d) => {
        d.chapter.missions[1]!.successRule = { kind: 'required_objectives' } as never;
        objectives(d, 1)[0]!.required = false;
      },
      [
        {
          path: 'chapter.missions[1].successRule',
          message: 'required_objectives needs at least one objective with required: true',
        },
      ],
    ],
  ])('reports %s', (_name, change, expected) => {
    const found = issuesOf(change).map((issue) => ({
      ...issue,
      message: issue.message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'UUID'),
    }));
    expect(found).toEqual(expected);
  });
});

describe('findUuidsSharedAcrossPacks', () => {
  it('reports a uuid declared by two packs in the later one, naming the first', () => {
    const first = contentPackSchema.parse(buildPackDocument());
    const second = contentPackSchema.parse(buildPackDocument()) as ContentPack;
    second.chapter.missions[0]!.objectives[1]!.uuid = first.chapter.missions[1]!.uuid;
    const shared = findUuidsSharedAcrossPacks([
      { file: 'a/chapter.yaml', pack: first },
      { file: 'b/chapter.yaml', pack: second },
    ]);
    expect(
      shared.map(({ pack, issue }) => [pack.file, formatPackPath(issue.path), issue.message]),
    ).toEqual([
      [
        'b/chapter.yaml',
        'chapter.missions[0].objectives[1].uuid',
        `uuid ${first.chapter.missions[1]!.uuid} is also used by a/chapter.yaml at chapter.missions[1].uuid`,
      ],
    ]);
  });
});
