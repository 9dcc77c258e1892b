import styles from './loading-bar.module.css';

interface LoadingBarProps {
  active: boolean;
  /** Accessible name, already translated. */
  label: string;
}

/** The thin bar at the very top of the page (5 px, #BEDE47), shown only while loading. */
export function LoadingBar({ active, label }: LoadingBarProps) {
  if (!active) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      data-testid="loading-bar"
    />
  );
}
