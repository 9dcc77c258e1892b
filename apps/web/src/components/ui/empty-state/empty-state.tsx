import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  title: string;
  hint: string;
  /** A link or button that leads somewhere useful. */
  action?: ReactNode;
}

/** Nothing to list yet: says so, says why, and offers the way forward. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <svg className={styles.icon} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="4" y="7" width="24" height="18" rx="3" fill="none" stroke="currentColor" />
        <path d="M4 12h24M9 17h7M9 20.5h11" stroke="currentColor" strokeLinecap="round" />
        <circle cx="8" cy="9.5" r="0.9" fill="currentColor" />
        <circle cx="11" cy="9.5" r="0.9" fill="currentColor" />
      </svg>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        <p className={styles.hint}>{hint}</p>
      </div>
      {action}
    </div>
  );
}
