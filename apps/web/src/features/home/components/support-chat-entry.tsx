import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './support-chat-entry.module.css';

/**
 * Where the support chat will open (spec §1). Until it exists the button is announced as
 * unavailable, yet stays focusable (`aria-disabled`, not `disabled`) so that keyboard and screen
 * reader users find it and hear why it does nothing.
 */
export function SupportChatEntry({ className }: { className?: string }) {
  const { t } = useTranslation('content');
  const noteId = useId();
  return (
    <button
      type="button"
      className={[styles.entry, className].filter(Boolean).join(' ')}
      aria-disabled="true"
      aria-describedby={noteId}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <path
          d="M8.5 8.5h7M8.5 11.5h4.5"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.text}>
        <span className={styles.label}>{t('home.supportChat.label')}</span>
        <span id={noteId} className={styles.note}>
          {t('home.supportChat.soon')}
        </span>
      </span>
    </button>
  );
}
