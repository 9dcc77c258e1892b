import type { ContentPack, PackMission, PackObjective } from '@rampart/contracts';
import { formatPackPath, type PackPathSegment } from './pack-error.js';

/** A rule a valid pack document breaks, at a path inside that document. */
export interface PackIssue {
  path: PackPathSegment[];
  message: string;
}

/** Where a uuid is declared in a pack. */
interface UuidDeclaration {
  uuid: string;
  path: PackPathSegment[];
}

/** Every uuid a pack declares (chapter, missions, objectives, hints), in document order. */
export const declaredUuids = (pack: ContentPack): UuidDeclaration[] => {
  const declarations: UuidDeclaration[] = [{ uuid: pack.chapter.uuid, path: ['chapter', 'uuid'] }];
  pack.chapter.missions.forEach((mission, m) => {
    declarations.push({ uuid: mission.uuid, path: ['chapter', 'missions', m, 'uuid'] });
    mission.objectives.forEach((objective, o) => {
      declarations.push({
        uuid: objective.uuid,
        path: ['chapter', 'missions', m, 'objectives', o, 'uuid'],
      });
      objective.hints.forEach((hint, h) => {
        if (hint.uuid)
          declarations.push({
            uuid: hint.uuid,
            path: ['chapter', 'missions', m, 'objectives', o, 'hints', h, 'uuid'],
          });
      });
    });
  });
  return declarations;
};

/** The name a player downloads an attached file as. */
export const attachmentName = (file: { path: string; name?: string | undefined }): string =>
  file.name ?? file.path.slice(file.path.lastIndexOf('/') + 1);

const quoteList = (values: readonly string[]) => values.join(', ');

const checkUniqueUuids = (pack: ContentPack): PackIssue[] => {
  const firstSeen = new Map<string, PackPathSegment[]>();
  const issues: PackIssue[] = [];
  for (const { uuid, path } of declaredUuids(pack)) {
    const key = uuid.toLowerCase();
    const first = firstSeen.get(key);
    if (first) {
      issues.push({
        path,
        message: `duplicate uuid ${uuid}: already used at ${formatPackPath(first)}`,
      });
    } else {
      firstSeen.set(key, path);
    }
  }
  return issues;
};

const checkAnswer = (objective: PackObjective, at: PackPathSegment[]): PackIssue[] => {
  const issues: PackIssue[] = [];
  if (objective.type === 'flag') {
    if (!objective.flag)
      issues.push({ path: [...at, 'flag'], message: 'a flag objective needs a flag' });
    if (objective.choices)
      issues.push({ path: [...at, 'choices'], message: 'only choice objectives have choices' });
    if (objective.correctChoices)
      issues.push({
        path: [...at, 'correctChoices'],
        message: 'only choice objectives have correctChoices',
      });
    return issues;
  }

  if (objective.flag)
    issues.push({ path: [...at, 'flag'], message: `a ${objective.type} objective has no flag` });
  const choices = objective.choices ?? [];
  if (choices.length < 2)
    issues.push({
      path: [...at, 'choices'],
      message: `a ${objective.type} objective needs at least 2 choices (found ${choices.length})`,
    });
  const choiceIds: string[] = [];
  choices.forEach((choice, index) => {
    if (choiceIds.includes(choice.id))
      issues.push({
        path: [...at, 'choices', index, 'id'],
        message: `duplicate choice id "${choice.id}"`,
      });
    else choiceIds.push(choice.id);
  });

  const correct = objective.correctChoices ?? [];
  if (correct.length === 0) {
    issues.push({
      path: [...at, 'correctChoices'],
      message: 'must name the correct choice (at least one id)',
    });
  } else if (objective.type === 'single_choice' && correct.length > 1) {
    issues.push({
      path: [...at, 'correctChoices'],
      message: `a single_choice objective has exactly one correct choice (found ${correct.length})`,
    });
  }
  const seen = new Set<string>();
  correct.forEach((id, index) => {
    if (seen.has(id)) {
      issues.push({
        path: [...at, 'correctChoices', index],
        message: `"${id}" is listed twice`,
      });
    } else if (!choiceIds.includes(id)) {
      issues.push({
        path: [...at, 'correctChoices', index],
        message:
          choiceIds.length > 0
            ? `"${id}" is not one of the choices ${quoteList(choiceIds)}`
            : `"${id}" is not one of the choices (there are none)`,
      });
    }
    seen.add(id);
  });
  return issues;
};

const checkFiles = (objective: PackObjective, at: PackPathSegment[]): PackIssue[] => {
  const issues: PackIssue[] = [];
  const names = new Set<string>();
  objective.files.forEach((file, index) => {
    const name = attachmentName(file);
    if (names.has(name)) {
      issues.push({
        path: [...at, 'files', index, file.name === undefined ? 'path' : 'name'],
        message: `another file of this objective is already named "${name}"`,
      });
    }
    names.add(name);
  });
  return issues;
};

const checkPrerequisites = (mission: PackMission, at: PackPathSegment[]): PackIssue[] => {
  const issues: PackIssue[] = [];
  const indexByUuid = new Map(mission.objectives.map((objective, o) => [objective.uuid, o]));
  mission.objectives.forEach((objective, o) => {
    const here = [...at, 'objectives', o];
    const seen = new Set<string>();
    objective.prerequisites.forEach((uuid, p) => {
      const path = [...here, 'prerequisites', p];
      if (uuid === objective.uuid)
        issues.push({ path, message: 'an objective cannot be its own prerequisite' });
      else if (seen.has(uuid)) issues.push({ path, message: `${uuid} is listed twice` });
      else if (!indexByUuid.has(uuid))
        issues.push({ path, message: `${uuid} is not an objective of this mission` });
      seen.add(uuid);
    });
    if (objective.prerequisites.length > 0 && !objective.locked) {
      issues.push({
        path: [...here, 'locked'],
        message: 'an objective with prerequisites must be locked: true',
      });
    }
  });

  // Depth-first search; each cycle is reported once, at the objective where it was entered.
  const state = new Map<number, 'visiting' | 'done'>();
  const stack: number[] = [];
  const visit = (o: number) => {
    state.set(o, 'visiting');
    stack.push(o);
    for (const uuid of mission.objectives[o]!.prerequisites) {
      const next = indexByUuid.get(uuid);
      if (next === undefined || next === o) continue;
      if (state.get(next) === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        issues.push({
          path: [...at, 'objectives', next, 'prerequisites'],
          message: `prerequisites form a cycle: ${cycle.map((i) => `objectives[${i}]`).join(' → ')}`,
        });
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(o, 'done');
  };
  mission.objectives.forEach((_objective, o) => {
    if (!state.has(o)) visit(o);
  });
  return issues;
};

const checkSuccessRule = (mission: PackMission, at: PackPathSegment[]): PackIssue[] => {
  const rule = mission.successRule;
  const path = [...at, 'successRule'];
  if (rule.kind === 'min_objectives' && rule.count > mission.objectives.length) {
    return [
      {
        path: [...path, 'count'],
        message: `the mission has only ${mission.objectives.length} objectives, fewer than ${rule.count}`,
      },
    ];
  }
  if (rule.kind === 'min_points') {
    const reachable = mission.objectives.reduce(
      (total, objective) => total + objective.points + objective.firstBloodBonus,
      0,
    );
    if (rule.points > reachable)
      return [
        {
          path: [...path, 'points'],
          message: `cannot be reached: the objectives are worth ${reachable} points in all`,
        },
      ];
  }
  if (
    rule.kind === 'required_objectives' &&
    !mission.objectives.some((objective) => objective.required)
  ) {
    return [
      {
        path,
        message: 'required_objectives needs at least one objective with required: true',
      },
    ];
  }
  return [];
};

/**
 * The rules of a pack that its schema cannot say: unique uuids, answers that match the type,
 * prerequisites inside the mission and without cycles, success rules that can be met.
 */
export const checkPackRules = (pack: ContentPack): PackIssue[] => {
  const issues = checkUniqueUuids(pack);
  pack.chapter.missions.forEach((mission, m) => {
    const missionPath: PackPathSegment[] = ['chapter', 'missions', m];
    mission.objectives.forEach((objective, o) => {
      const objectivePath = [...missionPath, 'objectives', o];
      issues.push(
        ...checkAnswer(objective, objectivePath),
        ...checkFiles(objective, objectivePath),
      );
    });
    issues.push(
      ...checkPrerequisites(mission, missionPath),
      ...checkSuccessRule(mission, missionPath),
    );
  });
  return issues;
};

/**
 * Uuids declared by more than one of the packs imported together: each later declaration is an
 * issue of its own pack, naming the first one.
 */
export const findUuidsSharedAcrossPacks = <T extends { file: string; pack: ContentPack }>(
  packs: readonly T[],
): { pack: T; issue: PackIssue }[] => {
  const firstSeen = new Map<string, { file: string; path: PackPathSegment[] }>();
  const shared: { pack: T; issue: PackIssue }[] = [];
  for (const entry of packs) {
    const local = new Map<string, PackPathSegment[]>();
    for (const { uuid, path } of declaredUuids(entry.pack)) {
      const key = uuid.toLowerCase();
      const first = firstSeen.get(key);
      if (first) {
        shared.push({
          pack: entry,
          issue: {
            path,
            message: `uuid ${uuid} is also used by ${first.file} at ${formatPackPath(first.path)}`,
          },
        });
      }
      if (!local.has(key)) local.set(key, path);
    }
    for (const [key, path] of local)
      if (!firstSeen.has(key)) firstSeen.set(key, { file: entry.file, path });
  }
  return shared;
};
