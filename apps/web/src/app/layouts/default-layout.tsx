import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/ui/skip-link/skip-link';
import { AppFooter } from './components/app-footer';
import { PlayerEventStream } from './components/player-event-stream';
import { AppHeader } from './components/app-header';
import { MainContent } from './main-content';
import styles from './default-layout.module.css';

/** Header with navigation, content, footer: home, chapters, profile, stats. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.shell} data-layout="default">
      <SkipLink label={t('a11y.skipToContent')} />
      <AppHeader />
      <MainContent className={styles.main}>{children}</MainContent>
      <AppFooter />
      <PlayerEventStream />
    </div>
  );
}
