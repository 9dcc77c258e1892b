import { isClosedStatus } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { EnvironmentProvider } from './environment-provider.js';
import type { EnvironmentManager } from './environment-manager.js';
import type { LabsRepository } from './labs.repository.js';

export interface ReconcileReport {
  expired: number;
  sessionEnded: number;
  stuck: number;
  orphans: number;
  missing: number;
  phaseChanged: number;
}

/**
 * Brings the provider and the database back in step (docs/labs.md): releases environments past
 * their expiry or whose session ended (sessions end by their clock, with no event to hang the
 * release on) or whose team was eliminated, fails those stuck provisioning past their template's ready timeout, removes
 * orphans from the provider (there, not in the database) and fails live rows the provider lost.
 * Each pass also recounts the capacity counters. It runs at start-up, then on an interval;
 * every step is idempotent, so several nodes may run it at once.
 */
export const createLabReconciler = (deps: {
  db: Kysely<Database>;
  repo: LabsRepository;
  manager: EnvironmentManager;
  provider: EnvironmentProvider;
  clock: Clock;
  logger: { warn(details: object, message: string): void };
}) => {
  const { repo, manager, provider } = deps;

  const reconcile = async (): Promise<ReconcileReport> => {
    const report: ReconcileReport = {
      expired: 0,
      sessionEnded: 0,
      stuck: 0,
      orphans: 0,
      missing: 0,
      phaseChanged: 0,
    };
    await deps.db.transaction().execute((trx) => repo.recountCapacity(trx));

    // The database is read on both sides of the provider's list. A row already past
    // Provisioning before the list had its environment made before it: absent from the list, it
    // was lost. An environment the list shows had its row committed before: absent from the
    // read after, it is an orphan. So an allocation in flight is taken for neither.
    const settled = new Set(
      (await repo.listLiveWithSessions())
        .filter((row) => row.phase !== 'Provisioning')
        .map((row) => row.id),
    );
    const listed = await provider.list();
    const now = await deps.clock.now();
    const live = await repo.listLiveWithSessions();
    const liveIds = new Set(live.map((row) => row.id));
    const providerIds = new Set(listed.map((status) => status.envId));
    const phaseOf = new Map(listed.map((status) => [status.envId, status.phase]));

    for (const row of live) {
      const { status } = deriveSessionState(timelineOf(row), now);
      // An eliminated team plays no more: its lab goes like one whose session ended.
      if (isClosedStatus(status) || row.eliminated_at !== null) {
        if (await manager.release(row, 'expired')) report.sessionEnded += 1;
      } else if (row.expires_at <= now) {
        if (await manager.release(row, 'expired')) report.expired += 1;
      } else if (row.phase === 'Provisioning') {
        const deadline = row.created_at.getTime() + row.template.readyTimeoutSeconds * 1000;
        const refreshed = await manager.refresh(row);
        if (refreshed.phase === 'Provisioning' && now.getTime() >= deadline) {
          const failed = `not ready after ${row.template.readyTimeoutSeconds} s`;
          if (await manager.release(row, 'failed', { failed })) report.stuck += 1;
        }
      } else if (providerIds.has(row.id)) {
        // Ready and Degraded follow what the provider sees (a machine down, then back).
        const seen = phaseOf.get(row.id);
        if ((seen === 'Ready' || seen === 'Degraded') && seen !== row.phase) {
          await manager.recordPhase(row, { phase: seen });
          report.phaseChanged += 1;
        }
      } else if (settled.has(row.id)) {
        // Ready once, gone now: the provider lost it (a restarted host, a deleted namespace).
        const failed = 'the environment disappeared from the provider';
        if (await manager.release(row, 'failed', { failed })) report.missing += 1;
      }
    }

    for (const status of listed) {
      if (liveIds.has(status.envId)) continue;
      try {
        await provider.release(status.envId, 'failed');
        report.orphans += 1;
      } catch (error) {
        deps.logger.warn({ err: error, envId: status.envId }, 'lab orphan could not be released');
      }
    }
    return report;
  };

  return { reconcile };
};

export type LabReconciler = ReturnType<typeof createLabReconciler>;
