import { LanguageSwitcher } from '../../../features/locale';
import { useAppInfo } from '../../../features/app-info';
import { BrandLink } from './brand-link';
import { MainNav } from './main-nav';
import styles from './app-header.module.css';

export function AppHeader() {
  const { appName, availableLocales } = useAppInfo();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <BrandLink appName={appName} showTagline />
        </div>
        <MainNav className={styles.nav} />
        <LanguageSwitcher locales={availableLocales} className={styles.language} />
      </div>
    </header>
  );
}
