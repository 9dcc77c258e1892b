import type { FastifyInstance } from 'fastify';
import type { RateLimitRepository } from './rate-limit.repository.js';

/** How often a node deletes the rate-limit buckets whose window has ended. */
export const RATE_LIMIT_PURGE_MS = 10 * 60_000;

/**
 * Deletes the ended windows of every rate limit (logins, answers, chat, joins…) when the node is
 * ready and then every RATE_LIMIT_PURGE_MS: each team and objective answered leaves a bucket, and
 * an ended one only makes the table and its index bigger (the next hit starts a new window
 * anyway). Nodes of a cluster each run it; a delete of rows already gone costs nothing.
 */
export const registerRateLimitPurge = (app: FastifyInstance, repo: RateLimitRepository) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = repo
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit purge failed'));
  };
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, RATE_LIMIT_PURGE_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
