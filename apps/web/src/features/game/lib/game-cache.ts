import type { AnswerResult, PlayObjective, Ranking, RealtimeEventOf } from '@rampart/contracts';
import type { PlayerSession } from '../../sessions/api/get-session';
import type { GameObjectives } from '../api/get-objectives';
import { clockOffsetMs } from '../../../lib/clock-offset';

/**
 * Merging what the session's stream and a player's own answer say into the game screen's cached
 * data, instead of reading it again: pure functions of (cached data, what was said), each safe to
 * apply twice (an event replayed after a reconnection, an answer's response and its own event).
 * A missing cache stays missing: the screen reads it when it opens.
 */

type RankingPayload = RealtimeEventOf<'ranking.changed'>['payload'];

/** The ranking screen's data from a `ranking.changed`: the event carries every column of it. */
export const rankingOf = (payload: RankingPayload): Ranking => ({
  teams: payload.teams.map((team) => ({ ...team })),
});

/** The same rounding as the server's progress. */
const percentage = (completed: number, total: number) =>
  total === 0 ? 0 : Math.round((completed / total) * 100);

const withProgress = (current: GameObjectives, objectives: PlayObjective[]): GameObjectives => {
  const completed = objectives.filter((objective) => objective.solved).length;
  return {
    ...current,
    objectives,
    completed_objectives: completed,
    progress_percentage: percentage(completed, current.total_objectives),
  };
};

const patchObjective = (
  current: GameObjectives,
  objectiveUuid: string,
  patch: (objective: PlayObjective) => PlayObjective,
): GameObjectives => {
  if (!current.objectives.some((objective) => objective.uuid === objectiveUuid)) return current;
  return withProgress(
    current,
    current.objectives.map((objective) =>
      objective.uuid === objectiveUuid ? patch(objective) : objective,
    ),
  );
};

/** Solved by the team: closed to it, no longer in progress. */
const solvedState = (objective: PlayObjective, solvedAt: string): PlayObjective =>
  objective.solved
    ? objective
    : { ...objective, solved: true, solvedAt, inProgress: false, closedReason: 'solved' };

/** Attempts used and left; out of attempts closes the objective to the team. */
const attemptState = (
  objective: PlayObjective,
  attempts: number,
  attemptsLeft: number | null,
): PlayObjective => {
  // A replayed or late attempt never undoes what a newer one (or the solve) said.
  if (objective.solved || attempts < objective.attempts) return objective;
  const closedReason = attemptsLeft === 0 ? 'no_attempts_left' : null;
  return {
    ...objective,
    attempts,
    attemptsLeft,
    closedReason,
    inProgress: closedReason === null && attempts > 0,
  };
};

export interface Solve {
  objectiveUuid: string;
  teamUuid: string;
  teamName: string;
  firstBlood: boolean;
  /** When the event was written: the solve's time to the second. */
  solvedAt: string;
}

/**
 * A team solved an objective (`objective.solved`): it joins the objective's solvers (once, in
 * the order of their times), the first blood is taken if it was one, and the viewer's own team's
 * solve closes the objective to it.
 */
export const mergeSolve = (
  current: GameObjectives | undefined,
  solve: Solve,
  ownTeam: string | null,
): GameObjectives | undefined => {
  if (!current) return current;
  return patchObjective(current, solve.objectiveUuid, (objective) => {
    const known = objective.solvedBy.some((solver) => solver.teamUuid === solve.teamUuid);
    const solvedBy = known
      ? objective.solvedBy
      : [
          ...objective.solvedBy,
          { teamUuid: solve.teamUuid, teamName: solve.teamName, solvedAt: solve.solvedAt },
        ].sort((a, b) => Date.parse(a.solvedAt) - Date.parse(b.solvedAt));
    const merged = {
      ...objective,
      solvedBy,
      firstBloodTaken: objective.firstBloodTaken || solve.firstBlood,
    };
    return solve.teamUuid === ownTeam ? solvedState(merged, solve.solvedAt) : merged;
  });
};

/** A teammate's wrong answer used an attempt (`objective.attempted`, to the team only). */
export const mergeAttempt = (
  current: GameObjectives | undefined,
  attempt: { objectiveUuid: string; attempts: number; attemptsLeft: number | null },
): GameObjectives | undefined =>
  current &&
  patchObjective(current, attempt.objectiveUuid, (objective) =>
    attemptState(objective, attempt.attempts, attempt.attemptsLeft),
  );

/** The player's own answer, as its response says it. */
export const mergeAnswerResult = (
  current: GameObjectives | undefined,
  objectiveUuid: string,
  result: AnswerResult,
  answeredAt: string,
): GameObjectives | undefined =>
  current &&
  patchObjective(current, objectiveUuid, (objective) =>
    result.correct
      ? solvedState({ ...objective, attempts: result.attempts }, answeredAt)
      : attemptState(objective, result.attempts, result.attemptsLeft),
  );

/**
 * Whether the cached objectives show one still locked although its prerequisites are now all
 * solved: the server opened it to the team, and its text comes only with the objectives read
 * again.
 */
export const hasOpenedObjective = (current: GameObjectives | undefined): boolean => {
  if (!current) return false;
  const solved = new Set(current.objectives.filter((o) => o.solved).map((o) => o.uuid));
  return current.objectives.some(
    (objective) =>
      objective.locked &&
      objective.prerequisites.length > 0 &&
      objective.prerequisites.every((uuid) => solved.has(uuid)),
  );
};

/**
 * The session's view after a `ranking.changed`: every team's place, score and elimination, in
 * the ranking's order, and the viewer's own team's score, rank and progress. Members, tokens and
 * reasons are not in a ranking: they stay as they were.
 */
export const mergeRankingIntoSession = (
  current: PlayerSession | undefined,
  payload: RankingPayload,
): PlayerSession | undefined => {
  if (!current) return current;
  const rowOf = new Map(payload.teams.map((row) => [row.uuid, row]));
  const teams = current.teams
    .map((team) => {
      const row = rowOf.get(team.uuid);
      return row
        ? {
            ...team,
            name: row.name,
            logoUrl: row.logoUrl,
            rank: row.rank,
            score: row.score,
            eliminated: row.eliminated,
          }
        : team;
    })
    .sort((a, b) => Number(!rowOf.has(a.uuid)) - Number(!rowOf.has(b.uuid)) || a.rank - b.rank);
  const user = current.gaming_session_user;
  const own = user?.gaming_session_team;
  const ownRow = own ? rowOf.get(own.uuid) : undefined;
  if (!user || !own || !ownRow) return { ...current, teams };
  return {
    ...current,
    teams,
    completed_objectives: ownRow.completed_objectives,
    progress_percentage: percentage(ownRow.completed_objectives, current.total_objectives),
    gaming_session_user: {
      ...user,
      gaming_session_team: {
        ...own,
        name: ownRow.name,
        logoUrl: ownRow.logoUrl,
        rank: ownRow.rank,
        score: ownRow.score,
        eliminated: ownRow.eliminated,
      },
    },
  };
};

/** The player's own team's score, as a response of the server says it (an answer, a hint). */
export const mergeTeamScore = (
  current: PlayerSession | undefined,
  score: number,
): PlayerSession | undefined => {
  const user = current?.gaming_session_user;
  const own = user?.gaming_session_team;
  if (!current || !user || !own) return current;
  return { ...current, gaming_session_user: { ...user, gaming_session_team: { ...own, score } } };
};

/** The player's own team's score and progress, as the answer's response says them. */
export const mergeAnswerIntoSession = (
  current: PlayerSession | undefined,
  result: AnswerResult,
): PlayerSession | undefined => {
  const scored = mergeTeamScore(current, result.score);
  return (
    scored && {
      ...scored,
      completed_objectives: result.completed_objectives,
      progress_percentage: result.progress_percentage,
    }
  );
};

type TimesPayload =
  | RealtimeEventOf<'session.status_changed'>['payload']
  | RealtimeEventOf<'session.settings_changed'>['payload'];

/**
 * A change of the session's course or settings: its new times and settings in place, and this
 * browser's offset to the server's clock measured again at `receivedAt`.
 */
export const patchSessionTimes = (
  current: PlayerSession | undefined,
  payload: TimesPayload,
  receivedAt: number,
): PlayerSession | undefined => {
  if (!current) return current;
  const {
    sessionUuid: _session,
    allSolved,
    minutesAdded: _minutes,
    ...times
  } = payload as TimesPayload & { allSolved?: boolean; minutesAdded?: number };
  return {
    ...current,
    ...times,
    ...(allSolved ? { allSolvedAt: payload.serverTime } : {}),
    clockOffsetMs: clockOffsetMs(payload.serverTime, receivedAt),
  };
};
