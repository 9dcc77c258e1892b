import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import styles from './game-actions.module.css';

/**
 * The chat support modal (spec §2): where players will write to the trainers during a game.
 * Until that chat exists it says so plainly, and what to do meanwhile; it shows no fake thread.
 */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="narrow"
      title={t('support.title')}
      description={t('support.description')}
      closeLabel={t('actions.closeWindow')}
      closeText={t('actions.backToGame')}
    >
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>{t('support.unavailable')}</p>
        <p className={styles.noticeHint}>{t('support.meanwhile')}</p>
      </div>
    </Dialog>
  );
}
