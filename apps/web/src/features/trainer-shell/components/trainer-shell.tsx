import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';
import { useTrainerSupportThreads } from '../../chat';
import { splitLocalePrefix, useLocalizedPath } from '../../../lib/locale';
import { useTrainerSupportSessions } from '../api/trainer-support';
import styles from './trainer-shell.module.css';

type NavKey = 'dashboard' | 'newSession' | 'players' | 'support' | 'content';

const navItems: readonly { key: NavKey; to: string; isCurrent: (path: string) => boolean }[] = [
  {
    key: 'dashboard',
    to: '/trainer',
    isCurrent: (path) =>
      path === '/trainer' ||
      (path.startsWith('/trainer/sessions/') && path !== '/trainer/sessions/new'),
  },
  {
    key: 'newSession',
    to: '/trainer/sessions/new',
    isCurrent: (path) => path === '/trainer/sessions/new',
  },
  { key: 'players', to: '/trainer/players', isCurrent: (path) => path === '/trainer/players' },
  // The support inbox is a section of the dashboard: one route less in every first page's JS.
  { key: 'support', to: '/trainer#support', isCurrent: () => false },
  {
    key: 'content',
    to: '/trainer/content',
    isCurrent: (path) => path === '/trainer/content' || path.startsWith('/trainer/content/'),
  },
];

/**
 * Unread support messages across every player and session, for the navigation's badge: the
 * players' threads of the inbox and the teams' threads of every session.
 */
const useSupportUnread = () =>
  [
    ...(useTrainerSupportThreads().data?.threads ?? []),
    ...(useTrainerSupportSessions().data ?? []),
  ].reduce((total, waiting) => total + waiting.unread, 0);

/**
 * The frame of every trainer screen: the console's navigation beside the screen (above it,
 * folded behind a Menu button, on a phone). The language switch and the logout are the app
 * header's, as on every other screen.
 */
export function TrainerShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('trainer');
  const localize = useLocalizedPath();
  const { path } = splitLocalePrefix(useLocation().pathname);
  const [open, setOpen] = useState(false);
  const unread = useSupportUnread();
  return (
    <div className={styles.shell}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <button
          type="button"
          className={styles.menu}
          aria-expanded={open}
          aria-controls="trainer-nav-list"
          onClick={() => setOpen((value) => !value)}
        >
          {t('nav.menu')}
          <UnreadBadge count={unread} label={t('nav.unread', { count: unread })} />
        </button>
        <ul id="trainer-nav-list" className={styles.list} data-open={open}>
          {navItems.map((item) => (
            <li key={item.key}>
              <Link
                to={localize(item.to)}
                className={styles.link}
                aria-current={item.isCurrent(path) ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {t(`nav.${item.key}`)}
                {item.key === 'support' && (
                  <UnreadBadge count={unread} label={t('nav.unread', { count: unread })} />
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
