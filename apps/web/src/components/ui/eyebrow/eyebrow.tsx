import type { ReactNode } from 'react';
import styles from './eyebrow.module.css';

/** The small accent label above a screen's title ("Secure access", "Your identity"). */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className={styles.eyebrow}>{children}</p>;
}
