import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { registerPeriodicJob } from '../../lib/periodic-job.js';
import { createRetentionRepository } from './retention.repository.js';
import { createRetentionService, type PruneReport } from './retention.service.js';

/** How often a node prunes what has outlived its retention. */
export const RETENTION_PRUNE_MS = 3600_000;
/**
 * How often the embedded database takes a checkpoint: PostgreSQL's own default. PGlite runs
 * PostgreSQL in single-user mode, without the process that takes them on time, so it took one
 * only when its log reached a gigabyte; a start after a crash replays the log since the last one.
 */
export const EMBEDDED_CHECKPOINT_MS = 300_000;
/** A checkpoint longer than this is logged as a warning (the node serves nothing meanwhile). */
const SLOW_CHECKPOINT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention jobs, run now (tests; the timers run them otherwise). */
    retention: { prune(): Promise<void>; vacuum(): Promise<void>; checkpoint(): Promise<void> };
  }
}

/**
 * Retention: the prune (event logs of old sessions, expired console tickets and login links)
 * at start and every hour on every node, one node at a time; on the embedded database, a vacuum
 * every `PGLITE_VACUUM_HOURS` (PostgreSQL has its autovacuum) and a checkpoint every five
 * minutes (PostgreSQL has its checkpointer). Each run logs what it did.
 */
export const registerRetention = (
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    kind: DatabaseKind;
    config: Config['retention'];
    clock: Clock;
  },
) => {
  const service = createRetentionService({
    repo: createRetentionRepository(deps.db, deps.kind),
    clock: deps.clock,
    eventDays: deps.config.eventDays,
  });
  const prune = registerPeriodicJob(app, {
    name: 'retention prune',
    everyMs: RETENTION_PRUNE_MS,
    run: async () => {
      const report: PruneReport = await service.prune();
      app.log.info(
        { ...report, retentionDays: deps.config.eventDays },
        report.skipped
          ? 'retention: another node is pruning'
          : `retention: deleted the events of ${report.sessions} sessions over for more than ${deps.config.eventDays} days (${report.events} events), ${report.consoleTickets} expired console tickets, ${report.magicLinks} expired login links`,
      );
    },
  });
  const vacuum =
    deps.kind === 'pglite' && deps.config.vacuumHours > 0
      ? registerPeriodicJob(app, {
          name: 'vacuum',
          everyMs: deps.config.vacuumHours * 3600_000,
          run: async () => {
            const done = await service.vacuum();
            app.log.info(done, `vacuum: embedded database vacuumed in ${done.ms} ms`);
          },
        })
      : null;
  const checkpoint =
    deps.kind === 'pglite'
      ? registerPeriodicJob(app, {
          name: 'checkpoint',
          everyMs: EMBEDDED_CHECKPOINT_MS,
          // PostgreSQL took one at its start.
          atReady: 'wait',
          run: async () => {
            const done = await service.checkpoint();
            app.log[done.ms >= SLOW_CHECKPOINT_MS ? 'warn' : 'debug'](
              done,
              `checkpoint: embedded database checkpointed in ${done.ms} ms`,
            );
          },
        })
      : null;
  app.decorate('retention', {
    prune: prune.runNow,
    vacuum: async () => {
      await vacuum?.runNow();
    },
    checkpoint: async () => {
      await checkpoint?.runNow();
    },
  });
};
