import type { ReactNode } from 'react';
import styles from './mission-disclosure.module.css';

/** A part of a mission shown on demand (native `<details>`: keyboard and screen readers for free). */
export function MissionDisclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
