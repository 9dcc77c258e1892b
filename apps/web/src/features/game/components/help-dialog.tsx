import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import styles from './game-actions.module.css';

/** The help modal: the rules of the game and of scoring, with this session's numbers. */
export function HelpDialog({
  durationMinutes,
  open,
  onOpenChange,
}: {
  durationMinutes: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('help.title')}
      description={t('help.description')}
      closeLabel={t('actions.cancel')}
      closeText={t('actions.ok')}
    >
      <HelpRules durationMinutes={durationMinutes} />
    </Dialog>
  );
}

/** The rules, written out only when the dialog opens (a closed dialog renders no children). */
function HelpRules({ durationMinutes }: { durationMinutes: number }) {
  const { t } = useTranslation('game');
  return (
    <ul className={styles.rules}>
      <li>{t('help.duration', { count: durationMinutes })}</li>
      <li>{t('help.points')}</li>
      <li>{t('help.penalty')}</li>
      <li>{t('help.attempts')}</li>
      <li>{t('help.firstBlood')}</li>
      <li>{t('help.speedrun')}</li>
      <li>{t('help.locked')}</li>
      <li>{t('help.ranking')}</li>
      <li>{t('help.pause')}</li>
    </ul>
  );
}
