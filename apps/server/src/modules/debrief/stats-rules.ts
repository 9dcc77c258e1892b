import type { MissionResult, ScoreEvolution, SuccessRule } from '@rampart/contracts';

/**
 * A team's result by its mission's success rule (DESIGN §5), once the session is over. An
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
