import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useDocumentTitle } from '../../../lib/app-info';
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
  // The sections are the screen's largest piece of work (a card per chapter, mission and
  // session, each with its Markdown summary): drawn from a deferred copy of the answer, they are
  // rendered at a transition's priority, in short slices a slow phone stays responsive between,
  // not in the one long task a query's answer alone is rendered in.
  const sections = useDeferredValue(home.data);
  return (
    <div className={styles.screen}>
      <HomeGreeting title={title} />
      {home.isError && !home.data ? (
        <SectionError
          title={t('content:home.loadError')}
          error={home.error}
          onRetry={() => void home.refetch()}
        />
      ) : sections ? (
        <HomeSections home={sections} />
      ) : (
        // One placeholder for the whole page rather than one per part: the parts' real heights
        // differ from any skeleton's, and a part already drawn would be pushed down the screen
        // when the ones above it arrive.
        <div className={styles.loading}>
          <SectionLoading lines={8} />
        </div>
      )}
    </div>
  );
}
