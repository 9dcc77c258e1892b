import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob } from '../../lib/periodic-job.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

/** How often a node deletes the rate-limit buckets whose window has ended. */
export const RATE_LIMIT_PURGE_MS = 10 * 60_000;

/**
 * Deletes the ended windows of every rate limit kept in buckets (logins, chat, joins…) when the
 * node is ready and then every RATE_LIMIT_PURGE_MS: each key counted leaves a bucket, and an ended
 * one only makes the table and its index bigger (the next hit starts a new window anyway). The
 * answers' bound is counted on the teams' states on the objectives (`answer-batch.repository.ts`). Nodes of a cluster each run it; a delete of rows already gone costs nothing.
 */
export const registerRateLimitPurge = (app: FastifyInstance, repo: RateLimitRepository) =>
  registerPeriodicJob(app, {
    name: 'rate limit purge',
    everyMs: RATE_LIMIT_PURGE_MS,
    run: () => repo.purgeExpired(),
  });
