import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/ui/skip-link/skip-link';
import { useAppInfo } from '../../lib/app-info';
import { AppFooter } from './components/app-footer';
import { PlayerEventStream } from './components/player-event-stream';
import { BrandLink } from './components/brand-link';
import { MainContent } from './main-content';
import styles from './rework-layout.module.css';

/** Full-screen and immersive: onboarding, transitions, lobby, start screen, game. */
export function ReworkLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { appName } = useAppInfo();
  return (
    <div className={styles.shell} data-layout="rework">
      <SkipLink label={t('a11y.skipToContent')} />
      <header className={styles.topbar}>
        <BrandLink appName={appName} />
      </header>
      <MainContent className={styles.main}>{children}</MainContent>
      <AppFooter variant="immersive" showLanguageSwitcher />
      <PlayerEventStream />
    </div>
  );
}
