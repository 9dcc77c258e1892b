import styles from './progress-meter.module.css';

interface ProgressMeterProps {
  /** The words that say it ("2/5 missions completed"): the bar only repeats them for the eye. */
  label: string;
  value: number;
  max: number;
}

export function ProgressMeter({ label, value, max }: ProgressMeterProps) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className={styles.progress}>
      <span className={styles.label}>{label}</span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
