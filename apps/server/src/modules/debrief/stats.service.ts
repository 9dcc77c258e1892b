import { rankTeamRows, isClosedStatus } from '@rampart/contracts';
import type {
  AnswersHiddenReason,
  LocalizedText,
  ObjectiveType,
  SessionStats,
  SuccessRule,
} from '@rampart/contracts';
import type { ObjectiveAnswer } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { CockpitRepository } from '../cockpit/cockpit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { HintsRepository } from '../play/hints.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { logoUrlOf, sessionTimes, timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { StatsRepository } from './stats.repository.js';
import {
  answersHiddenBecause,
  awardsOf,
  missionResultOf,
  scoreEvolutionOf,
  speedrunWinsOf,
} from './stats-rules.js';

const iso = (instant: Date | string | null) =>
  instant === null ? null : new Date(instant).toISOString();

const IN_PLAY = new Set(['lobby', 'countdown', 'running', 'paused']);

const resolutionOf = (objective: {
  type: ObjectiveType;
  answer: ObjectiveAnswer;
  choices: { id: string; text: LocalizedText }[];
  explanation: LocalizedText | null;
}) =>
  objective.answer.kind === 'flag'
    ? {
        flags: objective.answer.accepted,
        caseInsensitive: objective.answer.caseInsensitive,
        choices: null,
        explanation: objective.explanation,
      }
    : {
        flags: null,
        caseInsensitive: null,
        choices: objective.choices.map((choice) => ({
          ...choice,
          correct: (objective.answer as { correct: string[] }).correct.includes(choice.id),
        })),
        explanation: objective.explanation,
      };

/**
 * A session's debrief: the objectives with each team's result, the ranking with each
 * team's mission result, the score evolution from the ledger and the resolutions. One read of
 * each part whatever the numbers of teams, objectives and answers. A player asks for it once
 * the session is over (before, 409), a trainer at any time. Trainers read the answers once the
 * session is over; a player only as `answersHiddenBecause` allows (docs/security.md).
 */
export const createStatsService = (deps: {
  repo: StatsRepository;
  sessions: SessionsRepository;
  play: Pick<PlayRepository, 'listRankingRows'>;
  cockpit: Pick<CockpitRepository, 'listCells'>;
  hints: Pick<HintsRepository, 'listSessionUnlocks'>;
  clock: Clock;
}) => {
  /** Whether a session of this mission is in its lobby, countdown, running or paused. */
  const missionInPlay = async (missionUuid: string, now: Date) =>
    (await deps.repo.listUnendedSessionsOfMission(missionUuid, now)).some((row) =>
      IN_PLAY.has(deriveSessionState(timelineOf(row), now).status),
    );

  const build = async (
    session: NonNullable<Awaited<ReturnType<SessionsRepository['findSession']>>>,
    reader: { kind: 'trainer' } | { kind: 'player'; teamUuid: string | null },
    now: Date,
  ): Promise<SessionStats> => {
    const times = sessionTimes(session, now);
    const over = isClosedStatus(times.status);
    const myTeamUuid = reader.kind === 'player' ? reader.teamUuid : null;
    const [mission, teamRows, objectives, activeCells, unlocks] = await Promise.all([
      deps.repo.findMission(session.mission_uuid),
      deps.play.listRankingRows(session.uuid),
      deps.repo.listObjectives(session.uuid, session.mission_uuid),
      deps.cockpit.listCells(session.uuid),
      deps.hints.listSessionUnlocks(session.uuid),
    ]);
    // Hints per team and objective, and per team; a team that bought a hint on an objective it
    // never answered has a result there too.
    const hintsOn = new Map<string, { count: number; cost: number }>();
    const hintsOf = new Map<string, { count: number; cost: number }>();
    for (const unlock of unlocks)
      for (const [tally, key] of [
        [hintsOn, `${unlock.team_uuid}:${unlock.objective_uuid}`],
        [hintsOf, unlock.team_uuid],
      ] as const) {
        const before = tally.get(key) ?? { count: 0, cost: 0 };
        tally.set(key, { count: before.count + 1, cost: before.cost + unlock.cost });
      }
    const tried = new Set(activeCells.map((cell) => `${cell.team_uuid}:${cell.objective_uuid}`));
    const cells = [
      ...activeCells,
      ...unlocks
        .filter((unlock) => !tried.has(`${unlock.team_uuid}:${unlock.objective_uuid}`))
        .filter(
          (unlock, index, all) =>
            all.findIndex(
              (other) =>
                other.team_uuid === unlock.team_uuid &&
                other.objective_uuid === unlock.objective_uuid,
            ) === index,
        )
        .map((unlock) => ({
          team_uuid: unlock.team_uuid,
          objective_uuid: unlock.objective_uuid,
          solved_at: null,
          solver: null,
          attempts: 0,
          wrong: 0,
        })),
    ];
    if (!mission) throw new AppError('session.not_found');
    // Trainers read the answers of any session once it is over; players by the rule, which
    // looks at every session of the mission on the deployment, not only this one.
    const hiddenBecause: AnswersHiddenReason | null =
      reader.kind === 'trainer'
        ? over
          ? null
          : 'session_not_over'
        : answersHiddenBecause({
            status: times.status,
            startsAt: times.startsAt,
            endsAt: times.endsAt,
            hasTeam: reader.teamUuid !== null,
            revealAfterGame: mission.reveal_answers_after_game,
            missionInPlay: await missionInPlay(session.mission_uuid, now),
          });
    const ledger = await deps.repo.listLedger(teamRows.map((team) => team.uuid));

    // What each objective brought each team, and which objectives each team solved.
    const pointsOn = new Map<string, number>();
    for (const row of ledger)
      if (row.objective_uuid) {
        const key = `${row.team_uuid}:${row.objective_uuid}`;
        pointsOn.set(key, (pointsOn.get(key) ?? 0) + row.points);
      }
    // First bloods (the ledger's first_blood rows: one per objective) and what awards count.
    const firstBlood = new Map<string, { teamUuid: string; at: string }>();
    const count = (counts: Map<string, number>, team: string, by = 1) =>
      counts.set(team, (counts.get(team) ?? 0) + by);
    const firstBloods = new Map<string, number>();
    const speedruns = speedrunWinsOf(ledger);
    for (const row of ledger)
      if (row.kind === 'first_blood' && row.objective_uuid) {
        firstBlood.set(row.objective_uuid, { teamUuid: row.team_uuid, at: iso(row.created_at)! });
        count(firstBloods, row.team_uuid);
      }
    const solvedBy = new Map<string, Set<string>>();
    const wrongAnswers = new Map<string, number>();
    for (const cell of cells) {
      count(wrongAnswers, cell.team_uuid, cell.attempts);
      if (cell.solved_at !== null) {
        const solved = solvedBy.get(cell.team_uuid) ?? new Set<string>();
        solved.add(cell.objective_uuid);
        solvedBy.set(cell.team_uuid, solved);
      }
    }
    const required = objectives.filter((o) => o.required).map((o) => o.uuid);
    const played = times.status !== 'canceled';

    return {
      session: {
        uuid: session.uuid,
        name: session.name,
        status: times.status,
        over,
        startsAt: times.startsAt,
        endsAt: times.endsAt,
        mission: { uuid: mission.uuid, title: mission.title as LocalizedText },
      },
      myTeamUuid,
      answersHiddenBecause: hiddenBecause,
      teams: rankTeamRows(teamRows).map((team) => ({
        uuid: team.uuid,
        name: team.name,
        logoUrl: team.has_logo ? logoUrlOf(session.uuid, team.uuid, reader.kind) : null,
        score: team.score,
        rank: team.rank,
        eliminated: team.eliminated,
        completed_objectives: Number(team.completed ?? 0),
        result:
          over && played
            ? missionResultOf(
                mission.success_rule as SuccessRule,
                {
                  score: team.score,
                  eliminated: team.eliminated,
                  solved: solvedBy.get(team.uuid) ?? new Set(),
                },
                required,
              )
            : null,
        awards: awardsOf({
          over: over && played,
          rank: team.rank,
          score: team.score,
          eliminated: team.eliminated,
          firstBloods: firstBloods.get(team.uuid) ?? 0,
          speedruns: speedruns.get(team.uuid) ?? 0,
          solved: solvedBy.get(team.uuid)?.size ?? 0,
          objectives: objectives.length,
          wrongAnswers: wrongAnswers.get(team.uuid) ?? 0,
        }),
        hints: hintsOf.get(team.uuid)?.count ?? 0,
        hintCost: hintsOf.get(team.uuid)?.cost ?? 0,
      })),
      objectives: objectives.map((objective) => ({
        uuid: objective.uuid,
        position: objective.position,
        title: objective.title as LocalizedText,
        type: objective.type,
        category: objective.category,
        difficulty: objective.difficulty,
        points: objective.points,
        required: objective.required,
        firstBlood: firstBlood.get(objective.uuid) ?? null,
        teams: cells
          .filter((cell) => cell.objective_uuid === objective.uuid)
          .map((cell) => ({
            teamUuid: cell.team_uuid,
            solved: cell.solved_at !== null,
            solvedAt: iso(cell.solved_at),
            solvedBy: cell.solver,
            attempts: cell.attempts,
            points: pointsOn.get(`${cell.team_uuid}:${objective.uuid}`) ?? 0,
            hints: hintsOn.get(`${cell.team_uuid}:${objective.uuid}`)?.count ?? 0,
            hintCost: hintsOn.get(`${cell.team_uuid}:${objective.uuid}`)?.cost ?? 0,
          })),
        resolution:
          hiddenBecause === null
            ? resolutionOf({
                type: objective.type,
                answer: objective.answer as ObjectiveAnswer,
                choices: objective.choices as { id: string; text: LocalizedText }[],
                explanation: objective.explanation as LocalizedText | null,
              })
            : null,
      })),
      evolution: scoreEvolutionOf(
        teamRows.map((team) => team.uuid),
        ledger.map((row) => ({ ...row, created_at: new Date(row.created_at) })),
        times.startsAt ? new Date(times.startsAt) : null,
        times.endsAt ? new Date(times.endsAt) : null,
      ),
    };
  };

  return {
    /** A player's debrief of a session they joined, once it is over. */
    async forPlayer(principal: Principal, sessionUuid: string) {
      requireCapability(principal, 'game.play');
      const session = await deps.sessions.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
      if (!player) throw new AppError('session.forbidden');
      const now = await deps.clock.now();
      const { status } = sessionTimes(session, now);
      if (!isClosedStatus(status)) throw new AppError('debrief.session_not_over');
      // A game canceled before it began has nothing to debrief (and no answers to reveal).
      if (status === 'canceled') throw new AppError('debrief.not_played');
      return build(session, { kind: 'player', teamUuid: player.team_uuid }, now);
    },

    /** A trainer's debrief of any session, at any time. */
    async forTrainer(principal: Principal, sessionUuid: string) {
      requireCapability(principal, 'debrief.read_all');
      const session = await deps.sessions.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      return build(session, { kind: 'trainer' }, await deps.clock.now());
    },
  };
};

export type StatsService = ReturnType<typeof createStatsService>;
