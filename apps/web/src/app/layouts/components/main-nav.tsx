import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { splitLocalePrefix, useLocalizedPath } from '../../../lib/locale';
import styles from './main-nav.module.css';

interface NavItem {
  key: 'home' | 'chapters' | 'profile';
  to: string;
  isCurrent: (path: string) => boolean;
}

// Chapters have no list screen of their own: they are a section of home.
const navItems: readonly NavItem[] = [
  { key: 'home', to: '/home', isCurrent: (path) => path === '/home' || path === '/' },
  { key: 'chapters', to: '/home#chapters', isCurrent: (path) => path.startsWith('/chapters/') },
  {
    key: 'profile',
    to: '/profile',
    isCurrent: (path) => path === '/profile' || path.startsWith('/profile/'),
  },
];

export function MainNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { path } = splitLocalePrefix(useLocation().pathname);
  return (
    <nav aria-label={t('nav.label')} className={className}>
      <ul className={styles.list}>
        {navItems.map((item) => (
          <li key={item.key}>
            <Link
              to={localize(item.to)}
              className={styles.link}
              aria-current={item.isCurrent(path) ? 'page' : undefined}
            >
              {t(`nav.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
