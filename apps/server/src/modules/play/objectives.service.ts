import { isObjectiveOpen, progressPercentage } from '@rampart/contracts';
import type { Locale, LocalizedText, PlayObjective } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { playerFileUrl } from '../content/attachments.js';
import type { Principal } from '../identity/auth.service.js';
import { deriveSessionState, pausedMsAt } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { HintsRepository } from './hints.repository.js';
import { playHintOf } from './hints.service.js';
import {
  deleteObjectiveFollow,
  insertObjectiveFollow,
  listFilesOfObjectives,
  listFirstBloodObjectives,
  listFollowedObjectives,
  listMissionObjectives,
  listSessionSolves,
  listSessionSpeedruns,
  listTeamObjectiveStates,
  listUnlockedObjectives,
} from './objectives.repository.js';
import type { PlayRepository } from './play.repository.js';
import { speedrunFloor, speedrunRunningMs, speedrunValue } from './scoring.js';

/**
 * A team's view of its mission's objectives: what each is, the team's state on it, whether the
 * caller follows it; locked ones show their title and figures but not their description.
 */
export const createObjectivesService = (deps: {
  db: Kysely<Database>;
  repo: PlayRepository;
  hints: HintsRepository;
  sessions: SessionsRepository;
  clock: Clock;
}) => {
  const { db, repo } = deps;

  /** The caller's team in a session that has started: the one view objectives are read from. */
  const playingTeam = async (principal: Principal, sessionUuid: string) => {
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    const member = await repo.findMembership(sessionUuid, principal.accountId);
    if (!member) throw new AppError('session.not_joined');
    if (!member.team_uuid) throw new AppError('team.not_found');
    const now = await deps.clock.now();
    const timeline = timelineOf(session);
    const { status } = deriveSessionState(timeline, now);
    if (status === 'lobby' || status === 'countdown' || status === 'canceled')
      throw new AppError('session.not_running');
    return { session, timeline, teamUuid: member.team_uuid, now };
  };

  const list = async (principal: Principal, sessionUuid: string, locale: Locale) => {
    const { session, timeline, teamUuid, now } = await playingTeam(principal, sessionUuid);
    const objectives = await listMissionObjectives(db, session.mission_uuid);
    const uuids = objectives.map((objective) => objective.uuid);
    const [states, follows, firstBloods, speedruns, unlocks, files, solves, hints] =
      await Promise.all([
        listTeamObjectiveStates(db, teamUuid),
        listFollowedObjectives(db, sessionUuid, principal.accountId),
        listFirstBloodObjectives(db, sessionUuid),
        listSessionSpeedruns(db, sessionUuid),
        listUnlockedObjectives(db, sessionUuid),
        listFilesOfObjectives(db, uuids),
        listSessionSolves(db, sessionUuid),
        deps.hints.listForTeam(session.mission_uuid, teamUuid),
      ]);
    const stateOf = new Map(states.map((state) => [state.objective_uuid, state]));
    const solved = new Set(states.filter((s) => s.solved_at).map((s) => s.objective_uuid));
    const followed = new Set(follows.map((row) => row.objective_uuid));
    const bloodied = new Set(firstBloods.map((row) => row.objective_uuid));
    const unlocked = new Set(unlocks.map((row) => row.objective_uuid));
    const speedrunOf = new Map(speedruns.map((row) => [row.objective_uuid, row]));
    const pausedNow = pausedMsAt(timeline, now);

    const views: PlayObjective[] = objectives.map((objective) => {
      const state = stateOf.get(objective.uuid);
      const locked = !isObjectiveOpen(objective, {
        unlockedByTrainer: unlocked.has(objective.uuid),
        hasSolved: (uuid) => solved.has(uuid),
      });
      const attempts = state?.attempts ?? 0;
      const attemptsLeft =
        objective.max_attempts === null ? null : Math.max(0, objective.max_attempts - attempts);
      // An objective the team may no longer answer is closed, like a solved one: not in progress.
      const closedReason = solved.has(objective.uuid)
        ? ('solved' as const)
        : attemptsLeft === 0
          ? ('no_attempts_left' as const)
          : null;
      const speedrun = speedrunOf.get(objective.uuid);
      const runningMs = speedrun
        ? speedrunRunningMs(
            speedrun.launched_at,
            Number(speedrun.paused_ms_at_launch),
            pausedNow,
            now,
          )
        : 0;
      const text = (value: unknown) => (value as LocalizedText)[locale];
      return {
        uuid: objective.uuid,
        position: objective.position,
        title: text(objective.title),
        description: locked ? '' : text(objective.description),
        category: objective.category,
        difficulty: objective.difficulty as PlayObjective['difficulty'],
        points: objective.points,
        type: objective.type,
        choices: locked
          ? []
          : (objective.choices as { id: string; text: LocalizedText }[]).map((choice) => ({
              id: choice.id,
              text: choice.text[locale],
            })),
        expectedAnswers: objective.expected_answers,
        penalty: objective.penalty,
        maxAttempts: objective.max_attempts,
        firstBloodBonus: objective.first_blood_bonus,
        locked,
        prerequisites: objective.prerequisites,
        files: locked
          ? []
          : files
              .filter((file) => file.objective_uuid === objective.uuid)
              .map((file) => ({
                uuid: file.uuid,
                name: file.name,
                size: file.size,
                contentType: file.content_type,
                url: playerFileUrl(objective.uuid, file.uuid),
              })),
        attempts,
        attemptsLeft,
        solved: solved.has(objective.uuid),
        solvedAt: state?.solved_at?.toISOString() ?? null,
        inProgress: closedReason === null && Boolean(state?.first_attempt_at),
        closedReason,
        followed: followed.has(objective.uuid),
        firstBloodTaken: bloodied.has(objective.uuid),
        solvedBy: solves
          .filter((solve) => solve.objective_uuid === objective.uuid)
          .map((solve) => ({
            teamUuid: solve.team_uuid,
            teamName: solve.name,
            solvedAt: solve.solved_at!.toISOString(),
          })),
        speedrun: speedrun
          ? {
              title: speedrun.title,
              description: speedrun.description,
              launchedAt: speedrun.launched_at.toISOString(),
              runningMs: Math.round(runningMs),
              value: speedrunValue(objective.points, runningMs),
              floor: speedrunFloor(objective.points),
            }
          : null,
        hints: locked
          ? []
          : hints
              .filter((hint) => hint.objective_uuid === objective.uuid)
              .map((hint) => playHintOf(hint, locale, sessionUuid)),
      };
    });
    const completed = solved.size;
    return {
      locale,
      objectives: views,
      completed_objectives: completed,
      total_objectives: objectives.length,
      progress_percentage: progressPercentage(completed, objectives.length),
      serverTime: now.toISOString(),
    };
  };

  const setFollow = async (
    principal: Principal,
    sessionUuid: string,
    objectiveUuid: string,
    follow: boolean,
  ) => {
    const { session } = await playingTeam(principal, sessionUuid);
    const objective = await repo.findObjectiveForAnswer(db, session.mission_uuid, objectiveUuid);
    if (!objective) throw new AppError('objective.not_found');
    const target = { sessionUuid, accountId: principal.accountId, objectiveUuid };
    if (follow) await insertObjectiveFollow(db, target);
    else await deleteObjectiveFollow(db, target);
    return { followed: follow };
  };

  return { list, setFollow };
};

export type ObjectivesService = ReturnType<typeof createObjectivesService>;
