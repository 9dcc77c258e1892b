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

/** What the ranking orders a team by. */
interface RankKey<T> {
  team: T;
  uuid: string;
  score: number;
  /** When the score was reached, in ms; +∞ before any. */
  reachedAt: number;
  eliminated: boolean;
}

/**
 * The ranking: by score, then by the earlier time the score was reached; teams equal on both
 * share a rank. Eliminated teams come last, in the same order among themselves; teams tied on
 * everything are listed by uuid (compared code unit by code unit: a uuid is ASCII). Each team
 * with its rank, the teams themselves untouched.
 */
const rankBy = <T>(teams: readonly T[], keyOf: (team: T) => RankKey<T>) => {
  const keys = teams.map(keyOf);
  keys.sort(
    (a, b) =>
      Number(a.eliminated) - Number(b.eliminated) ||
      b.score - a.score ||
      // Two teams with no score yet: +∞ − +∞ is NaN, which counts as a tie here.
      a.reachedAt - b.reachedAt ||
      (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0),
  );
  let rank = 0;
  return keys.map((key, index) => {
    const previous = keys[index - 1];
    const tied =
      previous !== undefined &&
      previous.eliminated === key.eliminated &&
      previous.score === key.score &&
      previous.reachedAt === key.reachedAt;
    if (!tied) rank = index + 1;
    return { team: key.team, rank };
  });
};

const reachedAtMs = (reachedAt: Date | null) => reachedAt?.getTime() ?? Number.POSITIVE_INFINITY;

// The ranked copies are made with Object.assign: a spread with properties added after it
// (`{ ...row, rank }`) takes V8's slow path, and was most of the cost of ranking a table of
// 100 teams (about 0.35 ms), which the server does a few times a second per busy session.

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
): (T & { reachedAt: Date | null; eliminated: boolean; rank: number })[] =>
  rankBy(rows, (row) => ({
    team: row,
    uuid: row.uuid,
    score: row.score,
    reachedAt: reachedAtMs(row.score_reached_at),
    eliminated: row.eliminated_at !== null,
  })).map(({ team, rank }) =>
    Object.assign({}, team, {
      reachedAt: team.score_reached_at,
      eliminated: team.eliminated_at !== null,
      rank,
    }),
  );

/** Teams ranked (the order of `rankBy`), each with its rank. */
export const rankTeams = <T extends RankedTeamInput>(
  teams: readonly T[],
): (T & { rank: number })[] =>
  rankBy(teams, (team) => ({
    team,
    uuid: team.uuid,
    score: team.score,
    reachedAt: reachedAtMs(team.reachedAt),
    eliminated: team.eliminated,
  })).map(({ team, rank }) => Object.assign({}, team, { rank }));
