import { rankTeamRows, isClosedStatus, isEndedStatus } from '@rampart/contracts';
import type { LocalizedText, SuccessRule } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { logoUrlOf, sessionTimes } from '../sessions/session-view.js';
import type { ResultsRepository } from './results.repository.js';
import { awardsOf, missionResultOf, speedrunWinsOf } from './stats-rules.js';

type PlayedRow = Awaited<ReturnType<ResultsRepository['listPlayed']>>[number];

/**
 * A player's results: each session they played to the end judged by its mission's
 * success rule, counted into their best score per mission the first time something reads them
 * after the end (sessions end by their clock, with nothing running at that instant), and their
 * history.
 */
export const createResultsService = (deps: { repo: ResultsRepository; clock: Clock }) => {
  const { repo } = deps;

  /** Status, rank and result of the player's team in each of these sessions. */
  const outcomesOf = async (rows: readonly PlayedRow[]) => {
    const now = await deps.clock.now();
    const sessionUuids = rows.map((row) => row.uuid);
    const teamUuids = rows.map((row) => row.team_uuid);
    const [teams, states, objectives, badgeRows] = await Promise.all([
      repo.listTeams(sessionUuids),
      repo.listStates(teamUuids),
      repo.listObjectives([...new Set(rows.map((row) => row.mission_uuid))]),
      repo.listBadgeRows(sessionUuids),
    ]);
    return rows.map((row) => {
      const times = sessionTimes(row, now);
      const ranked = rankTeamRows(teams.filter((team) => team.session_uuid === row.uuid));
      const team = ranked.find((candidate) => candidate.uuid === row.team_uuid)!;
      const mine = states.filter((state) => state.team_uuid === row.team_uuid);
      const solved = new Set(
        mine.filter((state) => state.solved_at !== null).map((state) => state.objective_uuid),
      );
      const missionObjectives = objectives.filter((o) => o.mission_uuid === row.mission_uuid);
      const sessionTeams = new Set(ranked.map((candidate) => candidate.uuid));
      const sessionBadges = badgeRows.filter((badge) => sessionTeams.has(badge.team_uuid));
      const result = missionResultOf(
        row.success_rule as SuccessRule,
        { score: team.score, eliminated: team.eliminated, solved },
        missionObjectives.filter((o) => o.required).map((o) => o.uuid),
      );
      const awards = awardsOf({
        over: isEndedStatus(times.status),
        rank: team.rank,
        score: team.score,
        eliminated: team.eliminated,
        firstBloods: sessionBadges.filter(
          (badge) => badge.kind === 'first_blood' && badge.team_uuid === row.team_uuid,
        ).length,
        speedruns: speedrunWinsOf(sessionBadges).get(row.team_uuid) ?? 0,
        solved: solved.size,
        objectives: missionObjectives.length,
        wrongAnswers: mine.reduce((sum, state) => sum + state.attempts, 0),
      });
      return { row, times, team, teams: ranked.length, result, awards };
    });
  };

  /** Counts the player's sessions that ended since the last time. */
  const settle = async (accountId: string) => {
    const unsettled = await repo.listPlayed(accountId, { unsettled: true });
    if (unsettled.length === 0) return;
    const outcomes = (await outcomesOf(unsettled)).filter((outcome) =>
      isClosedStatus(outcome.times.status),
    );
    if (outcomes.length === 0) return;
    await repo.settle(
      accountId,
      outcomes
        .filter((outcome) => isEndedStatus(outcome.times.status))
        .map((outcome) => ({
          missionUuid: outcome.row.mission_uuid,
          score: outcome.team.score,
          success: outcome.result === 'success',
        })),
      outcomes.map((outcome) => outcome.row.uuid),
    );
  };

  return {
    settle,

    async history(principal: Principal) {
      requireCapability(principal, 'profile.manage');
      await settle(principal.accountId);
      const outcomes = await outcomesOf(await repo.listPlayed(principal.accountId));
      return {
        teams: outcomes.map(({ row, times }) => ({
          uuid: row.team_uuid,
          name: row.team_name,
          logoUrl: row.team_has_logo ? logoUrlOf(row.uuid, row.team_uuid) : null,
          session: { uuid: row.uuid, name: row.name, status: times.status },
        })),
        history: outcomes
          .filter((outcome) => isEndedStatus(outcome.times.status))
          .map(({ row, times, team, teams, result, awards }) => ({
            sessionUuid: row.uuid,
            name: row.name,
            status: times.status,
            mission: { uuid: row.mission_uuid, title: row.mission_title as LocalizedText },
            team: { uuid: row.team_uuid, name: row.team_name },
            startedAt: times.startsAt,
            endedAt: times.endsAt,
            score: team.score,
            rank: team.rank,
            teams,
            result,
            awards,
          })),
      };
    },
  };
};

export type ResultsService = ReturnType<typeof createResultsService>;
