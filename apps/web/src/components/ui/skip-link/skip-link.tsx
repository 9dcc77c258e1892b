import styles from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every layout: jumps over the header to the main landmark. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {label}
    </a>
  );
}
