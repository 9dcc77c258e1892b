import type { ReactNode } from 'react';
import styles from './login-page.module.css';

/** Information for the visitor about to log in (why they were logged out, a link being checked). */
export function LoginNotice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="status">
      {children}
    </p>
  );
}
