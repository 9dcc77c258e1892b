import { isEndedStatus } from '@rampart/contracts';
import type {
  AnswersHiddenReason,
  Award,
  MissionResult,
  ScoreEvolution,
  SessionStatus,
  SuccessRule,
} from '@rampart/contracts';

/**
 * A team's result by its mission's success rule, once the session is over. An
 * eliminated team has failed, whatever it had solved.
 */
export const missionResultOf = (
  rule: SuccessRule,
  team: { score: number; eliminated: boolean; solved: ReadonlySet<string> },
  requiredObjectives: readonly string[],
): MissionResult => {
  if (team.eliminated) return 'failure';
  switch (rule.kind) {
    case 'required_objectives':
      return requiredObjectives.every((uuid) => team.solved.has(uuid)) ? 'success' : 'failure';
    case 'min_points':
      return team.score >= rule.points ? 'success' : 'failure';
    case 'min_objectives':
      return team.solved.size >= rule.count ? 'success' : 'failure';
  }
};

/**
 * Each team's score line from the ledger: 0 at the start, then the running sum after each row,
 * at its time since the start (clamped into the session, so a line never leaves the axis).
 */
export const scoreEvolutionOf = (
  teamUuids: readonly string[],
  ledger: readonly { team_uuid: string; points: number; created_at: Date }[],
  startsAt: Date | null,
  endsAt: Date | null,
): ScoreEvolution => {
  const start = startsAt?.getTime() ?? 0;
  const durationMs = startsAt && endsAt ? Math.max(0, endsAt.getTime() - start) : 0;
  const lines = new Map(teamUuids.map((uuid) => [uuid, [{ at: 0, score: 0 }]]));
  const scores = new Map<string, number>();
  for (const row of ledger) {
    const line = lines.get(row.team_uuid);
    if (!line) continue;
    const score = (scores.get(row.team_uuid) ?? 0) + row.points;
    scores.set(row.team_uuid, score);
    const at = Math.min(durationMs, Math.max(0, row.created_at.getTime() - start));
    line.push({ at: Math.round(at), score });
  }
  return {
    durationMs: Math.round(durationMs),
    teams: teamUuids.map((uuid) => ({ teamUuid: uuid, points: lines.get(uuid)! })),
  };
};

/** What `awardsOf` needs of a team, counted over one session. */
export type AwardFacts = {
  over: boolean;
  rank: number;
  score: number;
  eliminated: boolean;
  firstBloods: number;
  speedruns: number;
  solved: number;
  objectives: number;
  wrongAnswers: number;
};

/** A team's badges (contracts `awardKinds`), in the order the screens show them. */
export const awardsOf = (team: AwardFacts): Award[] => {
  if (team.eliminated) return [];
  const awards: Award[] = [];
  const allSolved = team.objectives > 0 && team.solved >= team.objectives;
  if (team.over && team.rank === 1 && team.score > 0) awards.push({ kind: 'winner', count: 1 });
  if (team.over && allSolved)
    awards.push({ kind: team.wrongAnswers === 0 ? 'perfect_run' : 'all_solved', count: 1 });
  if (team.firstBloods > 0) awards.push({ kind: 'first_blood', count: team.firstBloods });
  if (team.speedruns > 0) awards.push({ kind: 'speedrun', count: team.speedruns });
  return awards;
};

/**
 * Whether a player may read a session's resolutions, and if not why (null: they may). Checked
 * in this order, so the reason shown is the one that holds whatever else changes: a session that
 * never ran and a player without a team never reveal anything; a mission whose authors keep its
 * answers never does; otherwise the answers wait until no session of the mission is in play
 * anywhere, because a player who read them could carry them into a game still running.
 */
export const answersHiddenBecause = (facts: {
  status: SessionStatus;
  /** When play began and ended; a session stopped during its countdown never ran. */
  startsAt: string | null;
  endsAt: string | null;
  hasTeam: boolean;
  revealAfterGame: boolean;
  missionInPlay: boolean;
}): AnswersHiddenReason | null => {
  if (!isEndedStatus(facts.status)) {
    return facts.status === 'canceled' ? 'session_not_played' : 'session_not_over';
  }
  const ran =
    facts.startsAt !== null &&
    facts.endsAt !== null &&
    Date.parse(facts.startsAt) <= Date.parse(facts.endsAt);
  if (!ran) return 'session_not_played';
  if (!facts.hasTeam) return 'no_team';
  if (!facts.revealAfterGame) return 'reveal_off';
  if (facts.missionInPlay) return 'mission_in_play';
  return null;
};

type LedgerRow = {
  id: number | string;
  team_uuid: string;
  objective_uuid: string | null;
  kind: string;
  created_at: Date | string;
};

const writtenBefore = (a: LedgerRow, b: LedgerRow) => {
  const [atA, atB] = [new Date(a.created_at).getTime(), new Date(b.created_at).getTime()];
  return atA < atB || (atA === atB && Number(a.id) < Number(b.id));
};

/**
 * How many speedruns each team won. Every team that solves an objective while its speedrun runs
 * scores the speedrun's value then (a `speedrun` ledger row), but only the first of them wins it:
 * the earliest row on the objective, the ledger's order settling rows written at the same instant.
 */
export const speedrunWinsOf = (ledger: readonly LedgerRow[]) => {
  const first = new Map<string, LedgerRow>();
  for (const row of ledger) {
    if (row.kind !== 'speedrun' || !row.objective_uuid) continue;
    const held = first.get(row.objective_uuid);
    if (!held || writtenBefore(row, held)) first.set(row.objective_uuid, row);
  }
  const wins = new Map<string, number>();
  for (const row of first.values()) wins.set(row.team_uuid, (wins.get(row.team_uuid) ?? 0) + 1);
  return wins;
};
