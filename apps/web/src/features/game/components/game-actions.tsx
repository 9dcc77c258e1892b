import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../locale';
import { useCloseSession, type PlayerSession } from '../../sessions';
import { ChallengeTeams } from './challenge-teams';
import styles from './game-actions.module.css';

type Open = 'help' | 'teams' | 'quit' | 'close' | null;

/**
 * The game's modals (spec §2): help (the rules of the game and of scoring, with this session's
 * numbers), challenge teams (who solved what), quit (back home; the player stays in the team and can come back) and, for the owner
 * of a session they created, close (irreversible).
 */
export function GameActions({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['game', 'errors']);
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const close = useCloseSession();
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
    closeLabel: t('actions.cancel'),
  });
  return (
    <div className={styles.actions}>
      <Button variant="ghost" onClick={() => setOpen('help')}>
        {t('actions.help')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen('teams')}>
        {t('actions.teams')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen('quit')}>
        {t('actions.quit')}
      </Button>
      {session.isOwner && (
        <Button variant="danger" onClick={() => setOpen('close')}>
          {t('actions.close')}
        </Button>
      )}

      <Dialog
        {...dialog('help')}
        title={t('help.title')}
        description={t('help.description')}
        closeText={t('actions.ok')}
      >
        <ul className={styles.rules}>
          <li>{t('help.duration', { count: session.durationMinutes })}</li>
          <li>{t('help.points')}</li>
          <li>{t('help.penalty')}</li>
          <li>{t('help.attempts')}</li>
          <li>{t('help.firstBlood')}</li>
          <li>{t('help.speedrun')}</li>
          <li>{t('help.locked')}</li>
          <li>{t('help.ranking')}</li>
          <li>{t('help.pause')}</li>
        </ul>
      </Dialog>

      <Dialog
        {...dialog('teams')}
        title={t('challengeTeams.title')}
        description={t('challengeTeams.description')}
        closeText={t('actions.ok')}
      >
        <ChallengeTeams sessionUuid={session.uuid} />
      </Dialog>

      <Dialog
        {...dialog('quit')}
        size="narrow"
        title={t('quit.title')}
        description={t('quit.description')}
        closeText={t('actions.stay')}
        actions={
          <Button onClick={() => void navigate(localize('/home'))}>{t('quit.confirm')}</Button>
        }
      />

      {session.isOwner && (
        <Dialog
          {...dialog('close')}
          size="narrow"
          title={t('closeSession.title')}
          description={t('closeSession.description')}
          closeText={t('actions.cancel')}
          actions={
            <Button
              variant="danger"
              disabled={close.isPending}
              onClick={() =>
                close.mutate(session.uuid, {
                  onSuccess: () => setOpen(null),
                })
              }
            >
              {t('closeSession.confirm')}
            </Button>
          }
        >
          {close.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(t, close.error, 'session')}
            </p>
          )}
        </Dialog>
      )}
    </div>
  );
}
