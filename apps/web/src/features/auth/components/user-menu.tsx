import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/locale';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import type { AuthSide } from '../app-auth';
import { useLogout } from '../hooks/use-auth-actions';
import { useCurrentUser } from '../hooks/use-current-user';
import styles from './user-menu.module.css';

/** The header's account button: who is logged in, their profile, log out (a disclosure). */
export function UserMenu({ side = 'player' }: { side?: AuthSide }) {
  const { t } = useTranslation('auth');
  const user = useCurrentUser(side);
  const logout = useLogout(side);
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [open]);

  if (!user) return null;

  const handleLogout = () => {
    if (logout.isPending) return;
    logout.mutate({}, { onError: () => toast.error(t('userMenu.logoutFailed')) });
  };

  return (
    <div ref={rootRef} className={styles.menu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('userMenu.open', { pseudo: user.pseudo })}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <AvatarImage id={user.avatarId} size={32} />
        <span className={styles.pseudo}>{user.pseudo}</span>
        <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.identity}>
          <span className={styles.caption}>{t('userMenu.signedInAs')}</span>
          <strong className={styles.name}>{user.pseudo}</strong>
          <span className={styles.username}>@{user.username}</span>
        </p>
        {side === 'player' && (
          <Link to={localize('/profile')} className={styles.item} onClick={() => setOpen(false)}>
            {t('userMenu.profile')}
          </Link>
        )}
        <button
          type="button"
          className={styles.item}
          onClick={handleLogout}
          aria-disabled={logout.isPending || undefined}
        >
          {logout.isPending ? t('userMenu.loggingOut') : t('userMenu.logout')}
        </button>
      </div>
    </div>
  );
}
