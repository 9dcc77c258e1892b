import { Suspense } from 'react';
import { useMatches } from 'react-router';
import { useAppInfo } from '../../../lib/app-info';
import { UserMenu } from '../../../features/auth';
import { LanguageSwitcher } from '../../../lib/locale';
import { SoundToggle } from '../../../features/sound';
import type { ScreenHandle } from '../../router/screen-handle';
import { BrandLink } from './brand-link';
import { MainNav } from './main-nav';
import styles from './app-header.module.css';

/** Trainer screens show the trainer's account; every other screen the player's. */
const useAccountSide = () =>
  useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.access === 'trainer')
    ? 'trainer'
    : 'player';

export function AppHeader() {
  const { appName, availableLocales } = useAppInfo();
  const side = useAccountSide();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <BrandLink appName={appName} showTagline home={side === 'trainer' ? '/trainer' : '/'} />
        </div>
        {/* Trainer screens have the console's own navigation: the players' would lead nowhere. */}
        {side === 'player' && <MainNav className={styles.nav} />}
        <div className={styles.tools}>
          <SoundToggle />
          <LanguageSwitcher locales={availableLocales} className={styles.language} />
          <Suspense fallback={null}>
            <UserMenu side={side} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
