import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/ui/skip-link/skip-link';
import { useAppInfo } from '../../lib/app-info';
import { AppFooter } from './components/app-footer';
import { BrandLink } from './components/brand-link';
import { MainContent } from './main-content';
import styles from './error-layout.module.css';

/** Frames the error page: brand, a centred message, the footer with the language switcher. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { appName } = useAppInfo();
  return (
    <div className={styles.shell} data-layout="error">
      <SkipLink label={t('a11y.skipToContent')} />
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <BrandLink appName={appName} showTagline />
        </div>
      </header>
      <MainContent className={styles.main}>{children}</MainContent>
      <AppFooter showLanguageSwitcher />
    </div>
  );
}
