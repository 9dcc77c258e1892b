import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../locale';
import { useDocumentTitle } from '../../app-info';
import { SupportInbox } from '../components/support-inbox';
import styles from './trainer-home-screen.module.css';

/** The trainers' home: for now, the support inbox (their other screens come later). */
export default function TrainerHomeScreen() {
  const { t } = useTranslation(['screens', 'chat', 'players']);
  const localized = useLocalizedPath();
  useDocumentTitle(t('screens:trainerHome.title'));
  return (
    <section className={styles.screen} aria-labelledby="trainer-home-title">
      <h1 id="trainer-home-title" className={styles.title}>
        {t('screens:trainerHome.title')}
      </h1>
      {/* Until the trainer navigation exists, its screens are reached from here. */}
      <ButtonLink variant="secondary" to={localized('/trainer/players')} className={styles.link}>
        {t('players:homeLink')}
      </ButtonLink>
      <h2 className={styles.section}>{t('chat:inbox.title')}</h2>
      <p className={styles.description}>{t('chat:inbox.description')}</p>
      <SupportInbox />
    </section>
  );
}
