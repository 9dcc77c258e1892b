import { z } from 'zod';

/**
 * Badges a team earns in a session, shown on the stats page and in
 * each member's history. Each is derived from the ledger and the team's objective states, so
 * they are never out of step with the scores:
 * - `first_blood`: the team was first to solve an objective (counted per objective);
 * - `speedrun`: the team won a speedrun (counted per speedrun);
 * - `all_solved`: the team solved every objective of the mission;
 * - `perfect_run`: every objective solved without a single wrong answer (instead of all_solved);
 * - `winner`: first of the final ranking with a positive score, once the session is over.
 * An eliminated team earns none (nothing is awarded to an eliminated team).
 */
export const awardKinds = [
  'winner',
  'perfect_run',
  'all_solved',
  'first_blood',
  'speedrun',
] as const;
export type AwardKind = (typeof awardKinds)[number];

export const awardSchema = z.object({
  kind: z.enum(awardKinds),
  count: z.number().int().positive(),
});
export type Award = z.infer<typeof awardSchema>;
