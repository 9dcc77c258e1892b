import type { ObjectiveCategory, PlayObjective } from '@rampart/contracts';

/** The objective lists: all, followed, in progress, closed (solved or out of attempts). */
export const objectiveLists = ['all', 'followed', 'inProgress', 'completed'] as const;
export type ObjectiveList = (typeof objectiveLists)[number];

export interface ObjectiveFilters {
  list: ObjectiveList;
  category: ObjectiveCategory | 'any';
  difficulty: number | 'any';
}

export const noFilters: ObjectiveFilters = { list: 'all', category: 'any', difficulty: 'any' };

const inList = (objective: PlayObjective, list: ObjectiveList) => {
  switch (list) {
    case 'all':
      return true;
    case 'followed':
      return objective.followed;
    case 'inProgress':
      return objective.inProgress && objective.closedReason === null;
    // Closed: solved, or out of attempts (the list's label says "closed", the row says why).
    case 'completed':
      return objective.closedReason !== null;
  }
};

/** The objectives a list and filters keep, in the mission's order. */
export const filterObjectives = (objectives: readonly PlayObjective[], filters: ObjectiveFilters) =>
  objectives.filter(
    (objective) =>
      inList(objective, filters.list) &&
      (filters.category === 'any' || objective.category === filters.category) &&
      (filters.difficulty === 'any' || objective.difficulty === filters.difficulty),
  );

/** The objective to show before the player picks one: the first still to solve, else the first. */
export const firstToSolve = (objectives: readonly PlayObjective[]): PlayObjective | null =>
  objectives.find(
    (objective) => objective.closedReason === null && !objective.solved && !objective.locked,
  ) ??
  objectives[0] ??
  null;
