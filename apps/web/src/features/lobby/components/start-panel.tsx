import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import {
  sessionStyles as styles,
  useCloseSession,
  useStartSession,
  type PlayerSession,
} from '../../sessions';
import { MissionChoice } from './mission-choice';

/**
 * Who starts the game: the owner of a session they created (with the mission choice and a way
 * to close it), or the trainer, which the other players are told.
 */
export function StartPanel({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'errors']);
  const titleId = useId();
  const start = useStartSession();
  const close = useCloseSession();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [confirmClose, setConfirmClose] = useState(false);
  const requirement = t('lobby.requirement', { count: session.minPlayersPerTeam });

  if (!session.isOwner) {
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t(session.ownerKind === 'trainer' ? 'lobby.waitTrainer' : 'lobby.waitOwner')}
        </h2>
        <p className={styles.subtitle}>{requirement}</p>
      </section>
    );
  }

  const error = start.error ?? close.error;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('lobby.ownerTitle')}
      </h2>
      <MissionChoice session={session} />
      <p className={styles.subtitle}>{requirement}</p>
      {error && (
        <p className={styles.notice} role="alert">
          {errorMessage(t, error, 'session')}
        </p>
      )}
      <div className={styles.actions}>
        <Button disabled={start.isPending} onClick={() => start.mutate(session.uuid)}>
          {t('lobby.start')}
        </Button>
        <Button variant="danger" onClick={() => setConfirmClose(true)}>
          {t('lobby.close')}
        </Button>
      </div>
      <Dialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        size="narrow"
        title={t('lobby.closeTitle')}
        description={t('lobby.closeDescription')}
        closeLabel={t('lobby.closeCancel')}
        closeText={t('lobby.closeCancel')}
        actions={
          <Button
            variant="danger"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(session.uuid, {
                onSuccess: () => {
                  setConfirmClose(false);
                  void navigate(localize('/home'));
                },
              })
            }
          >
            {t('lobby.closeConfirm')}
          </Button>
        }
      />
    </section>
  );
}
