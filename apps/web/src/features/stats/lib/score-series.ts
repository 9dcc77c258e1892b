import type { ScoreEvolution } from '@rampart/contracts';

/**
 * The score evolution as a chart and its table read it: one time axis (every moment a ledger
 * row changed a score, plus the start and the end), and for each team its score after every
 * row up to that moment. `changes` marks the moments a team's own score moved, where the chart
 * draws its markers.
 */
export interface ScoreSeries {
  /** Milliseconds since the start, ascending, without duplicates. */
  times: number[];
  teams: { teamUuid: string; scores: number[]; changes: boolean[] }[];
}

export const scoreSeries = (evolution: ScoreEvolution): ScoreSeries => {
  const moments = new Set<number>([0, evolution.durationMs]);
  for (const team of evolution.teams) for (const point of team.points) moments.add(point.at);
  const times = [...moments].sort((a, b) => a - b);
  const teams = evolution.teams.map((team) => {
    // Points come in ledger order; several rows at one moment leave the last score.
    const points = [...team.points].sort((a, b) => a.at - b.at);
    const scores: number[] = [];
    const changes: boolean[] = [];
    let next = 0;
    let score = 0;
    for (const time of times) {
      let changed = false;
      while (next < points.length && points[next]!.at <= time) {
        score = points[next]!.score;
        next += 1;
        changed = true;
      }
      scores.push(score);
      changes.push(changed);
    }
    return { teamUuid: team.teamUuid, scores, changes };
  });
  return { times, teams };
};

/** Minutes since the start, the chart's time unit (exact: a rounded x would move the steps). */
export const minutesOf = (ms: number) => ms / 60_000;
