import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useDocumentTitle } from '../../app-info';
import { useLocalizedPath } from '../../locale';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import styles from './profile-screen.module.css';

/**
 * Spec §2 /profile/sessions/:_session_uuid, the detail of a played session. Games do not exist
 * yet: an honest empty state until they do.
 */
export default function ProfileSessionScreen() {
  const { t } = useTranslation(['profile', 'screens']);
  const localize = useLocalizedPath();
  const title = t('screens:profileSession.title');
  useDocumentTitle(title);
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('sections.history')}</p>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <EmptyState
        title={t('sessionDetail.empty')}
        hint={t('sessionDetail.hint')}
        action={
          <ButtonLink variant="secondary" to={localize('/profile#history')}>
            {t('sessionDetail.back')}
          </ButtonLink>
        }
      />
    </div>
  );
}
