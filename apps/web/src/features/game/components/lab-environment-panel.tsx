import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useStartLab, useTeamEnvironment } from '../api/lab-environment';
import styles from './lab-environment-panel.module.css';
import { LabVpnPanel } from './lab-vpn-panel';

// xterm.js is loaded when a console opens, never with the game's first screen.
const LabTerminal = lazy(() => import('./lab-terminal'));

interface LabEnvironmentPanelProps {
  sessionUuid: string;
  tab: 'console' | 'vpn';
}

/**
 * The Console and VPN tabs: the team's lab environment, whatever its state.
 * No lab for the mission, not started (a button starts it), starting, ready (the terminal, or
 * the VPN note), or failed with the spec's two messages: no capacity, connection error.
 */
export function LabEnvironmentPanel({ sessionUuid, tab }: LabEnvironmentPanelProps) {
  const { t } = useTranslation(['labConsole', 'errors']);
  // The game screen read the environment when it opened, to know whether the mission has a
  // lab; the Console and VPN tabs read it again when they open, so a start they may have missed
  // (an event between that read and the stream) can never leave them on "not started".
  const environment = useTeamEnvironment(sessionUuid, { fresh: true });
  const start = useStartLab(sessionUuid);

  if (environment.isPending) return <SectionLoading lines={4} />;
  if (environment.isError)
    return <SectionError error={environment.error} onRetry={() => void environment.refetch()} />;
  const { lab, environment: live } = environment.data;
  if (!lab) return <EmptyState title={t('noLab.title')} hint={t('noLab.hint')} />;

  if (!live || live.phase === 'Released' || live.phase === 'Releasing') {
    const refused = start.error;
    return (
      <div className={styles.panel}>
        <EmptyState
          title={t('notStarted.title')}
          hint={t('notStarted.hint')}
          action={
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? t('notStarted.starting') : t('notStarted.start')}
            </Button>
          }
        />
        {refused && (
          <p
            className={styles.error}
            role="alert"
            data-code={isApiError(refused) ? refused.code : undefined}
          >
            {errorMessage(t, refused, 'session')}
          </p>
        )}
      </div>
    );
  }

  if (live.phase === 'Failed')
    return <EmptyState title={t('failed.title')} hint={t('failed.hint')} />;

  if (live.phase === 'Provisioning')
    return (
      <div className={styles.panel} aria-busy="true">
        <EmptyState title={t('provisioning.title')} hint={t('provisioning.hint')} />
        <div className={styles.progress} role="progressbar" aria-label={t('provisioning.title')} />
      </div>
    );

  if (tab === 'vpn')
    return lab.vpn ? (
      <LabVpnPanel sessionUuid={sessionUuid} />
    ) : (
      <EmptyState title={t('vpn.title')} hint={t('vpn.disabled')} />
    );

  return (
    <Suspense fallback={<SectionLoading lines={6} />}>
      <LabTerminal sessionUuid={sessionUuid} machine={lab.consoleMachine} />
    </Suspense>
  );
}
