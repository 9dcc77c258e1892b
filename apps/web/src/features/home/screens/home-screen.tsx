import { useTranslation } from 'react-i18next';
import { SectionError } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../app-info';
import { useHome } from '../../content';
import { HomeGreeting } from '../components/home-greeting';
import { HomeSections } from '../components/home-sections';
import styles from './home-screen.module.css';

/**
 * `/home`: chapters, assigned chapters, ongoing missions and sessions, joinable sessions,
 * and the entry to the support chat.
 */
export default function HomeScreen() {
  const { t } = useTranslation(['screens', 'content']);
  const title = t('screens:home.title');
  useDocumentTitle(title);
  const home = useHome();
  return (
    <div className={styles.screen}>
      <HomeGreeting title={title} />
      {home.isError && !home.data ? (
        <SectionError
          title={t('content:home.loadError')}
          error={home.error}
          onRetry={() => void home.refetch()}
        />
      ) : (
        <HomeSections home={home.data} />
      )}
    </div>
  );
}
