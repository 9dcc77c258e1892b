import type { SessionEnvironments, TrainerEnvironment } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { SectionError } from '../../../components/ui/section-state/section-state';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { formatClock, msUntil, useServerNow } from '../../sessions';
import {
  useExtendEnvironment,
  usePrewarmEnvironments,
  useReleaseEnvironments,
  useSessionEnvironments,
} from '../api/trainer-labs';
import { TeamConsoleDialog } from './cockpit-lab-console';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';
import styles from './cockpit-labs.module.css';

type TeamRow = SessionEnvironments['teams'][number];

/** Phases in which the environment still runs (or is on its way): it can be extended, released. */
const live = new Set<TrainerEnvironment['phase']>(['Provisioning', 'Ready', 'Degraded']);
const isLive = (row: TeamRow) => row.environment !== null && live.has(row.environment.phase);
/** Phases in which the console machine answers. */
const consoleUp = new Set<TrainerEnvironment['phase']>(['Ready', 'Degraded']);

type Pending =
  | { action: 'prewarm' }
  | { action: 'releaseAll' }
  | { action: 'extend'; team: TeamRow }
  | { action: 'release'; team: TeamRow }
  | { action: 'console'; team: TeamRow };

/**
 * The teams' lab environments, when the session's mission has a lab (the panel is absent
 * otherwise): each one's state in words, time left, extensions and, for trainers only, why it
 * failed; pre-warm, extend and release, each confirmed. Follows the stream's
 * `lab.environment_changed` (see `useCockpitStream`) and a light poll for what time alone does.
 */
export function CockpitLabs({ sessionUuid, over }: { sessionUuid: string; over: boolean }) {
  const { t } = useTranslation('cockpitLabs');
  const environments = useSessionEnvironments(sessionUuid);
  const [pending, setPending] = useState<Pending | null>(null);
  if (environments.isPending) return null;
  if (environments.isError)
    return (
      <Panel id="cockpit-labs" title={t('title')} testId="cockpit-labs">
        <SectionError error={environments.error} onRetry={() => void environments.refetch()} />
      </Panel>
    );
  const data = environments.data;
  if (!data.lab) return null;
  const missing = data.teams.filter((row) => !row.eliminated && !isLive(row));
  const running = data.teams.filter(isLive);
  // "The missing ones" only while some teams have theirs; disabled when none is missing.
  const everyTeam =
    missing.length === 0 || missing.length === data.teams.filter((row) => !row.eliminated).length;
  // What the server said the time was, against this browser's clock when it was read.
  const clockOffsetMs = Date.parse(data.serverTime) - environments.dataUpdatedAt;
  return (
    <Panel
      id="cockpit-labs"
      testId="cockpit-labs"
      title={t('title')}
      actions={
        <div className={styles.actions}>
          {!over && (
            <Button
              variant="secondary"
              disabled={missing.length === 0}
              onClick={() => setPending({ action: 'prewarm' })}
            >
              {everyTeam ? t('prewarm.all') : t('prewarm.missing', { count: missing.length })}
            </Button>
          )}
          <Button
            variant="danger"
            disabled={running.length === 0}
            onClick={() => setPending({ action: 'releaseAll' })}
          >
            {t('releaseAll.button')}
          </Button>
        </div>
      }
    >
      <p className={`${panelStyles.muted} ${styles.capacity}`}>
        {t('capacity', {
          session: data.capacity.session.inUse,
          sessionLimit: data.capacity.session.limit,
          global: data.capacity.global.inUse,
          globalLimit: data.capacity.global.limit,
        })}
      </p>
      <StartAllocation start={data.startAllocation} />
      {data.teams.length === 0 ? (
        <p className={panelStyles.muted}>{t('noTeams')}</p>
      ) : (
        <ul className={styles.environments}>
          {data.teams.map((row) => (
            <TeamEnvironment
              key={row.teamUuid}
              row={row}
              clockOffsetMs={clockOffsetMs}
              over={over}
              onAction={(action) => setPending({ action, team: row })}
            />
          ))}
        </ul>
      )}
      {pending?.action === 'console' && (
        <TeamConsoleDialog
          sessionUuid={sessionUuid}
          teamUuid={pending.team.teamUuid}
          teamName={pending.team.teamName}
          machine={data.lab.consoleMachine}
          onClose={() => setPending(null)}
        />
      )}
      {pending && pending.action !== 'console' && (
        <LabDialog
          sessionUuid={sessionUuid}
          pending={pending}
          missing={missing.length}
          running={running.length}
          onClose={() => setPending(null)}
        />
      )}
    </Panel>
  );
}

/** Teams the session's start left without a lab: capacity ran out, or the provider failed. */
function StartAllocation({ start }: { start: SessionEnvironments['startAllocation'] }) {
  const { t } = useTranslation('cockpitLabs');
  if (!start) return null;
  const leftOut = start.noCapacity + start.failed;
  if (leftOut === 0) return null;
  return (
    <p className={styles.error} role="status" data-testid="lab-start-left-out">
      {t(start.noCapacity > 0 ? 'startAllocation.noCapacity' : 'startAllocation.failed', {
        count: leftOut,
      })}
    </p>
  );
}

function TeamEnvironment({
  row,
  clockOffsetMs,
  over,
  onAction,
}: {
  row: TeamRow;
  clockOffsetMs: number;
  over: boolean;
  onAction: (action: 'extend' | 'release' | 'console') => void;
}) {
  const { t } = useTranslation('cockpitLabs');
  const now = useServerNow(clockOffsetMs, 1000);
  const environment = row.environment;
  const running = isLive(row);
  const canExtend =
    running && !over && environment !== null && environment.renewCount < environment.maxRenewals;
  return (
    <li
      className={`${panelStyles.card} ${styles.environment}`}
      data-testid="lab-environment"
      data-phase={environment?.phase ?? 'none'}
    >
      <div className={panelStyles.head}>
        <strong>{row.teamName}</strong>
        <span className={styles.phase} data-phase={environment?.phase ?? 'none'}>
          {t(`phase.${environment?.phase ?? 'none'}`)}
        </span>
      </div>
      {row.eliminated && <p className={panelStyles.muted}>{t('eliminated')}</p>}
      {/* A stopped environment has nothing left to count down or extend. */}
      {environment && running && (
        <dl className={styles.facts}>
          <div>
            <dt>{t('expiresIn')}</dt>
            <dd data-testid="lab-time-left">
              {formatClock(msUntil(environment.expiresAt, now) ?? 0)}
            </dd>
          </div>
          <div>
            <dt>{t('extensions')}</dt>
            <dd>
              {t('extensionsValue', {
                count: environment.renewCount,
                max: environment.maxRenewals,
              })}
            </dd>
          </div>
        </dl>
      )}
      {environment?.lastError && (
        <p className={styles.error}>{t('lastError', { error: environment.lastError })}</p>
      )}
      {running && (
        <div className={styles.actions}>
          {!over && environment !== null && consoleUp.has(environment.phase) && (
            <Button
              variant="ghost"
              aria-label={t('console.label', { team: row.teamName })}
              onClick={() => onAction('console')}
            >
              {t('console.button')}
            </Button>
          )}
          {!over && (
            <Button
              variant="ghost"
              disabled={!canExtend}
              title={canExtend ? undefined : t('extend.capped')}
              aria-label={t('extend.label', { team: row.teamName })}
              onClick={() => onAction('extend')}
            >
              {t('extend.button')}
            </Button>
          )}
          <Button
            variant="ghost"
            aria-label={t('release.label', { team: row.teamName })}
            onClick={() => onAction('release')}
          >
            {t('release.button')}
          </Button>
        </div>
      )}
    </li>
  );
}

function LabDialog({
  sessionUuid,
  pending,
  missing,
  running,
  onClose,
}: {
  sessionUuid: string;
  pending: Exclude<Pending, { action: 'console' }>;
  missing: number;
  running: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cockpitLabs', 'errors']);
  const prewarm = usePrewarmEnvironments(sessionUuid);
  const release = useReleaseEnvironments(sessionUuid);
  const extend = useExtendEnvironment(sessionUuid);
  const mutation =
    pending.action === 'prewarm' ? prewarm : pending.action === 'extend' ? extend : release;
  // Codes are data from the server: the key is dynamic, hence the untyped call (as errorMessage).
  const codeMessage = (key: string, defaultValue: string) =>
    (t as unknown as (key: string, options: { defaultValue: string }) => string)(key, {
      defaultValue,
    });
  const common = {
    open: true,
    onOpenChange: (open: boolean) => !open && onClose(),
    pending: mutation.isPending,
    error: mutation.isError ? errorMessage(t, mutation.error) : null,
  };
  switch (pending.action) {
    case 'prewarm':
      return (
        <ConfirmDialog
          {...common}
          title={t('prewarm.title')}
          description={t('prewarm.description', { count: missing })}
          confirmText={t('prewarm.confirm')}
          onConfirm={() =>
            prewarm.mutate(
              {},
              {
                onSuccess: ({ allocated, failed }) => {
                  if (failed.length === 0) toast.success(t('prewarm.done', { count: allocated }));
                  else
                    toast.warning(t('prewarm.partial', { count: failed.length }), {
                      description: [...new Set(failed.map(({ code }) => code))]
                        .map((code) => codeMessage(`errors:${code}`, t('errors:fallback.generic')))
                        .join(' · '),
                    });
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'releaseAll':
      return (
        <ConfirmDialog
          {...common}
          danger
          title={t('releaseAll.title')}
          description={t('releaseAll.description', { count: running })}
          confirmText={t('releaseAll.confirm')}
          onConfirm={() =>
            release.mutate(
              {},
              {
                onSuccess: ({ released }) => {
                  toast.success(t('releaseAll.done', { count: released }));
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'extend':
      return (
        <ConfirmDialog
          {...common}
          title={t('extend.title', { team: pending.team.teamName })}
          description={t('extend.description', {
            count: pending.team.environment?.renewCount ?? 0,
            max: pending.team.environment?.maxRenewals ?? 0,
          })}
          confirmText={t('extend.confirm')}
          onConfirm={() =>
            extend.mutate(
              { teamUuid: pending.team.teamUuid },
              {
                onSuccess: () => {
                  toast.success(t('extend.done', { team: pending.team.teamName }));
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'release':
      return (
        <ConfirmDialog
          {...common}
          danger
          title={t('release.title', { team: pending.team.teamName })}
          description={t('release.description')}
          confirmText={t('release.confirm')}
          onConfirm={() =>
            release.mutate(
              { teamUuid: pending.team.teamUuid },
              {
                onSuccess: () => {
                  toast.success(t('release.done', { team: pending.team.teamName }));
                  onClose();
                },
              },
            )
          }
        />
      );
  }
}
