import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/ui/skip-link/skip-link';
import { useAppInfo } from '../../lib/app-info';
import { AppFooter } from './components/app-footer';
import { BrandLink } from './components/brand-link';
import { MainContent } from './main-content';
import styles from './rework-layout.module.css';

/**
 * The rework layout's frame: skip link, brand, the screen, footer. `after` comes last inside it.
 * login.html draws its sign-in screens in it too, with no data router and so nothing that needs one.
 */
export function ReworkFrame({ children, after }: { children?: ReactNode; after?: ReactNode }) {
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
      {after}
    </div>
  );
}
