import { randomUUID } from 'node:crypto';
import type { LabTemplate } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AppendAllInTransaction, EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import {
  isCapacityError,
  ProviderError,
  type EnvironmentProvider,
  type ReleaseReason,
} from './environment-provider.js';
import { extendedExpiry, initialExpiry } from './lab-rules.js';
import {
  GLOBAL_SCOPE,
  sessionScope,
  type EnvironmentRow,
  type LabsRepository,
} from './labs.repository.js';

export interface ManagerLimits {
  maxEnvironments: number;
  maxEnvironmentsPerSession: number;
  maxExtensions: number;
  retryAfterSeconds: number;
}

/** Contention is an optimistic-lock conflict in the provider: worth a few quick retries. */
const CONTENTION_RETRIES = 3;

/** The team and the trainers hear of every change of a team's environment, with the change. */
const announce = async (appendAll: AppendAllInTransaction, row: EnvironmentRow) => {
  const event = {
    stream: sessionStream(row.session_uuid),
    type: 'lab.environment_changed' as const,
    payload: {
      teamUuid: row.team_uuid,
      environmentUuid: row.id,
      phase: row.phase,
      expiresAt: row.expires_at.toISOString(),
    },
  };
  await appendAll([
    { ...event, audience: `team:${row.team_uuid}` },
    { ...event, audience: 'trainers' },
  ]);
};

const describeError = (error: unknown) =>
  error instanceof ProviderError
    ? `${error.code}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * The game's policy over lab environments (docs/labs.md): one live environment per team and
 * session, allocated idempotently; capacity (global and per session) taken in the transaction
 * that creates the row; lifetimes and capped extensions; the two errors a player may read.
 * The database is the truth: the provider is told after, and the reconciler repairs any
 * difference (a provider call that failed half-way, a crash between the two).
 */
export const createEnvironmentManager = (deps: {
  repo: LabsRepository;
  provider: EnvironmentProvider;
  events: EventWriter;
  limits: ManagerLimits;
  clock: Clock;
  logger: { warn(details: object, message: string): void };
}) => {
  const { repo, provider, events, limits, logger } = deps;
  /** Told of every environment the moment its release commits (the consoles close then). */
  const releasedListeners = new Set<(envId: string) => void>();

  /** What the provider reported of a live row, told to the team and trainers when it changed. */
  const recordPhase = (
    row: EnvironmentRow,
    change: { phase: EnvironmentRow['phase']; providerRef?: string },
  ) =>
    events.transaction(async ({ trx, appendAll }) => {
      const updated = await repo.updateLive(row.id, change, trx);
      if (updated && updated.phase !== row.phase) await announce(appendAll, updated);
      return updated;
    });

  const noCapacity = () =>
    new AppError('lab.no_capacity', undefined, undefined, {
      'Retry-After': String(limits.retryAfterSeconds),
    });

  /**
   * Ends a live row and gives its capacity back, in one transaction; false when it was not
   * live any more. Then asks the provider to release it: if that fails, the row is already
   * ended and the environment is an orphan the reconciler removes.
   */
  const release = async (
    row: Pick<EnvironmentRow, 'id' | 'session_uuid'>,
    reason: ReleaseReason,
    options: { failed?: string } = {},
  ) => {
    const ended = await events.transaction(async ({ trx, appendAll }) => {
      const released = await repo.markReleased(trx, row.id, {
        phase: options.failed === undefined ? 'Released' : 'Failed',
        at: await deps.clock.now(trx),
        ...(options.failed === undefined ? {} : { lastError: options.failed }),
      });
      if (!released) return false;
      await repo.giveBackCapacity(trx, GLOBAL_SCOPE);
      await repo.giveBackCapacity(trx, sessionScope(row.session_uuid));
      await announce(appendAll, released);
      return true;
    });
    // Before the provider: a shell it kills would read as an exit, not as a release.
    if (ended)
      for (const listener of releasedListeners) {
        try {
          listener(row.id);
        } catch (error) {
          logger.warn({ err: error, envId: row.id }, 'a lab release listener failed');
        }
      }
    try {
      await provider.release(row.id, reason);
    } catch (error) {
      logger.warn({ err: error, envId: row.id }, 'lab environment release failed in the provider');
    }
    return ended;
  };

  const callProvider = async (row: EnvironmentRow, template: LabTemplate) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await provider.allocate(
          {
            envId: row.id,
            sessionUuid: row.session_uuid,
            teamUuid: row.team_uuid,
            template: { ...template, id: row.mission_uuid },
            expiresAt: row.expires_at,
            labels: { 'rampart/session': row.session_uuid, 'rampart/team': row.team_uuid },
          },
          AbortSignal.timeout(template.readyTimeoutSeconds * 1000),
        );
      } catch (error) {
        const retry =
          error instanceof ProviderError &&
          error.code === 'Contention' &&
          attempt < CONTENTION_RETRIES;
        if (!retry) throw error;
      }
    }
  };

  return {
    release,
    recordPhase,

    /** Calls `listener` with each environment released from now on; returns the unsubscribe. */
    onReleased(listener: (envId: string) => void) {
      releasedListeners.add(listener);
      return () => releasedListeners.delete(listener);
    },

    /**
     * The team's live environment, allocated if it has none. Idempotent: any number of calls,
     * concurrent or not, leave one live environment; `created` says whether this call made it.
     */
    async allocate(request: {
      sessionUuid: string;
      teamUuid: string;
      missionUuid: string;
      template: LabTemplate;
    }): Promise<{ environment: EnvironmentRow; created: boolean }> {
      const claimed = await events.transaction(async ({ trx, appendAll }) => {
        const existing = await repo.findLive(request.sessionUuid, request.teamUuid, trx);
        if (existing) return { environment: existing, created: false };
        const now = await deps.clock.now(trx);
        const inserted = await repo.insertLiveEnvironment(trx, {
          id: randomUUID(),
          ...request,
          provider: provider.kind,
          createdAt: now,
          expiresAt: initialExpiry(request.template, now),
        });
        if (!inserted) {
          // Another allocation for this team committed first: that one is the team's.
          const winner = await repo.findLive(request.sessionUuid, request.teamUuid, trx);
          if (!winner) throw new AppError('lab.connection_error');
          return { environment: winner, created: false };
        }
        // Global first, then the session: every allocation locks them in this order.
        if (!(await repo.takeCapacity(trx, GLOBAL_SCOPE, limits.maxEnvironments)))
          throw noCapacity();
        if (
          !(await repo.takeCapacity(
            trx,
            sessionScope(request.sessionUuid),
            limits.maxEnvironmentsPerSession,
          ))
        )
          throw noCapacity();
        await announce(appendAll, inserted);
        return { environment: inserted, created: true };
      });
      if (!claimed.created) return claimed;

      const row = claimed.environment;
      try {
        const status = await callProvider(row, request.template);
        if (status.phase === 'Failed') throw new ProviderError('Internal', status.message ?? '');
        const updated = await recordPhase(row, {
          phase: status.phase,
          providerRef: status.providerRef,
        });
        if (!updated) {
          // Released while the provider was making it (a trainer's "release all"): that release
          // may have reached the provider first, so tell it again (the reconciler would remove
          // the orphan anyway).
          await provider.release(row.id, 'trainer').catch((error: unknown) => {
            logger.warn({ err: error, envId: row.id }, 'lab environment release failed');
          });
          return { environment: (await repo.findById(row.id)) ?? row, created: true };
        }
        return { environment: updated, created: true };
      } catch (error) {
        logger.warn({ err: error, envId: row.id }, 'lab environment allocation failed');
        await release(row, 'failed', { failed: describeError(error) });
        throw isCapacityError(error) ? noCapacity() : new AppError('lab.connection_error');
      }
    },

    /** A Provisioning row asks the provider whether it is Ready yet; others read as stored. */
    async refresh(row: EnvironmentRow): Promise<EnvironmentRow> {
      if (row.phase !== 'Provisioning') return row;
      try {
        const status = await provider.status(row.id);
        if (!status || status.phase === row.phase) return row;
        if (status.phase === 'Failed' || status.phase === 'Released') return row;
        return (await recordPhase(row, { phase: status.phase })) ?? row;
      } catch (error) {
        logger.warn({ err: error, envId: row.id }, 'lab environment status unavailable');
        return row;
      }
    },

    /**
     * Extends the team's live environment by `seconds`, within the renewal cap and the max
     * lifetime; `audit` runs in the same transaction (the row is locked meanwhile).
     */
    async extend(
      sessionUuid: string,
      teamUuid: string,
      seconds: number | undefined,
      audit: (
        trx: Transaction<Database>,
        before: EnvironmentRow,
        after: EnvironmentRow,
      ) => Promise<void>,
    ) {
      return events.transaction(async ({ trx, appendAll }) => {
        const row = await repo.lockLive(trx, sessionUuid, teamUuid);
        if (!row) throw new AppError('lab.not_found');
        const template = row.template;
        const next = extendedExpiry({
          template,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          renewCount: row.renew_count,
          maxRenewals: limits.maxExtensions,
          seconds: seconds ?? template.ttlSeconds,
          now: await deps.clock.now(trx),
        });
        if ('refused' in next)
          throw new AppError(next.refused === 'expired' ? 'lab.not_found' : 'lab.extension_limit');
        const updated = await repo.setExpiry(trx, row.id, next.expiresAt);
        try {
          await provider.extend(row.id, next.expiresAt);
        } catch (error) {
          // The provider keeps the old expiry: roll the row back with it.
          logger.warn({ err: error, envId: row.id }, 'lab environment extension failed');
          throw new AppError('lab.connection_error');
        }
        await audit(trx, row, updated);
        await announce(appendAll, updated);
        return updated;
      });
    },

    /** Releases every live environment of a session; how many it ended. */
    async releaseSession(sessionUuid: string, reason: ReleaseReason, teamUuid?: string) {
      const rows = (await repo.listLiveOfSession(sessionUuid)).filter(
        (row) => teamUuid === undefined || row.team_uuid === teamUuid,
      );
      let released = 0;
      for (const row of rows) if (await release(row, reason)) released += 1;
      return released;
    },

    limits,
    providerKind: provider.kind,
  };
};

export type EnvironmentManager = ReturnType<typeof createEnvironmentManager>;
