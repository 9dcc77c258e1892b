import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../../lib/app-info';
import { CookiePolicyButton } from '../../../features/cookie-policy';
import { LanguageSwitcher } from '../../../lib/locale';
import styles from './app-footer.module.css';

/** The product's start year: the copyright line keeps it, whatever the current year. */
export const COPYRIGHT_YEAR = 2025;

interface AppFooterProps {
  /** `immersive`: quiet, for the full-screen rework layout. */
  variant?: 'default' | 'immersive';
  showLanguageSwitcher?: boolean;
}

/** On every page: copyright, the deployment's mentions, the cookie policy. */
export function AppFooter({ variant = 'default', showLanguageSwitcher = false }: AppFooterProps) {
  const { t } = useTranslation();
  const { appName, mentions, availableLocales, signInProvider } = useAppInfo();
  return (
    <footer className={`${styles.footer} ${styles[variant]}`}>
      <div className={styles.inner}>
        <div className={styles.legal}>
          <p className={styles.copyright}>
            {t('footer.copyright', { year: COPYRIGHT_YEAR, appName })}
          </p>
          {mentions && <p className={styles.mentions}>{mentions}</p>}
        </div>
        <div className={styles.actions}>
          <CookiePolicyButton
            appName={appName}
            className={styles.linkButton}
            features={{ identityProvider: signInProvider !== null }}
          />
          {showLanguageSwitcher && <LanguageSwitcher locales={availableLocales} />}
        </div>
      </div>
    </footer>
  );
}
