import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { backgroundSound } from '../background-sound';
import styles from './sound-toggle.module.css';

/** Turns the background sound on or off (a toggle button); the choice is kept a year. */
export function SoundToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const on = useSyncExternalStore(backgroundSound.subscribe, backgroundSound.isOn, () => false);
  useEffect(() => backgroundSound.resumeOnFirstGesture(), []);

  const handleClick = () => {
    backgroundSound.setOn(!on).catch((error: unknown) => {
      console.error('Background sound failed', error);
      toast.error(t('sound.unavailable'));
    });
  };

  return (
    <button
      type="button"
      className={[styles.toggle, className].filter(Boolean).join(' ')}
      aria-pressed={on}
      aria-label={t('sound.label')}
      title={on ? t('sound.on') : t('sound.off')}
      onClick={handleClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4Z" fill="currentColor" />
        {on ? (
          <path
            d="M15.5 9a4.5 4.5 0 0 1 0 6M18 6.5a8 8 0 0 1 0 11"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="m16 9.5 5 5m0-5-5 5"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}
