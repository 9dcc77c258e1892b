export interface BackoffSettings {
  /** The ceiling of the first delay. */
  baseMs: number;
  /** No delay ever exceeds this. */
  capMs: number;
}

export const defaultBackoff: BackoffSettings = { baseMs: 1_000, capMs: 30_000 };

/**
 * How long to wait before reconnection attempt number `attempt` (0 for the first after a healthy
 * stream): exponential backoff with full jitter, a uniform draw in [0, min(cap, base × 2^attempt)).
 * When a node restarts, every client it served reconnects at once; the jitter spreads them over
 * the whole window instead of bunching them at its end.
 */
export const reconnectDelay = (
  attempt: number,
  random: () => number,
  { baseMs, capMs }: BackoffSettings = defaultBackoff,
): number => {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
};
