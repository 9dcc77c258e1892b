import { useTranslation } from 'react-i18next';
import { SupportInbox } from '../components/support-inbox';
import { TrainerScreen } from '../components/trainer-screen';
import styles from '../components/trainer-screen.module.css';

/** Every player's support conversation, across sessions, with its unread count. */
export default function TrainerSupportScreen() {
  const { t } = useTranslation(['screens', 'chat']);
  return (
    <TrainerScreen title={t('screens:trainerSupport.title')}>
      <p className={styles.muted}>{t('chat:inbox.description')}</p>
      <SupportInbox />
    </TrainerScreen>
  );
}
