import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { cockpitQueryKeys } from '../api/trainer-cockpit';
import { requestTrainerConsoleTicket } from '../api/trainer-labs';
import styles from './cockpit-labs.module.css';

// The players' terminal, loaded only when a trainer opens a console.
const LabTerminal = lazy(() => import('../../game/components/lab-terminal'));

/**
 * A team's lab console for the trainer, in a dialog: the players' terminal on the team's console
 * machine, a shell of the trainer's own. Each connection takes an audited ticket; closing the
 * dialog ends the console.
 */
export function TeamConsoleDialog({
  sessionUuid,
  teamUuid,
  teamName,
  machine,
  onClose,
}: {
  sessionUuid: string;
  teamUuid: string;
  teamName: string;
  machine: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cockpitLabs', 'trainer']);
  const queryClient = useQueryClient();
  const requestTicket = useCallback(async () => {
    const ticket = await requestTrainerConsoleTicket(sessionUuid, teamUuid);
    // The audit log shows the console just opened.
    void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(sessionUuid) });
    return ticket;
  }, [queryClient, sessionUuid, teamUuid]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('console.title', { team: teamName })}
      description={t('console.description')}
      closeLabel={t('trainer:dialog.close')}
      closeText={t('console.close')}
    >
      <div className={styles.console} data-testid="trainer-lab-console">
        <Suspense fallback={<p>{t('console.loading')}</p>}>
          <LabTerminal sessionUuid={sessionUuid} machine={machine} requestTicket={requestTicket} />
        </Suspense>
      </div>
    </Dialog>
  );
}
