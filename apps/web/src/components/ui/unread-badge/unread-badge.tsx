import styles from './unread-badge.module.css';

/**
 * How many messages wait unread: the number (99+ past 99) for the eye, and `label` ("3 unread
 * messages") for screen readers. Nothing when there are none.
 */
export function UnreadBadge({
  count,
  label,
  size = 'small',
  testId,
}: {
  count: number;
  label: string;
  size?: 'small' | 'large';
  testId?: string;
}) {
  if (count <= 0) return null;
  return (
    <>
      <span className={styles.badge} data-size={size} aria-hidden="true" data-testid={testId}>
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
