/**
 * The ranking and progress rules: pure functions every part of Rampart applies the same way.
 * The server ranks the live table, the cockpit, the projector view and the results with them;
 * the web app, should it ever order teams itself, imports the same code.
 */

/** Progress: completed ÷ total × 100, rounded; 100 means every objective solved. */
export const progressPercentage = (completed: number, total: number) =>
  total === 0 ? 0 : Math.round((completed / total) * 100);

export interface RankedTeamInput {
  uuid: string;
  score: number;
  /** When the team reached its score (its last ledger row), null before any. */
  reachedAt: Date | null;
  eliminated: boolean;
}

/** Team rows as stored (score, when it was reached, elimination), ranked. */
export const rankTeamRows = <
  T extends {
    uuid: string;
    score: number;
    score_reached_at: Date | null;
    eliminated_at: Date | null;
  },
>(
  rows: readonly T[],
) =>
  rankTeams(
    rows.map((row) => ({
      ...row,
      reachedAt: row.score_reached_at,
      eliminated: row.eliminated_at !== null,
    })),
  );

/**
 * The ranking: by score, then by the earlier time the score was reached; teams equal
 * on both share a rank. Eliminated teams come last, in the same order among themselves.
 */
export const rankTeams = <T extends RankedTeamInput>(teams: readonly T[]) => {
  const key = (team: T) => team.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const sorted = [...teams].sort(
    (a, b) =>
      Number(a.eliminated) - Number(b.eliminated) ||
      b.score - a.score ||
      key(a) - key(b) ||
      a.uuid.localeCompare(b.uuid),
  );
  let rank = 0;
  return sorted.map((team, index) => {
    const previous = sorted[index - 1];
    const tied =
      previous !== undefined &&
      previous.eliminated === team.eliminated &&
      previous.score === team.score &&
      key(previous) === key(team);
    if (!tied) rank = index + 1;
    return { ...team, rank };
  });
};
